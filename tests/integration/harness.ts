import { sql, type SQL } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createApp } from '~/server/app'
import { loadConfig } from '~/server/config'
import type { Deps } from '~/server/context'
import { createDeps } from '~/server/deps'
import { freshDatabase } from './fresh-database'

// The API under test runs in-process on a real database: in-memory PGlite by default, or a
// fresh database on the PostgreSQL server named by TEST_DATABASE_URL (the CI pass).

export interface TestServer {
  deps: Deps
  app: ReturnType<typeof createApp>
  /** Calls the API like a client: JSON body, optional bearer token and language. */
  api(method: string, path: string, opts?: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string>; peer?: string }): Promise<{ status: number; body: any; headers: Headers }>
  /** Mails sent to `to`, newest first (the dev outbox). */
  outbox(to: string): Promise<{ subject: string; text: string; html: string; links: string[] }[]>
  /** Signs up and verifies a user with the free plan; answers the session token and user. */
  signUp(opts?: { name?: string; email?: string; password?: string; verify?: boolean; plan?: string | null }): Promise<{ token: string; user: any; email: string; password: string }>
  /** Runs raw SQL on the server's database (to inspect it or to move time, e.g. expires_at). */
  query<T = Record<string, unknown>>(statement: SQL): Promise<T[]>
  /** Waits for the work answers do not wait for (sign-in notices are mailed in the background). */
  settled(): Promise<void>
  close(): Promise<void>
}

/**
 * The answer's text. An event stream (GET /api/sync/stream) never ends by itself: its first chunk
 * (the `ready` event) is read and the stream closed, so sweeps over every call do not hang on it.
 */
async function readAnswer(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) return res.text()
  const reader = res.body.getReader()
  const { value } = await reader.read()
  await reader.cancel()
  return value ? new TextDecoder().decode(value) : ''
}

/** The `token` query parameter of a mailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token')
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

export { sql }
export { freshDatabase }

/** The migrated cluster tests/setup/pglite-template.ts dumped for this run, for in-memory databases
 *  (read once per process; outside Vitest, e.g. the benches, there is none and PGlite runs initdb). */
let template: Blob | undefined
function pgliteTemplate(dataDir: string): Blob | undefined {
  const file = process.env.TBR_PGLITE_TEMPLATE
  if (!file || !dataDir.startsWith('memory://')) return undefined
  template ??= new Blob([readFileSync(file)])
  return template
}

export async function startTestServer(
  env: Record<string, string> = {},
  opts: Parameters<typeof createDeps>[1] = {},
): Promise<TestServer> {
  const adminUrl = process.env.TEST_DATABASE_URL
  const fresh = adminUrl ? await freshDatabase(adminUrl) : undefined
  const databaseUrl = fresh?.url
  const dropDb = fresh?.drop
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    AUTH_IP_LIMIT: '100000',
    APP_URL: 'http://localhost:3000',
    // Shedding load is the admission tests' subject (they set their own bound); elsewhere a busy
    // CI machine must not turn a test's burst of calls into 503s.
    API_QUEUE_WAIT_MS: '60000',
    // scrypt at N=2^12 instead of 2^17: the same code paths, without a second of both cores per
    // sign-up (the derivation limiter's own tests hold its turn; the bench measures the real cost).
    // Production refuses a cost below 17, so a production-mode test keeps the default.
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: '12' }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  })
  const deps = await createDeps(config, { pgliteTemplate: pgliteTemplate(config.DATA_DIR), ...opts })
  const app = createApp(deps)

  const api: TestServer['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    if (opts.lang) headers['accept-language'] = opts.lang
    const res = await app.request(
      path,
      {
        method,
        headers,
        body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      },
      // The caller is on this machine: what the server reads of the socket (the dev tools answer
      // loopback peers only, middleware/dev-only.ts); `peer` names another address.
      { incoming: { socket: { remoteAddress: opts.peer ?? '127.0.0.1', remotePort: 40000, remoteFamily: opts.peer?.includes(':') ? 'IPv6' : 'IPv4' } } },
    )
    const text = await readAnswer(res)
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers }
  }

  const outbox: TestServer['outbox'] = async (to) => {
    const res = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)
    return res.body.data
  }

  let counter = 0
  const signUp: TestServer['signUp'] = async (opts = {}) => {
    const email = opts.email ?? `reader${++counter}.${randomBytes(3).toString('hex')}@example.com`
    const password = opts.password ?? 'correct horse!'
    const res = await api('POST', '/api/account', { body: { name: opts.name ?? 'Reader', email, password, confirm_password: password } })
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`)
    let token: string = res.body.data.token
    let user = res.body.data
    if (opts.verify !== false) {
      const [mail] = await outbox(email)
      const verifyToken = new URL(mail!.links[0]!).searchParams.get('token')
      const v = await api('POST', '/api/user/verify', { body: { token: verifyToken }, token })
      token = v.body.data.token
      user = v.body.data
    }
    if (opts.plan !== null && opts.verify !== false) {
      await api('POST', '/api/account/plan', { body: { plan: opts.plan ?? 'free' }, token })
      user = (await api('GET', '/api/user', { token })).body.data
    }
    return { token, user, email, password }
  }

  const query: TestServer['query'] = async (statement) => {
    const result = (await deps.db.execute(statement)) as unknown as { rows: never[] }
    return result.rows
  }

  let closed = false
  return {
    deps,
    app,
    api,
    outbox,
    signUp,
    query,
    settled: () => deps.background.settled(),
    async close() {
      if (closed) return
      closed = true
      // Background work (sign-in notices) finishes before its database goes.
      await deps.background.settled()
      // A test may already have closed the database (GET /api/health 503).
      await deps.database.close().catch(() => {})
      await dropDb?.()
    },
  }
}
