// The browser benchmark's server and readers: the production server (`npm start`'s entry) on a
// fresh data directory, readers signed up through the API (the dev outbox gives the link), and
// books seeded through POST /api/books/batch. Seeding through the API (not into Dexie) keeps the
// server and the device in the state a real reader reaches: the rows carry server versions and
// positions, and the browser fills Dexie with its own first pull, exactly as after a sign-in.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BATCH_MAX } from '~/shared/sync/protocol'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface BenchServer {
  url: string
  close(): Promise<void>
}

export async function startServer(port: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tbr-bench-'))
  const url = `http://localhost:${port}`
  const child: ChildProcess = spawn('node', ['src/server/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      AUTH_IP_LIMIT: '100000',
      APP_URL: url,
      LOG_LEVEL: 'error',
      API_QUEUE_WAIT_MS: '60000',
      PASSWORD_HASH_COST: '12',
    },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode != null) throw new Error(`the server exited (${child.exitCode}); is the build there?`)
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error('the server did not start in 180 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    async close() {
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
  return text ? JSON.parse(text) : null
}

/** A verified reader on the free plan; answers the session token. */
export async function newReader(base: string, name: string): Promise<string> {
  const email = `bench-${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  await call(base, 'POST', '/api/account', { name: 'Bench Reader', email, password: 'Shelf-life1!' })
  let link: string | undefined
  for (let i = 0; i < 200 && !link; i++) {
    const out = await call(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)
    link = (out.data as { links: string[] }[])
      .flatMap((m) => m.links)
      .find((l) => new URL(l).pathname === '/signup/verify')
    if (!link) await new Promise((r) => setTimeout(r, 100))
  }
  if (!link) throw new Error('no sign-up link was mailed')
  const verified = await call(base, 'POST', '/api/user/verify', { token: new URL(link).searchParams.get('token') })
  const token = verified.data.token as string
  await call(base, 'POST', '/api/account/plan', { plan: 'free' }, token)
  return token
}

const FIRST = ['Ana', 'Bruno', 'Clara', 'Diego', 'Elena', 'Félix', 'Gloria', 'Hugo', 'Inés', 'Jorge', 'Lucía']
const LAST = ['García', 'Márquez', 'Lovelace', 'Turing', 'Hopper', 'Austen', 'Borges', 'Woolf', 'Calvino']
const WORDS = ['river', 'silent', 'garden', 'winter', 'shadow', 'island', 'letters', 'night', 'house', 'atlas']

/** Book `i` of the seed: titles and authors varied enough that a search narrows letter by letter. */
export function seedBook(i: number) {
  return {
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${i}`,
    author: `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]}`,
    rating: (i % 5) + 1,
    review: i % 3 ? null : `A review of book ${i}, a little longer than its title.`,
  }
}

/** Adds books `from`..`to - 1` of the seed to the reader's account, a full batch per call. */
export async function seedBooks(base: string, token: string, from: number, to: number) {
  for (let start = from; start < to; start += BATCH_MAX) {
    const mutations = []
    for (let i = start; i < Math.min(to, start + BATCH_MAX); i++)
      mutations.push({ key: crypto.randomUUID(), kind: 'book.create', data: seedBook(i) })
    await call(base, 'POST', '/api/books/batch', { mutations }, token)
  }
}

/** The seed's books a search for `query` finds (the app's rule: every word, case and accents folded). */
export function expectedMatches(count: number, query: string): number {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const words = fold(query).split(/\s+/).filter(Boolean)
  let n = 0
  for (let i = 0; i < count; i++) {
    const b = seedBook(i)
    const hay = fold(`${b.title} ${b.author}`)
    if (words.every((w) => hay.includes(w))) n++
  }
  return n
}

export { call }
