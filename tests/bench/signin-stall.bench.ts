// Sign-ins must not stall everyone else (decision 27): node_modules/.bin/tsx tests/bench/signin-stall.bench.ts
// The real server (tsx src/server/index.ts, PGlite) in a child process. A plain read, GET /api/books
// of 50 books over ONE keep-alive connection, one request after another: first idle, then while 20
// sign-ins of unknown emails are in flight (each scrypt N=2^17: ~0.3–1 s of a core). Two kinds of
// signer: polite ones wait the Retry-After of a 429 before trying again (browsers, our client);
// impatient ones try again at once (a script). Prints p50/p99 of the read in each phase and the
// ratio of p99 under sign-ins to p99 idle (target: below 2). Figures only, nothing asserted; this
// machine's 2 cores are shared with the load generator and anything else running.
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { seedReader, startServer } from '../load/server'

const READS = Number(process.env.BENCH_READS ?? 400)
const SIGNERS = 20

const server = await startServer({})
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const { hostname, port } = new URL(server.url)

function get(path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, hostname, port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

async function reads(token: string) {
  const ms: number[] = []
  const statuses: Record<number, number> = {}
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now()
    const status = await get('/api/books', token)
    ms.push(performance.now() - t0)
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  ms.sort((a, b) => a - b)
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!
  return { p50: pct(0.5), p99: pct(0.99), max: ms.at(-1)!, statuses }
}

/**
 * SIGNERS loops of sign-ins with unknown emails, in a worker thread (its own event loop, so the
 * reads' timings are the server's, not this process's), until stopped; answers the statuses.
 */
function signers(polite: boolean) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
    const { url, polite, signers } = workerData
    const answers = {}
    let stop = false
    parentPort.on('message', () => (stop = true))
    const loop = async () => {
      while (!stop) {
        const res = await fetch(url + '/api/auth', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody.' + crypto.randomUUID() + '@example.com', password: 'not the password 1!' }),
        })
        await res.arrayBuffer()
        answers[res.status] = (answers[res.status] ?? 0) + 1
        if (polite && res.status === 429)
          await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000))
      }
    }
    Promise.all(Array.from({ length: signers }, loop)).then(() => parentPort.postMessage(answers))`,
    { eval: true, workerData: { url: server.url, polite, signers: SIGNERS } },
  )
  return {
    async stop(): Promise<Record<string, number>> {
      const answers = new Promise<Record<string, number>>((r) => worker.once('message', r))
      worker.postMessage('stop')
      const result = await answers
      await worker.terminate()
      return result
    },
  }
}

try {
  const { token } = await seedReader(server.url, 50)
  for (let i = 0; i < 50; i++) await get('/api/books', token) // warm-up
  const idle = await reads(token)
  const rows: [string, Awaited<ReturnType<typeof reads>>, string][] = [['idle', idle, '']]
  for (const polite of [true, false]) {
    const load = signers(polite)
    await new Promise((r) => setTimeout(r, 1000)) // the sign-ins get going
    const busy = await reads(token)
    const answers = Object.entries(await load.stop())
      .map(([s, n]) => `${n}×${s}`)
      .join(' ')
    rows.push([`${SIGNERS} sign-ins, ${polite ? 'waiting Retry-After' : 'retrying at once'}`, busy, answers])
  }
  console.log(`GET /api/books (50 books), ${READS} reads one after another over one keep-alive connection, PGlite`)
  console.log(`UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`)
  console.log()
  const head = ['phase', 'p50 ms', 'p99 ms', 'max ms', 'p99 ÷ idle p99', 'read statuses', 'sign-in answers']
  const cells = rows.map(([name, r, answers]) => [
    name,
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    (r.p99 / idle.p99).toFixed(2),
    Object.entries(r.statuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(' '),
    answers,
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) =>
    c.map((s, i) => (i === 0 || i > 4 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!))).join('  ')
  console.log(line(head))
  for (const c of cells) console.log(line(c))
} finally {
  agent.destroy()
  await server.stop()
}
