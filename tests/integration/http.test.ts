import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'

// Cross-cutting HTTP behaviour of the API: security headers, JSON errors, body limit, language
// and the dev outbox.

let s: TestServer
let token: string
beforeAll(async () => {
  s = await startTestServer({ BODY_LIMIT_KB: '64' })
  token = (await s.signUp({ email: 'h@example.com', verify: false, plan: null })).token
})
afterAll(() => s.close())

function cspDirectives(res: { headers: Headers }) {
  const csp = res.headers.get('content-security-policy')
  expect(csp).toBeTruthy()
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

function expectSecurityHeaders(res: { headers: Headers }, what: string) {
  const csp = cspDirectives(res)
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src')
  expect(scriptSrc, what).toBeTruthy()
  expect(scriptSrc, what).not.toContain("'unsafe-inline'")
  expect(scriptSrc, what).not.toContain("'unsafe-eval'")
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"])
  expect(csp.get('object-src'), what).toEqual(["'none'"])
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('x-frame-options'), what).toBe('SAMEORIGIN')
}

describe('security headers', () => {
  test('are on every response: success, 400, 401, 404, 413, invalid JSON, non-API paths', async () => {
    const responses = {
      health: await s.api('GET', '/api/health'),
      ok: await s.api('GET', '/api/user', { token }),
      unauthorized: await s.api('GET', '/api/user'),
      notFound: await s.api('GET', '/api/nope'),
      badInput: await s.api('POST', '/api/auth', { body: {} }),
      badJson: await s.api('POST', '/api/auth', { body: '{oops' }),
      tooLarge: await s.api('POST', '/api/auth', {
        body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70_000) }),
      }),
      page: await s.api('GET', '/some/page'),
    }
    expect(responses.ok.status).toBe(200)
    expect(responses.tooLarge.status).toBe(413)
    for (const [what, res] of Object.entries(responses)) expectSecurityHeaders(res, what)
  })

  test('API answers are JSON and never cached', async () => {
    for (const res of [
      await s.api('GET', '/api/user', { token }),
      await s.api('GET', '/api/user'),
      await s.api('GET', '/api/nope'),
    ]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  test('outside production there is no HSTS header (the local server is plain http)', async () => {
    expect((await s.api('GET', '/api/health')).headers.get('strict-transport-security')).toBe(null)
  })
})

describe('request errors', () => {
  test('unknown /api paths are JSON 404, in the language asked for', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/user/nothing/else'],
      ['GET', '/api'],
    ]) {
      const res = await s.api(method!, path!)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body, `${method} ${path}`).toEqual({ message: 'Not found' })
    }
    expect((await s.api('GET', '/api/nothing', { lang: 'es' })).body).toEqual({ message: 'No encontrado' })
  })

  test('a method a known path does not support is 405 with Allow', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/health', 'GET'],
      // `/api/user/{id}` is a member (DELETE removes one): other methods are not supported there.
      ['POST', '/api/user/nothing', 'DELETE'],
    ]) {
      const res = await s.api(method!, path!)
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow)
      expect(res.body).toEqual({ message: 'This call does not support that method' })
    }
  })

  test('invalid JSON is 400 with a message, not 500', async () => {
    for (const body of ['{oops', '{"email":', 'undefined', "{'a':1}"]) {
      const res = await s.api('POST', '/api/auth', { body })
      expect(res.status, body).toBe(400)
      expect(res.body, body).toEqual({ message: 'The request body is not valid JSON' })
    }
    const es = await s.api('PATCH', '/api/user', { body: '{oops', token, lang: 'es' })
    expect(es.status).toBe(400)
    expect(es.body).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido' })
  })

  test('JSON that is not an object is 400, not 500', async () => {
    for (const body of ['null', '[]', '42', '"text"', 'true']) {
      const res = await s.api('POST', '/api/auth', { body })
      expect(res.status, body).toBe(400)
      expect(typeof res.body.message, body).toBe('string')
    }
    for (const body of ['null', '[]', '"x"']) {
      const res = await s.api('PATCH', '/api/user', { body, token })
      expect(res.status, body).toBe(400)
    }
  })

  test('a body over the limit is 413 JSON, whether or not it declares its length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(70_000) })
    const chunked = await s.api('PATCH', '/api/user', { body: big, token })
    expect(chunked.status).toBe(413)
    expect(chunked.body).toEqual({ message: 'The request is too large' })
    const declared = await s.api('POST', '/api/account', {
      body: big,
      headers: { 'content-length': String(big.length) },
      lang: 'es',
    })
    expect(declared.status).toBe(413)
    expect(declared.body).toEqual({ message: 'La solicitud es demasiado grande' })
    // Just under the limit is read (and then judged on its content).
    const under = await s.api('PATCH', '/api/user', { body: JSON.stringify({ name: 'x'.repeat(60_000) }), token })
    expect(under.status).toBe(400)
    expect(under.body.inputError).toBe('name')
  })
})

test('over a real connection, an oversized body gets its 413 and the connection serves the next request', async () => {
  // Before: 413 went out with most of the body unread and the connection closed, so the kernel
  // reset it and a client still sending lost the answer ("other side closed").
  const server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const big = JSON.stringify({ name: 'x'.repeat(900_000) }) // 14× the 64 KB limit
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/user`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: big,
      })
      expect(res.status).toBe(413)
      expect(await res.json()).toEqual({ message: 'The request is too large' })
      expect(res.headers.get('connection')).not.toBe('close')
      const next = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } })
      expect(next.status).toBe(200)
    }
  } finally {
    ;(server as Server).closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

describe('Accept-Language', () => {
  test.each([
    ['es', 'Inicia sesión para continuar'],
    ['es-MX', 'Inicia sesión para continuar'],
    ['fr-FR, es;q=0.8, en;q=0.5', 'Inicia sesión para continuar'],
    ['en-GB,en;q=0.9', 'Please sign in to continue'],
    ['de', 'Please sign in to continue'],
    ['', 'Please sign in to continue'],
  ])('%j answers %j', async (lang, message) => {
    const res = await s.api('GET', '/api/user', { headers: { 'accept-language': lang } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message })
  })
})

describe('GET /api/dev/outbox (outbox in use, not production)', () => {
  test('answers the mails to an address, newest first, with absolute links', async () => {
    await s.api('POST', '/api/auth/magic', { body: { email: 'h@example.com' } })
    const res = await s.api('GET', '/api/dev/outbox?to=H@EXAMPLE.COM')
    expect(res.status).toBe(200)
    const mails = res.body.data
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Your sign-in link', 'Verify your email address'])
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(['created_at', 'html', 'links', 'subject', 'text', 'to'])
      expect(mail.to).toBe('h@example.com')
      expect(new Date(mail.created_at).toISOString()).toBe(mail.created_at)
      for (const link of mail.links) expect(new URL(link).origin).toBe('http://localhost:3000')
    }
    expect(Date.parse(mails[0].created_at)).toBeGreaterThanOrEqual(Date.parse(mails[1].created_at))
    expect((await s.api('GET', '/api/dev/outbox?to=nobody@example.com')).body).toEqual({ data: [] })
  })

  test('without ?to it is 400 naming the parameter', async () => {
    const res = await s.api('GET', '/api/dev/outbox')
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('to')
  })
})
