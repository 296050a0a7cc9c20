import { randomBytes } from 'node:crypto'

// Calls a server process over real HTTP, like a client would (harness.ts calls the app
// in-process instead). Every call has a deadline, so a hung server fails the test, not the run.

export interface Answer {
  status: number
  body: any
  headers: Headers
}

export type Call = (
  method: string,
  path: string,
  opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<Answer>

export function remoteApi(base: string, timeoutMs = 30_000) {
  const api: Call = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    const res = await fetch(base + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers }
  }

  /** Signs up, verifies through the dev outbox and picks the free plan; answers the token. */
  async function signUp(email = `reader.${randomBytes(4).toString('hex')}@example.com`, password = 'correct horse!') {
    const created = await api('POST', '/api/account', {
      body: { name: 'Reader', email, password, confirm_password: password },
    })
    if (created.status !== 200) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`)
    const mails = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)
    const verifyToken = new URL(mails.body.data[0].links[0]).searchParams.get('token')
    const verified = await api('POST', '/api/user/verify', {
      body: { token: verifyToken },
      token: created.body.data.token,
    })
    const token: string = verified.body.data.token
    const plan = await api('POST', '/api/account/plan', { body: { plan: 'free' }, token })
    if (plan.status !== 200)
      throw new Error(`choosing the free plan failed: ${plan.status} ${JSON.stringify(plan.body)}`)
    return { token, email, password }
  }

  return { api, signUp }
}
