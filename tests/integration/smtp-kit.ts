import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A local SMTP server on a free loopback port that keeps what it receives (with
// SMTP_URL, mail is sent over SMTP), and a small reader of what nodemailer sends.

export interface Received {
  envelopeTo: string[]
  headers: Map<string, string>
  text: string
  html: string
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string
  /** Mails received for `address`, oldest first. */
  mailsTo(address: string): Received[]
  close(): Promise<void>
}

/** `delayMs`: how long the server takes to accept each mail (a slow mail server). */
export async function startSmtpInbox(opts: { delayMs?: number } = {}): Promise<SmtpInbox> {
  const inbox: Received[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        inbox.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parseMail(Buffer.concat(chunks).toString('latin1')) })
        setTimeout(() => callback(), opts.delayMs ?? 0)
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  let closed = false
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailsTo: (address) => inbox.filter((m) => m.envelopeTo.includes(address)),
    close: () =>
      closed
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            closed = true
            smtp.close(() => resolve())
          }),
  }
}

// --- a small RFC 5322 / MIME reader, enough for nodemailer's output ---

function parseMail(raw: string): Omit<Received, 'envelopeTo'> {
  const { headers, body } = splitHeaders(raw)
  const out = { headers, text: '', html: '' }
  collectParts(headers, body, out)
  return out
}

function splitHeaders(raw: string) {
  const at = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':')
    headers.set(line.slice(0, i).trim().toLowerCase(), decodeWords(line.slice(i + 1).trim()))
  }
  return { headers, body: raw.slice(at + 4) }
}

function collectParts(headers: Map<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1]
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break
      const sub = splitHeaders(part.replace(/^\r\n/, ''))
      collectParts(sub.headers, sub.body, out)
    }
    return
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          )
        : Buffer.from(body, 'latin1')
  const text = bytes.toString('utf8').trim()
  if (type.startsWith('text/html')) out.html = text
  else if (type.startsWith('text/plain')) out.text = text
}

function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
}
