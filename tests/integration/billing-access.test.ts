import { createServer, type AddressInfo } from 'node:net'
import { inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { cardToken, invoiceList, newMember, newOwner, sessionUser, subscribe, subscription, type Person } from './billing-kit'

// Who may call billing (the owner flag, so master and owner), tenant isolation of
// invoices and their PDFs, exactly-once paying calls with Idempotency-Key, and mails that never
// fail a payment.

let s: TestServer
let owner: Person
beforeAll(async () => {
  s = await startTestServer()
  owner = await newOwner(s, { name: 'Ledger Reading Club' })
  await subscribe(s, owner, 'club')
})
afterAll(() => s.close())

const OWNER_CALLS: [string, string, unknown?][] = [
  ['POST', '/api/account/plan', { plan: 'free' }],
  ['PATCH', '/api/account/plan', { plan: 'free' }],
  ['POST', '/api/account/upgrade', { plan: 'club', token: 'tok_x' }],
  ['GET', '/api/account/card'],
  ['PATCH', '/api/account/card', { token: 'tok_x' }],
  ['GET', '/api/account/invoice'],
  ['GET', '/api/account/subscription'],
  ['POST', '/api/dev/clock', { days: 1 }],
  ['POST', '/api/dev/card', { behaviour: 'decline' }],
  ['POST', '/api/dev/status', { status: 'past_due' }],
]

describe('roles', () => {
  test.each(['admin', 'developer', 'user'])('a member with the %s role gets 403 from every billing call, and nothing changes', async (role) => {
    const member = await newMember(s, owner.accountId, role)
    for (const [method, path, body] of OWNER_CALLS) {
      const res = await s.api(method, path, { token: member.token, body })
      expect(res.status, `${method} ${path}`).toBe(403)
    }
    const [invoice] = await invoiceList(s, owner)
    expect((await s.api('GET', invoice.invoice_pdf, { token: member.token })).status).toBe(403)
    expect((await s.api('GET', '/api/account/plans', { token: member.token })).status).toBe(200)
    expect((await subscription(s, owner)).object.cancel_at_period_end).toBe(false)
  })

  test('without a session every billing call is 401', async () => {
    for (const [method, path, body] of OWNER_CALLS) {
      expect((await s.api(method, path, { body })).status, `${method} ${path}`).toBe(401)
    }
    expect((await s.api('GET', '/api/account/plans')).status).toBe(401)
  })

  test('a master member may use billing', async () => {
    const master = await newMember(s, owner.accountId, 'master')
    expect((await s.api('GET', '/api/account/subscription', { token: master.token })).status).toBe(200)
    expect((await s.api('GET', '/api/account/card', { token: master.token })).body.data.last4).toBe('4242')
  })
})

describe('invoices', () => {
  test('the PDF is behind the owner token: a real PDF naming the account, plan, period, seats, amounts and currency', async () => {
    const [invoice] = await invoiceList(s, owner)
    const res = await s.app.request(invoice.invoice_pdf, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="invoice-${invoice.number}.pdf"`)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    // pdf-lib deflates its content streams and writes text in the standard fonts as hex strings.
    const text = pdfText(bytes)
    const sub = (await subscription(s, owner)).object
    for (const shown of ['Ledger Reading Club', 'Book Club', invoice.number, '$12.00', 'Currency: USD', sub.current_period_start.slice(0, 10)]) {
      expect(text, shown).toContain(`<${Buffer.from(shown, 'latin1').toString('hex').toUpperCase()}>`)
    }
    expect((await s.api('GET', invoice.invoice_pdf)).status).toBe(401)
  })

  test("another account's invoice and its PDF are 404, like an unknown one", async () => {
    const other = await newOwner(s)
    await subscribe(s, other, 'reader')
    const [theirs] = await invoiceList(s, other)
    const res = await s.api('GET', theirs.invoice_pdf, { token: owner.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found' })
    expect((await s.api('GET', '/api/account/invoice/in_unknown/pdf', { token: owner.token })).status).toBe(404)
    expect((await invoiceList(s, owner)).map((i: { id: string }) => i.id)).not.toContain(theirs.id)
  })
})

describe('Idempotency-Key', () => {
  test('a replayed payment answers as the first did and charges once; the key with another body is 422', async () => {
    const p = await newOwner(s)
    const body = { plan: 'club', token: await cardToken(s) }
    const headers = { 'idempotency-key': 'upgrade-1' }
    const first = await s.api('POST', '/api/account/upgrade', { token: p.token, body, headers })
    expect(first.status).toBe(200)
    const replay = await s.api('POST', '/api/account/upgrade', { token: p.token, body, headers })
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expect(await invoiceList(s, p)).toHaveLength(1)
    const other = await s.api('POST', '/api/account/upgrade', { token: p.token, body: { ...body, plan: 'reader' }, headers })
    expect(other.status).toBe(422)
    expect((await subscription(s, p)).object.plan).toBe('club')
  })

  test('a replayed decline answers the same decline; a new key may try again', async () => {
    const p = await newOwner(s)
    const body = { plan: 'reader', token: await cardToken(s, '4000000000000002') }
    const first = await s.api('POST', '/api/account/upgrade', { token: p.token, body, headers: { 'idempotency-key': 'd-1' } })
    const replay = await s.api('POST', '/api/account/upgrade', { token: p.token, body, headers: { 'idempotency-key': 'd-1' } })
    expect([first.status, replay.status]).toEqual([400, 400])
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const fresh = await s.api('POST', '/api/account/upgrade', { token: p.token, body: { plan: 'reader', token: await cardToken(s) }, headers: { 'idempotency-key': 'd-2' } })
    expect(fresh.status).toBe(200)
  })

  test('concurrent replays of one key charge once', async () => {
    const p = await newOwner(s)
    const body = { plan: 'reader', token: await cardToken(s) }
    const headers = { 'idempotency-key': 'race-1' }
    const answers = await Promise.all([1, 2, 3].map(() => s.api('POST', '/api/account/upgrade', { token: p.token, body, headers })))
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const a of answers) expect([200, 409]).toContain(a.status)
    expect(await invoiceList(s, p)).toHaveLength(1)
  })

  test('a body with text that cannot be stored is 400 before anything is kept under the key', async () => {
    const p = await newOwner(s)
    const body = '{"token":"tok_x","x\\udfffy":1}'
    const headers = { 'idempotency-key': 'broken-text' }
    const res = await s.api('PATCH', '/api/account/card', { token: p.token, body, headers })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('x\udfffy')
    const fine = await s.api('PATCH', '/api/account/card', { token: p.token, body: { token: await cardToken(s) }, headers })
    expect(fine.status).toBe(200)
  })

  test('a key of another account is its own', async () => {
    const a = await newOwner(s)
    const b = await newOwner(s)
    const headers = { 'idempotency-key': 'shared-key' }
    expect((await s.api('POST', '/api/account/upgrade', { token: a.token, body: { plan: 'reader', token: await cardToken(s) }, headers })).status).toBe(200)
    const res = await s.api('POST', '/api/account/upgrade', { token: b.token, body: { plan: 'club', token: await cardToken(s) }, headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('idempotent-replayed')).toBe(null)
    expect((await subscription(s, b)).object.plan).toBe('club')
  })
})

describe('mails', () => {
  test('card_updated respects the notification setting', async () => {
    const p = await newOwner(s)
    await subscribe(s, p, 'reader')
    await s.api('PATCH', '/api/notification', { token: p.token, body: { card_updated: false } })
    expect((await s.api('PATCH', '/api/account/card', { token: p.token, body: { token: await cardToken(s) } })).status).toBe(200)
    expect((await s.outbox(p.email)).map((m) => m.subject)).not.toContain('Your TBR card has changed')
  })

  test('a mail server that fails never fails the payment', async () => {
    // A port nothing listens on: every mail is refused at once.
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const broken = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` })
    try {
      const p = await newOwner(broken)
      await subscribe(broken, p, 'reader')
      const res = await broken.api('PATCH', '/api/account/card', { token: p.token, body: { token: await cardToken(broken) } })
      expect(res.status).toBe(200)
      const change = await broken.api('PATCH', '/api/account/plan', { token: p.token, body: { plan: 'club' } })
      expect(change.status).toBe(200)
      expect((await sessionUser(broken, p)).plan).toBe('club')
    } finally {
      await broken.close()
    }
    // It starts a server of its own: on a busy machine that alone can take longer than 30 s.
  }, 180_000)
})

describe('the development status call', () => {
  test('puts a paying account in any status, which the session and the plan rules then see; nothing to change on free; a bad status is 400', async () => {
    const free = await newOwner(s, { name: 'Free Reader' })
    const none = await s.api('POST', '/api/dev/status', { token: free.token, body: { status: 'trialing' } })
    expect(none.status).toBe(404)
    expect(none.body.message).toBe('There is no paid subscription to change')

    const payer = await newOwner(s, { name: 'Trial Club' })
    await subscribe(s, payer, 'club')
    const bad = await s.api('POST', '/api/dev/status', { token: payer.token, body: { status: 'unpaid' } })
    expect(bad.status).toBe(400)
    expect(bad.body.inputError).toBe('status')

    for (const status of ['trialing', 'requires_payment_method'] as const) {
      const res = await s.api('POST', '/api/dev/status', { token: payer.token, body: { status } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect((await sessionUser(s, payer)).subscription).toBe(status)
      expect((await subscription(s, payer)).status).toBe(status)
    }
    // Held like past_due: no change to another paid plan until the card is updated.
    const change = await s.api('PATCH', '/api/account/plan', { token: payer.token, body: { plan: 'reader' } })
    expect(change.status).toBe(400)
    expect(change.body.message).toMatch(/update your card first/)
  })
})

/** The PDF's bytes with every deflated stream inflated. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const parts = [raw]
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length
    const end = raw.indexOf('endstream', start)
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'))
    } catch {
      /* not deflated */
    }
  }
  return parts.join('\n')
}
