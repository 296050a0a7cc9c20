// `npm run dev`: the API on PORT+1 and Vite's dev server (hot reload) on PORT, which proxies
// /api to it (vite.config.ts). Configuration as for `npm start`.
import { serve } from '@hono/node-server'
import { createServer } from 'vite'
import { createApp } from './app'
import { startupConfig } from './config'
import { createDeps } from './deps'
import { log } from './lib/log'

const config = startupConfig()
const apiPort = config.PORT + 1
const deps = await createDeps({ ...config, APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}` })
serve({ fetch: createApp(deps).fetch, port: apiPort, hostname: '127.0.0.1' })
const vite = await createServer({
  configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
  server: { port: config.PORT, strictPort: true, proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
})
await vite.listen()
log.info(`TBR dev server on http://localhost:${config.PORT} (API on :${apiPort}, ${deps.database.kind})`)
