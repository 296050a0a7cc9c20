import type { PDFFont } from 'pdf-lib'
import type { Locale } from '~/shared/schemas/common'
import { translate, type MessageKey } from '../../messages'
import type { InvoiceRow } from './records'

// Invoices are real documents: a one-page PDF made with pdf-lib (pure JS) from
// the invoice row, with the account name, plan, period, seats, amounts and currency, in the
// reader's language.

const day = (d: Date) => d.toISOString().slice(0, 10)

/** Minor units as `$12.00`. */
const money = (minor: number, symbol: string) => `${symbol}${(minor / 100).toFixed(2)}`

export async function invoicePdf(row: InvoiceRow, o: { accountName: string; locale: Locale; symbol: string }): Promise<Uint8Array> {
  // Loaded on the first invoice asked for, not with the server (a quarter of a second of start-up).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  const tr = (key: MessageKey) => translate(o.locale, key)
  doc.setTitle(`${tr('pdf.title')} ${row.number}`)
  doc.setProducer('TBR')
  doc.setCreationDate(row.issuedAt)
  const page = doc.addPage([595.28, 841.89]) // A4
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const ink = rgb(0.06, 0.09, 0.16)
  const muted = rgb(0.28, 0.33, 0.41)
  const write = (text: string, x: number, y: number, font: PDFFont = regular, size = 11, color = ink) =>
    page.drawText(encodable(font, text), { x, y, size, font, color })

  write('TBR', 50, 780, bold, 22, rgb(0.26, 0.22, 0.79))
  write(tr('pdf.title'), 50, 745, bold, 18)
  const status = tr(`pdf.status.${row.status}` as MessageKey)
  const head: [MessageKey, string][] = [
    ['pdf.number', row.number],
    ['pdf.date', day(row.issuedAt)],
    ['pdf.status', status],
    ['pdf.account', o.accountName],
  ]
  let y = 710
  for (const [label, value] of head) {
    write(tr(label), 50, y, regular, 10, muted)
    write(value, 180, y, bold, 11)
    y -= 20
  }

  y -= 20
  const cols = [50, 230, 360, 420, 500]
  const headers: MessageKey[] = ['pdf.plan', 'pdf.period', 'pdf.seats', 'pdf.seat_price', 'pdf.total']
  headers.forEach((h, i) => write(tr(h), cols[i]!, y, bold, 10, muted))
  page.drawLine({ start: { x: 50, y: y - 6 }, end: { x: 545, y: y - 6 }, thickness: 0.5, color: muted })
  y -= 24
  const line = [
    row.planName,
    `${day(row.periodStart)} – ${day(row.periodEnd)}`,
    String(row.seats),
    money(row.seatPrice, o.symbol),
    money(row.total, o.symbol),
  ]
  line.forEach((v, i) => write(v, cols[i]!, y, regular, i === 1 ? 9 : 11))
  y -= 40
  write(tr('pdf.total'), 360, y, bold, 13)
  write(money(row.total, o.symbol), 500, y, bold, 13)
  y -= 20
  write(`${tr('pdf.currency')}: ${row.currency.toUpperCase()}`, 360, y, regular, 10, muted)
  return doc.save()
}

/** The standard fonts cover WinAnsi only: any other character (an emoji in a name) prints as '?'. */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  return [...text].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?')).join('')
}
