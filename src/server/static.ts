import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppEnv } from './context'

/**
 * Serves the built client from `root`: hashed assets cached for a year, the service worker and
 * HTML never cached, and every other GET answered with the SPA shell (the router shows /404).
 */
export function serveClient(root: string) {
  return (app: Hono<AppEnv>) => {
    const indexPath = join(root, 'index.html')
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable')
        },
      }),
    )
    app.use(
      '*',
      serveStatic({
        root,
        onFound: (path, c) => {
          if (/\.(html|webmanifest)$|sw\.js$/.test(path)) c.header('Cache-Control', 'no-cache')
        },
      }),
    )
    app.get('*', (c) => {
      if (!existsSync(indexPath)) return c.text('The client is not built: run npm run build', 503)
      c.header('Cache-Control', 'no-cache')
      return c.html(readFileSync(indexPath, 'utf8'))
    })
  }
}
