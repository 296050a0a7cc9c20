import cluster from 'node:cluster'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createApp } from './app'
import { superviseWorkers } from './cluster'
import { startupConfig, type Config } from './config'
import { createDeps } from './deps'
import { listen } from './listen'
import { log } from './lib/log'
import { scheduleMaintenance } from './services/maintenance'
import { flushViews } from './services/view-counter'
import { liveHub } from './services/live'
import { serveClient } from './static'

const config = startupConfig()

// WORKERS=n: this process only supervises n API processes that share the port (cluster.ts).
if (config.WORKERS > 1 && cluster.isPrimary) superviseWorkers(config)
else await serveApi(config)

async function serveApi(config: Config) {
  const deps = await createDeps(config)
  scheduleMaintenance(deps)
  const clientDir = config.CLIENT_DIR ?? fileURLToPath(new URL('../../dist/client', import.meta.url))
  const app = createApp(deps, { staticHandler: serveClient(clientDir) })

  const where = cluster.isWorker ? `, process ${process.pid}` : ''
  const servers = await listen(app.fetch, config)
  const on = servers.map((server) => (server.address() as AddressInfo).address).join(' and ')
  log.info(`TBR listening on http://localhost:${config.PORT} (${on}; ${deps.database.kind}, mail: ${deps.mailer.kind}${where})`)
  // An idle keep-alive connection stays open longer than the clients and
  // proxies in front of us keep theirs (load balancers commonly 60 s), so they close it first and
  // never reuse one we have just closed (ECONNRESET; Node's default is 5 s). headersTimeout just
  // above it; requestTimeout bounds how long a client may take to send one whole request (Node's
  // default is 5 minutes).
  for (const server of servers) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
    server.requestTimeout = 120_000
  }

  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      // Live streams never end by themselves: ended now, their clients reconnect to another process.
      // Every live stream of this process ends (it is stopping); clients reconnect elsewhere.
      liveHub(deps.database).closeAll()
      // Stop accepting; idle connections close now, answers in progress finish first; then the
      // database. A request that never ends does not hold the process for more than 10 s.
      // Notices still being mailed finish first (bounded by the 10 s below), and the public
      // page views counted in memory are written (services/view-counter.ts).
      void Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(
        () =>
          void deps.background
            .settled()
            .then(() => flushViews(deps.db).catch((err) => log.error('view flush failed', err)))
            .then(() => deps.database.close())
            .catch(() => {})
            .finally(() => process.exit(0)),
      )
      setTimeout(() => process.exit(0), 10_000).unref()
    })
  }
}
