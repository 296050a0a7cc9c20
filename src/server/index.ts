import { serve } from '@hono/node-server'
import { fileURLToPath } from 'node:url'
import { createApp } from './app'
import { startupConfig } from './config'
import { createDeps } from './deps'
import { log } from './lib/log'
import { schedulePruning } from './services/maintenance'
import { serveClient } from './static'

const config = startupConfig()

const deps = await createDeps(config)
schedulePruning(deps.db)
const clientDir = config.CLIENT_DIR ?? fileURLToPath(new URL('../../dist/client', import.meta.url))
const app = createApp(deps, { staticHandler: serveClient(clientDir) })

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  log.info(`TBR listening on http://localhost:${info.port} (${deps.database.kind}, mail: ${deps.mailer.kind})`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    void deps.database.close().finally(() => process.exit(0))
  })
}
