// `npm run bench`: every benchmark in this folder, one process each (the sync bench installs a
// fake IndexedDB globally), one after another so they do not share the CPU. Each prints its own
// figures; timings are reported, never asserted (DEVELOPERS.md: speed is checked by benchmarks).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv.slice(2)
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  // The browser benchmark needs the production build and takes minutes: it runs when named.
  .filter((f) => (only.length === 0 ? !f.startsWith('browser') : only.some((name) => f.startsWith(name))))
  .sort()
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
let failed = 0
for (const file of benches) {
  console.log(`\n── ${file}`)
  const run = spawnSync(tsx, [`${dir}${file}`], { stdio: 'inherit' })
  if (run.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
