// `npm run dev`: the API on PORT+1 and Vite's dev server (hot reload) on PORT, which proxies
// /api to it (vite.config.ts). Configuration as for `npm start`.
import { serve } from '@hono/node-server'
import { createServer } from 'vite'
import { createApp } from './app'
import { startupConfig } from './config'
import { createDeps } from './deps'
import { log } from './lib/log'
import { isLoopback } from './middleware/dev-only'

/** Whether a request target names /api/dev however it is spelled (%-escapes, dot segments, //). */
function isDevPath(url = ''): boolean {
  let path = url
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname)
  } catch {
    // An undecodable target: judged as written.
  }
  return /^\/api\/dev(\/|$)/i.test(path.replace(/\/{2,}/g, '/'))
}

const config = startupConfig()
const apiPort = config.PORT + 1
const deps = await createDeps({ ...config, APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}` })
serve({ fetch: createApp(deps).fetch, port: apiPort, hostname: '127.0.0.1' })
// Vite listens where `npm start` would (loopback unless HOST is set). Its proxy makes every
// visitor's call reach the API from 127.0.0.1, so it refuses the development tools (/api/dev:
// the mail outbox with its sign-in links) itself to a visitor who is not on this machine.
const vite = await createServer({
  configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
  server: {
    port: config.PORT,
    strictPort: true,
    host: config.HOST ?? 'localhost',
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${apiPort}`,
        // false: Vite answers 404 without calling the API.
        bypass: (req) => (isDevPath(req.url) && !isLoopback(req.socket.remoteAddress) ? false : undefined),
      },
    },
  },
})
await vite.listen()
log.info(`TBR dev server on http://localhost:${config.PORT} (API on :${apiPort}, ${deps.database.kind})`)
