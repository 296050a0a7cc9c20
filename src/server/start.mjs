// `npm start`: builds the client when it is missing or older than its sources, then serves the
// app and the API from one process, or from WORKERS processes (index.ts).
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const built = join(root, 'dist/client/index.html')
// The server's messages come from the catalogs the build compiles (npm run i18n:compile).
const compiled = ['en', 'es'].map((locale) => join(root, `src/client/i18n/locales/${locale}/messages.mjs`))

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Generated files are outputs, not sources (the catalogs compiled for the server among them).
    if (entry.name === 'styled-system' || entry.name === 'server' || entry.name.endsWith('.gen.ts') || entry.name === 'messages.mjs') continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

const sources = ['src/client', 'src/shared', 'sw', 'public'].map((d) => join(root, d)).filter(existsSync)
const stale = !existsSync(built) || !compiled.every(existsSync) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs
// Workers (WORKERS > 1) run this file too: the primary has already built.
if (stale && process.env.SKIP_BUILD !== '1' && cluster.isPrimary) {
  console.log('[start] building the client…')
  // Always a production bundle, whatever NODE_ENV the server itself runs with (tests use 'test',
  // which would make Vite emit a development build).
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const { register } = await import('tsx/esm/api')
register()
await import('./index.ts')
