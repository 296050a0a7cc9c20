// The server under load: the real entry point (src/server/index.ts through tsx's loader) in a child
// process with a fresh DATA_DIR, or a fresh database on a PostgreSQL server; readers and writers
// seeded through the API like any client would.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface RunningServer {
  url: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port
      probe.close(() => resolve(port))
    })
  })
}

/** Starts `tsx src/server/index.ts` and waits until GET /api/health answers 200. */
export async function startServer(opts: {
  databaseUrl?: string
  env?: Record<string, string>
}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'tbr-load-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses the local payment provider and an unsent mail log unless asked by name.
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_LOG: 'true',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_IP_LIMIT: '1000000',
      DATABASE_URL: opts.databaseUrl ?? '',
      ...opts.env,
    },
  })
  let exited = false
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (!exited) child.kill('SIGTERM')
    await exit
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 180_000 // startup only (tsx, migrations); a busy machine takes its time
  for (;;) {
    if (exited) throw new Error('the server exited before it answered /api/health')
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { url, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error('the server did not answer /api/health within 180 s')
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json().catch(() => null)) as { data?: any; message?: string } | null
    // Seeding runs before the load, but sign-ups may still meet the password limiter: wait as told.
    if ((res.status === 429 || res.status === 503) && attempt < 10) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000))
      continue
    }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json?.message ?? ''}`)
    return json!
  }
}

/** Signs up a reader (an account of their own) and answers the session token. */
export async function signUp(base: string, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${randomUUID().slice(0, 8)}@example.com`
  const password = 'load test password 1!'
  const res = await call(base, 'POST', '/api/account', { name, email, password, confirm_password: password })
  return res.data.token as string
}

/** A reader with a public list at `slug` holding `books` books. */
export async function seedReader(base: string, books: number): Promise<{ token: string; slug: string }> {
  const token = await signUp(base, 'Load Reader')
  const slug = `load-${randomBytes(4).toString('hex')}`
  await call(base, 'PATCH', '/api/url', { slug }, token)
  const mutations = Array.from({ length: books }, (_, i) => ({
    key: randomUUID(),
    kind: 'book.create',
    data: {
      id: randomUUID(),
      title: `Seeded book ${i + 1}`,
      author: `Author ${i % 17}`,
      rating: i % 3 === 0 ? null : 1 + (i % 5),
      review: i % 4 === 0 ? `A review of seeded book ${i + 1}, a little longer than its title.` : null,
    },
  }))
  const res = await call(base, 'POST', '/api/books/batch', { mutations }, token)
  const failed = (res.data as { status: number }[]).filter((r) => r.status >= 300)
  if (failed.length) throw new Error(`seeding: ${failed.length} of ${books} books refused`)
  return { token, slug }
}

/** The ids of every live book the token's account holds (GET /api/books). */
export async function bookIds(base: string, token: string): Promise<Set<string>> {
  const res = await call(base, 'GET', '/api/books', undefined, token)
  return new Set((res.data as { id: string }[]).map((b) => b.id))
}
