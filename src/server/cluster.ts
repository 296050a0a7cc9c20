import cluster, { type Worker } from 'node:cluster'
import type { Config } from './config'
import { log } from './lib/log'

// WORKERS=n (README Configuration and Decisions "Several processes"): this primary process forks
// n API processes; node:cluster shares the one port between them, handing each new connection to
// the next worker in turn. Everything they share lives in PostgreSQL (sessions, rate limits,
// idempotency records, the mail outbox), so any worker can answer any request. The primary opens
// no database and serves nothing; it replaces a worker that dies and stops them all on
// SIGTERM or SIGINT.

const QUICK_DEATH_MS = 10_000
const STOP_GRACE_MS = 15_000

export function superviseWorkers(config: Pick<Config, 'WORKERS' | 'PORT'>) {
  const bornAt = new Map<Worker, number>()
  let stopping = false
  let quickDeaths = 0

  const fork = () => {
    if (stopping) return
    bornAt.set(cluster.fork(), Date.now())
  }

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (bornAt.get(worker) ?? 0)
    bornAt.delete(worker)
    if (stopping) {
      if (bornAt.size === 0) process.exit(0)
      return
    }
    // A worker that dies soon after it started (the database unreachable at start, a broken
    // deploy) is replaced after a growing pause, up to 30 s, so a crash loop does not spin.
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0
    const delay = quickDeaths ? Math.min(30_000, 500 * 2 ** (quickDeaths - 1)) : 0
    log.error(
      `worker process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${delay ? ` in ${delay} ms` : ''}`,
    )
    setTimeout(fork, delay)
  })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      if (bornAt.size === 0) process.exit(0)
      // Each worker finishes the answers it has in progress and closes its pool (index.ts).
      for (const worker of bornAt.keys()) worker.process.kill('SIGTERM')
      setTimeout(() => {
        for (const worker of bornAt.keys()) worker.process.kill('SIGKILL')
        process.exit(1)
      }, STOP_GRACE_MS).unref()
    })
  }

  for (let i = 0; i < config.WORKERS; i++) fork()
  log.info(`TBR: ${config.WORKERS} API processes on port ${config.PORT} (primary process ${process.pid})`)
}
