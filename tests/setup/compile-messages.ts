// Vitest global setup: the server reads its messages from the catalogs compiled by
// `lingui compile` (src/server/messages.ts); compile them when missing or older than their .po.
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const locales = ['en', 'es']

export default function setup() {
  const stale = locales.some((locale) => {
    const base = `${root}src/client/i18n/locales/${locale}/messages`
    return !existsSync(`${base}.mjs`) || statSync(`${base}.mjs`).mtimeMs < statSync(`${base}.po`).mtimeMs
  })
  if (stale)
    execFileSync(`${root}node_modules/.bin/lingui`, ['compile', '--namespace', 'es', '--workers', '1'], {
      cwd: root,
      stdio: 'ignore',
    })
}
