// `npm run bench -- browser`: the local-first figures measured in Debian's Chromium against the
// production build (`npm run build` first), with the CPU slowed through the DevTools protocol
// where a phone is meant. Prints min / median / p95 of each measure beside its target; timings
// are reported, never asserted. `--smoke` (npm test): small lists, one or two samples each,
// to prove the harness still drives the app.
import type { BrowserContext } from '@playwright/test'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SessionUser } from '~/shared/schemas/user'
import { flush } from './browser-flush'
import {
  crossDevice,
  heapAfterLoad,
  listShows,
  localSave,
  offlineColdStart,
  searchKeystrokes,
} from './browser-measures'
import { launchBenchBrowser, readerContext } from './browser-probe'
import { call, newReader, seedBooks, startServer } from './browser-server'

const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1'
const sizes = smoke ? [120, 240] : [5000, 10000]
const n = smoke
  ? { search: ['rive', 'garcia'], cold: 1, save: 2, cross: 1, crossTimeout: 3_000, flush: 100, flushRuns: 1 }
  : {
      // Typed 4 times (BENCH_ROUNDS), 52 timed keystrokes: a p95 of 13 is just the slowest one.
      search: Array.from({ length: Number(process.env.BENCH_ROUNDS ?? 4) }, () => [
        'river 12',
        'garcia',
        'lovelace night',
      ]).flat(),
      cold: 7,
      save: 40,
      cross: 4,
      crossTimeout: 65_000,
      flush: 1000,
      flushRuns: 3,
    }
const port = Number(process.env.BENCH_PORT ?? 3140)
/** BENCH_ONLY=flush: just the flush (a quick before/after of a sync change). BENCH_ONLY=list: just
 *  the search keystrokes and the local save (a quick before/after of a list change). */
const flushOnly = process.env.BENCH_ONLY === 'flush'
const listOnly = process.env.BENCH_ONLY === 'list'
/** BENCH_ONLY=cold: just the offline cold starts (a quick before/after of a start-up change). */
const coldOnly = process.env.BENCH_ONLY === 'cold'

if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
  console.error('The browser benchmark runs against the production build: run `npm run build` first.')
  process.exit(1)
}

const rows: string[][] = [['Measure', 'min', 'median', 'p95', 'n', 'Target']]
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`)
function report(label: string, xs: number[], target: string, note = '') {
  const line = xs.length
    ? [label, ms(Math.min(...xs)), ms(pct(xs, 0.5)), ms(pct(xs, 0.95)), String(xs.length) + note, target]
    : [label, '-', '-', '-', `0${note}`, target]
  rows.push(line)
  console.log(`   ${line.join(' | ')}`)
}

const server = await startServer(port)
const browser = await launchBenchBrowser()
function device(token: string): Promise<BrowserContext> {
  return readerContext(browser, server.url, token)
}

/** The measures on the main reader's list (5,000 then 10,000 books) and the cross-device one. */
async function listMeasures() {
  const token = await newReader(server.url, 'main')
  const reader = await device(token)
  const page = await reader.newPage()
  let seeded = 0
  let heap = 0
  for (const size of sizes) {
    let t0 = performance.now()
    await seedBooks(server.url, token, seeded, size)
    seeded = size
    console.log(`\n── ${size} books (seeded through the batch API in ${ms(performance.now() - t0)})`)
    t0 = performance.now()
    await page.goto('/books')
    await listShows(page, size)
    console.log(`   the app's own pull filled Dexie in ${ms(performance.now() - t0)}`)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    for (const rate of coldOnly ? [] : [1, 4]) {
      const search = await searchKeystrokes(page, size, n.search, rate)
      report(`Search keystroke → list updated, CPU ×${rate}, ${size}`, search.dom, 'p95 ≤ 16 ms')
      report(`  … → the next frame (+ its wait), CPU ×${rate}, ${size}`, search.frame, '(reported)')
    }
    if (!listOnly) {
      report(`Offline cold start → first row, ${size}`, await offlineColdStart(reader, n.cold, 1), '≤ 500 ms')
      report(`Offline cold start → first row, CPU ×4, ${size}`, await offlineColdStart(reader, n.cold, 4), '(phone)')
    }
    if (coldOnly) continue
    const save = await localSave(page, n.save, 4)
    report(`Local save → list updated, CPU ×4, ${size}`, save.dom, 'p95 ≤ 16 ms')
    report(`  … → the next frame (+ its wait), CPU ×4, ${size}`, save.frame, '(reported)')
    if (listOnly) continue
    heap = await heapAfterLoad(reader, size)
    rows.push([`JS heap after /books loads, ${size}`, '', `${heap.toFixed(1)} MB`, '', '1', '(reported)'])
    console.log(`   JS heap after /books loads, ${size}: ${heap.toFixed(1)} MB`)
  }

  if (listOnly || coldOnly) return
  console.log(`\n── cross-device (the same reader on a second browser context, ${seeded} books)`)
  const other = await device(token)
  const b = await other.newPage()
  await b.goto('/books')
  await listShows(b, seeded)
  const cross = await crossDevice(page, b, n.cross, n.crossTimeout)
  report(
    'Change on device A → visible on device B',
    cross.times,
    '≤ 1 s p95',
    cross.missed ? ` (+${cross.missed} not seen in ${ms(n.crossTimeout)})` : '',
  )
  await other.close()
}

try {
  console.log(`Chromium ${browser.version()}, ${smoke ? 'smoke (small lists)' : 'full'}; books: ${sizes.join(', ')}`)
  if (!flushOnly) await listMeasures()
  if (!listOnly && !coldOnly) {
    console.log(`\n── flush (${n.flush} queued mutations, a reader with an empty list)`)
    const flushToken = await newReader(server.url, 'flush')
    const user = (await call(server.url, 'GET', '/api/user', undefined, flushToken)).data as SessionUser
    const queueing = await device(flushToken)
    const q = await queueing.newPage()
    await q.goto('/books')
    await q.getByRole('heading', { name: 'My books' }).waitFor()
    const flushes: number[] = []
    for (let i = 0; i < n.flushRuns; i++) flushes.push(await flush(queueing, q, user, n.flush))
    report(`Flush ${n.flush} queued mutations`, flushes, '≤ 1 s')
    await queueing.close()
  }

  console.log('\nSummary (timings are reported, not asserted):')
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
  for (const r of rows) console.log('  ' + r.map((cell, c) => cell.padEnd(widths[c]!)).join('  '))
} finally {
  await browser.close()
  await server.close()
}
