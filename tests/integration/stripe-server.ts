import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local server speaking Stripe's wire format (form-encoded requests, JSON objects and errors)
// for the calls the stripe provider makes, so the official SDK's requests are exercised without
// Stripe's servers. Objects are the recorded fixtures (tests/fixtures/stripe/) with their state
// changed. Stripe's own test PaymentMethods name the cards: pm_card_visa pays,
// pm_card_authenticationRequired needs 3-D Secure, pm_card_chargeDeclined is declined when
// attached, pm_card_chargeCustomerFail attaches but its charges fail.

type Obj = Record<string, any>
const fixture = (name: string): Obj => JSON.parse(readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), 'utf8'))
const rid = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

export interface FakeStripe {
  port: number
  /** Every request as `METHOD /path`, in order. */
  calls: string[]
  /** The last form body sent to a path. */
  bodies: Map<string, URLSearchParams>
  /** What stripe.js confirmCardPayment (or confirmCardSetup, for a `seti_` secret) does after the reader passes (or fails) the challenge. */
  authenticate(clientSecret: string, ok: boolean): void
  close(): Promise<void>
}

const CARDS: Record<string, { last4: string; behaviour: 'succeed' | 'authenticate' | 'decline' | 'charge_fails' }> = {
  pm_card_visa: { last4: '4242', behaviour: 'succeed' },
  pm_card_authenticationRequired: { last4: '3155', behaviour: 'authenticate' },
  pm_card_chargeDeclined: { last4: '0002', behaviour: 'decline' },
  // 4000 0000 0000 0341: attaching succeeds, charges fail.
  pm_card_chargeCustomerFail: { last4: '0341', behaviour: 'charge_fails' },
  // 4000 0027 6000 3184: every payment asks for 3-D Secure.
  pm_card_threeDSecure2Required: { last4: '3184', behaviour: 'authenticate' },
}

/** The card numbers Stripe.js (the browser's stand-in for it) may send, as the test cards above. */
const NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000002500003155': 'pm_card_authenticationRequired',
  '4000002760003184': 'pm_card_threeDSecure2Required',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000000341': 'pm_card_chargeCustomerFail',
}

export async function startFakeStripe(prices: Record<string, number>): Promise<FakeStripe> {
  const customers = new Map<string, Obj>()
  const methods = new Map<string, Obj>()
  const subs = new Map<string, Obj>()
  const invoices = new Map<string, Obj>()
  const intents = new Map<string, Obj>()
  const setups = new Map<string, Obj>()
  const calls: string[] = []
  const bodies = new Map<string, URLSearchParams>()

  // Stripe's test PaymentMethod names (pm_card_visa, …) make a new PaymentMethod each time they
  // are used, as in Stripe: `pm_<hex>`, remembered with the test card it stands for.
  const testCardOf = new Map<string, string>()
  const cardOf = (id: string) => CARDS[testCardOf.get(id) ?? id]
  const paymentMethod = (id: string): Obj => ({
    ...fixture('payment-method-card'),
    id,
    customer: null,
    card: { ...fixture('payment-method-card').card, last4: cardOf(id)!.last4 },
  })
  const attachTo = (pm: string, customer: string) => {
    const method = methods.get(pm) ?? paymentMethod(pm)
    method.customer = customer
    methods.set(pm, method)
  }
  const cardError = (res: ServerResponse) =>
    send(res, 402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } })
  const missing = (res: ServerResponse, id: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } })

  function invoiceFor(sub: Obj, paid: boolean): Obj {
    const item = sub.items.data[0]
    const inv = fixture('invoice-paid')
    inv.id = rid('in')
    const pi = rid('pi')
    const secret = `${pi}_secret_${randomBytes(8).toString('hex')}`
    intents.set(pi, { id: pi, object: 'payment_intent', status: paid ? 'succeeded' : 'requires_action', customer: sub.customer, client_secret: secret, invoice: inv.id })
    Object.assign(inv, {
      customer: sub.customer,
      number: `${sub.customer.slice(4, 12).toUpperCase()}-${String(invoices.size + 1).padStart(4, '0')}`,
      status: paid ? 'paid' : 'open',
      total: item.price.unit_amount * item.quantity,
      amount_due: item.price.unit_amount * item.quantity,
      amount_paid: paid ? item.price.unit_amount * item.quantity : 0,
      created: now(),
      confirmation_secret: { client_secret: secret, type: 'payment_intent' },
      status_transitions: { finalized_at: now(), marked_uncollectible_at: null, paid_at: paid ? now() : null, voided_at: null },
      parent: { quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id }, type: 'subscription_details' },
    })
    inv.lines.data[0] = {
      ...inv.lines.data[0],
      amount: inv.total,
      quantity: item.quantity,
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { price_details: { price: item.price.id, product: 'prod_test' }, type: 'price_details', unit_amount_decimal: String(item.price.unit_amount) },
    }
    invoices.set(inv.id, inv)
    return inv
  }

  function setItem(sub: Obj, price: string, quantity: number) {
    const item = sub.items.data[0]
    item.price = { ...item.price, id: price, unit_amount: prices[price] }
    item.plan = { ...item.plan, id: price, amount: prices[price] }
    item.quantity = quantity
  }

  /** `latest_invoice` expanded when asked (`expand[]=latest_invoice…`), else its id. */
  function view(sub: Obj, form: URLSearchParams | null, query: URLSearchParams) {
    const expand = [...(form?.entries() ?? []), ...query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v)
    const inv = invoices.get(sub.latest_invoice)
    return { ...sub, latest_invoice: expand.some((e) => e.startsWith('latest_invoice')) && inv ? inv : sub.latest_invoice }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, 'http://stripe.local')
    const text = await new Promise<string>((r) => {
      let b = ''
      req.on('data', (d) => (b += d))
      req.on('end', () => r(b))
    })
    const form = new URLSearchParams(text)
    const path = url.pathname
    calls.push(`${req.method} ${path}`)
    bodies.set(`${req.method} ${path}`, form)
    const seg = path.split('/').filter(Boolean) // ['v1', resource, id?, action?]
    const [, resource, id, action] = seg

    // What Stripe.js calls from the browser, with the publishable key (`key`): a card typed into
    // the card element becomes a PaymentMethod; an intent is read and authenticated only with its
    // client secret. `authenticate` stands in for the bank's 3-D Secure page.
    const browser = form.get('key') ?? url.searchParams.get('key')
    if (browser !== null) {
      if (!browser.startsWith('pk_')) return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
      if (resource === 'payment_methods' && req.method === 'POST' && !id) {
        const test = NUMBERS[(form.get('card[number]') ?? '').replace(/\s/g, '')]
        if (!test) return send(res, 402, { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } })
        const made = rid('pm')
        testCardOf.set(made, test)
        methods.set(made, paymentMethod(made))
        return send(res, 200, methods.get(made))
      }
      const intent = resource === 'payment_intents' ? intents.get(id!) : resource === 'setup_intents' ? setups.get(id!) : undefined
      const secret = form.get('client_secret') ?? url.searchParams.get('client_secret')
      if (!intent || !secret || intent.client_secret !== secret) return missing(res, id ?? path)
      if (req.method === 'POST' && action === 'authenticate' && intent.status === 'requires_action') {
        authenticate(secret, form.get('outcome') === 'succeed')
      }
      return send(res, 200, intent)
    }

    if (resource === 'customers' && req.method === 'POST' && !id) {
      const c = { id: rid('cus'), object: 'customer', name: form.get('name'), email: form.get('email'), metadata: { account_id: form.get('metadata[account_id]') } }
      customers.set(c.id, c)
      return send(res, 200, c)
    }
    if (resource === 'customers' && req.method === 'POST' && id) return customers.has(id) ? send(res, 200, customers.get(id)) : missing(res, id)
    if (resource === 'payment_methods' && id) {
      const card = cardOf(id)
      if (!card) return missing(res, id)
      let pm = methods.get(id)
      if (!pm) {
        const made = rid('pm')
        testCardOf.set(made, id)
        pm = paymentMethod(made)
        methods.set(made, pm)
      }
      if (action === 'attach') {
        if (card.behaviour === 'decline') return cardError(res)
        pm.customer = form.get('customer')
      }
      return send(res, 200, pm)
    }
    if (resource === 'setup_intents' && req.method === 'POST' && !id) {
      const pm = form.get('payment_method')!
      const card = cardOf(pm)
      if (!card) return missing(res, pm)
      if (card.behaviour === 'decline') return cardError(res)
      const seti = rid('seti')
      const setup: Obj = {
        id: seti,
        object: 'setup_intent',
        customer: form.get('customer'),
        payment_method: pm,
        usage: form.get('usage'),
        client_secret: `${seti}_secret_${randomBytes(8).toString('hex')}`,
        status: card.behaviour === 'authenticate' ? 'requires_action' : 'succeeded',
      }
      // A confirmed SetupIntent attaches its PaymentMethod to the customer.
      if (setup.status === 'succeeded') attachTo(pm, setup.customer)
      setups.set(seti, setup)
      return send(res, 200, setup)
    }
    if (resource === 'setup_intents' && id) return setups.has(id) ? send(res, 200, setups.get(id)) : missing(res, id)
    if (resource === 'payment_intents' && id) return intents.has(id) ? send(res, 200, intents.get(id)) : missing(res, id)
    if (resource === 'invoices' && id) return invoices.has(id) ? send(res, 200, invoices.get(id)) : missing(res, id)
    if (resource === 'subscriptions' && req.method === 'POST' && !id) {
      const pm = form.get('default_payment_method')!
      const sub = fixture('subscription-active')
      const start = now()
      Object.assign(sub, {
        id: rid('sub'),
        customer: form.get('customer'),
        default_payment_method: pm,
        metadata: { account_id: form.get('metadata[account_id]'), plan: form.get('metadata[plan]') },
        created: start,
        start_date: start,
      })
      sub.items.data[0] = { ...sub.items.data[0], id: rid('si'), current_period_start: start, current_period_end: start + 30 * 86400 }
      setItem(sub, form.get('items[0][price]')!, Number(form.get('items[0][quantity]') ?? 1))
      const behaviour = cardOf(pm)?.behaviour
      sub.status = behaviour === 'succeed' ? 'active' : 'incomplete'
      sub.latest_invoice = invoiceFor(sub, behaviour === 'succeed').id
      if (behaviour === 'charge_fails') intents.get(invoices.get(sub.latest_invoice)!.confirmation_secret.client_secret.split('_secret_')[0])!.status = 'requires_payment_method'
      subs.set(sub.id, sub)
      return send(res, 200, view(sub, form, url.searchParams))
    }
    if (resource === 'subscriptions' && id) {
      const sub = subs.get(id)
      if (!sub) return missing(res, id)
      if (req.method === 'DELETE') {
        sub.status = 'canceled'
        return send(res, 200, sub)
      }
      if (req.method === 'POST') {
        if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true'
        if (form.has('default_payment_method')) sub.default_payment_method = form.get('default_payment_method')
        if (form.has('items[0][price]')) {
          const item = sub.items.data[0]
          const price = form.get('items[0][price]')!
          const quantity = Number(form.get('items[0][quantity]') ?? 1)
          // proration_behavior=always_invoice: the difference for the rest of the period is
          // invoiced and charged now, as Stripe does (unused time of the old price credited);
          // with error_if_incomplete a card that does not pay fails the update, changing nothing.
          const diff = prices[price]! * quantity - item.price.unit_amount * item.quantity
          const prorate = form.get('proration_behavior') === 'always_invoice' && diff > 0
          const card = cardOf(form.get('default_payment_method') ?? sub.default_payment_method)
          if (prorate && card?.behaviour !== 'succeed' && form.get('payment_behavior') === 'error_if_incomplete') return cardError(res)
          setItem(sub, price, quantity)
          if (prorate) {
            const left = (item.current_period_end - now()) / (item.current_period_end - item.current_period_start)
            const inv = invoiceFor(sub, card?.behaviour === 'succeed')
            const amount = Math.round(diff * Math.min(1, Math.max(0, left)))
            Object.assign(inv, { total: amount, amount_due: amount, amount_paid: inv.status === 'paid' ? amount : 0, billing_reason: 'subscription_update' })
            inv.lines.data[0] = { ...inv.lines.data[0], amount }
            sub.latest_invoice = inv.id
          }
        }
      }
      return send(res, 200, view(sub, form, url.searchParams))
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } })
  }

  /** The bank's answer to 3-D Secure for a PaymentIntent or SetupIntent's client secret. */
  function authenticate(clientSecret: string, ok: boolean) {
    const setup = setups.get(clientSecret.split('_secret_')[0]!)
    if (setup) {
      setup.status = ok ? 'succeeded' : 'requires_payment_method'
      if (ok) attachTo(setup.payment_method, setup.customer)
      return
    }
    const intent = intents.get(clientSecret.split('_secret_')[0]!)!
    intent.status = ok ? 'succeeded' : 'requires_payment_method'
    if (!ok) return
    const inv = invoices.get(intent.invoice)!
    Object.assign(inv, { status: 'paid', amount_paid: inv.total, status_transitions: { ...inv.status_transitions, paid_at: now() } })
    for (const sub of subs.values()) if (sub.latest_invoice === inv.id) sub.status = 'active'
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { type: 'api_error', message: String(err) } }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    bodies,
    authenticate,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  // Stripe's API answers any origin (Stripe.js calls it from the shop's pages).
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req'), 'access-control-allow-origin': '*' })
  res.end(JSON.stringify(body))
}
