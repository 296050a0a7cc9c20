import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { cardBehaviour, cardToken, clock, get, invoiceList, newMember, newOwner, sessionUser, subscribe, subscription } from './billing-kit'
import { users } from '~/server/db/schema'
import { eq } from 'drizzle-orm'

// Teams and billing when something goes wrong: the owner is mailed when a renewal fails, plan
// features come in the reader's language, a dearer plan is charged its prorated difference at
// once, a cheaper one waits for the period's end (and can be taken back), and an unpaid
// renewal must be settled with a card before the plan changes.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const patchPlan = (token: string, body: Record<string, unknown>) => s.api('PATCH', '/api/account/plan', { token, body })

describe('mail when payment fails', () => {
  test('a declined renewal mails the owner once, whatever the notification settings, with a link to billing', async () => {
    const owner = await newOwner(s, { name: 'Pat Payer' })
    await subscribe(s, owner, 'reader')
    const off = await s.api('PATCH', '/api/notification', { token: owner.token, body: { plan_updated: false, card_updated: false, new_signin: false } })
    expect(off.status).toBe(200)
    await cardBehaviour(s, owner, 'decline')
    await clock(s, owner, 31)
    const mails = (await s.outbox(owner.email)).filter((m) => m.subject === 'Your latest payment failed')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.links[0]).toMatch(/\/account\/billing$/)
    expect(mails[0]!.text).toContain('Pat Payer')
    // Still unpaid a few days later: no second mail.
    await clock(s, owner, 3)
    expect((await s.outbox(owner.email)).filter((m) => m.subject === 'Your latest payment failed')).toHaveLength(1)
  })

  test('a renewal needing authentication mails "You need to authorize your payment", in the owner’s language', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'club')
    await cardBehaviour(s, owner, 'authenticate')
    await clock(s, owner, 31)
    expect((await s.outbox(owner.email))[0]).toMatchObject({ subject: 'You need to authorize your payment' })

    const spanish = await newOwner(s)
    await s.deps.db.update(users).set({ locale: 'es' }).where(eq(users.id, spanish.userId))
    await subscribe(s, spanish, 'reader')
    await cardBehaviour(s, spanish, 'decline')
    await clock(s, spanish, 31)
    const [mail] = await s.outbox(spanish.email)
    expect(mail!.subject).toBe('Tu último pago ha fallado')
    expect(mail!.links[0]).toMatch(/\/account\/billing$/)
  })

  test('a paid renewal mails nothing about payment', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await clock(s, owner, 31)
    expect((await s.outbox(owner.email)).map((m) => m.subject)).not.toContain('Your latest payment failed')
  })
})

describe('plans in the reader’s language, and who owns the account', () => {
  test('Accept-Language: es answers the features in Spanish; en in English', async () => {
    const owner = await newOwner(s)
    const es = await s.api('GET', '/api/account/plans', { token: owner.token, lang: 'es' })
    const en = await s.api('GET', '/api/account/plans', { token: owner.token, lang: 'en' })
    const names = (res: typeof es, id: string) => res.body.data.plans.find((p: { id: string }) => p.id === id).features.map((f: { name: string }) => f.name)
    expect(names(en, 'club')).toContain('Team members')
    expect(names(es, 'club')).toContain('Miembros del equipo')
    expect(names(es, 'free')).toContain('URL personalizada')
    expect(names(es, 'reader')).not.toContain('Priority email support')
  })

  test('every member reads the owner’s name and email (for the read-only billing notice)', async () => {
    const owner = await newOwner(s, { name: 'Olga Owner' })
    const member = await newMember(s, owner.accountId, 'user')
    const data = await get(s, member, '/api/account/plans')
    expect(data.owner).toEqual({ name: 'Olga Owner', email: owner.email })
    // The billing record itself stays the owner's.
    expect((await s.api('GET', '/api/account/subscription', { token: member.token })).status).toBe(403)
    expect((await patchPlan(member.token, { plan: 'free' })).status).toBe(403)
  })
})

describe('plan changes', () => {
  test('to a dearer plan: the preview names the prorated amount, the change charges it at once as an invoice', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await clock(s, owner, 15)
    const before = await invoiceList(s, owner)
    const preview = await patchPlan(owner.token, { plan: 'club', preview: true })
    expect(preview.status).toBe(200)
    expect(preview.body.data.preview).toMatchObject({ plan: 'club', when: 'now', currency_symbol: '$' })
    const amount = preview.body.data.preview.amount
    // (12 − 5) × the half of the month still to run.
    expect(amount).toBeGreaterThan(3)
    expect(amount).toBeLessThan(4)
    // The preview changed nothing.
    expect((await sessionUser(s, owner)).plan).toBe('reader')
    expect(await invoiceList(s, owner)).toHaveLength(before.length)

    const res = await patchPlan(owner.token, { plan: 'club' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.plan).toBe('club')
    expect(res.body.message).toMatch(/^Your plan is now Book Club\. \$\d+\.\d\d was charged/)
    const after = await invoiceList(s, owner)
    expect(after).toHaveLength(before.length + 1)
    expect(after[0]).toMatchObject({ status: 'paid' })
    expect(after[0].total).toBeCloseTo(amount, 1)
    expect((await subscription(s, owner)).object).toMatchObject({ plan: 'club', seat_price: 1200, pending_plan: null })
  })

  test('a dearer change with a card that no longer pays is declined and changes nothing', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await cardBehaviour(s, owner, 'decline')
    const res = await patchPlan(owner.token, { plan: 'club' })
    expect(res.status).toBe(400)
    expect((await sessionUser(s, owner)).plan).toBe('reader')
    expect(await invoiceList(s, owner)).toHaveLength(1)
  })

  test('to a cheaper plan: at the period’s end, said so; keeping the current plan cancels it', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'club')
    const periodEnd = (await subscription(s, owner)).object.current_period_end
    const preview = await patchPlan(owner.token, { plan: 'reader', preview: true })
    expect(preview.body.data.preview).toMatchObject({ when: 'period_end', amount: 0, date: periodEnd })
    const res = await patchPlan(owner.token, { plan: 'reader' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`Your plan changes to Reader on ${periodEnd.slice(0, 10)}. You keep your current features until then.`)
    expect(res.body.data.plan).toBe('club')
    expect((await subscription(s, owner)).object).toMatchObject({ plan: 'club', pending_plan: 'reader', cancel_at_period_end: false })
    expect(await invoiceList(s, owner)).toHaveLength(1)

    const keep = await patchPlan(owner.token, { plan: 'club' })
    expect(keep.status).toBe(200)
    expect(keep.body.message).toBe('You keep your Book Club plan: the scheduled change is canceled')
    expect((await subscription(s, owner)).object.pending_plan).toBeNull()

    // Scheduled again, it takes over at the renewal, billed at its own price.
    await patchPlan(owner.token, { plan: 'reader' })
    await clock(s, owner, 31)
    expect((await subscription(s, owner)).object).toMatchObject({ plan: 'reader', pending_plan: null, seat_price: 500 })
    expect((await invoiceList(s, owner))[0]).toMatchObject({ total: 5, status: 'paid' })
    expect((await sessionUser(s, owner)).plan).toBe('reader')
  })

  test('keeping the plan also undoes a scheduled move to free', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await patchPlan(owner.token, { plan: 'free' })
    expect((await subscription(s, owner)).object.cancel_at_period_end).toBe(true)
    await patchPlan(owner.token, { plan: 'reader' })
    expect((await subscription(s, owner)).object.cancel_at_period_end).toBe(false)
  })

  test('while a renewal is unpaid, a change to another paid plan is 400: update the card first', async () => {
    for (const behaviour of ['decline', 'authenticate'] as const) {
      const owner = await newOwner(s)
      await subscribe(s, owner, 'reader')
      await cardBehaviour(s, owner, behaviour)
      await clock(s, owner, 31)
      const res = await patchPlan(owner.token, { plan: 'club' })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ inputError: 'plan' })
      expect(res.body.message).toMatch(/update your card first/)
      const es = await s.api('PATCH', '/api/account/plan', { token: owner.token, body: { plan: 'club' }, lang: 'es' })
      expect(es.body.message).toMatch(/actualiza primero tu tarjeta/)
      const upgrade = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'club', token: await cardToken(s) } })
      expect(upgrade.status).toBe(400)
      expect((await sessionUser(s, owner)).plan).toBe('reader')
    }
  })

  test('invoices stay readable after the move to free', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await patchPlan(owner.token, { plan: 'free' })
    await clock(s, owner, 31)
    expect((await sessionUser(s, owner)).plan).toBe('free')
    expect(await invoiceList(s, owner)).toHaveLength(1)
  })
})
