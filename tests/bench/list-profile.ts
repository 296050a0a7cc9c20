// `npx tsx tests/bench/list-profile.ts [books]`: where a /books search keystroke and a keyboard
// move spend their CPU, from a Chromium CPU profile (production build, `npm run build` first; a
// build with `--minify false` gives readable names). Seeds a reader with `books` books (5,000 by
// default), lets the app fill Dexie, slows the CPU (PROFILE_CPU, 4 by default), then profiles
// typing the benchmark's queries letter by letter and a few arrow-key moves, and prints the
// functions with the most self time and the most total time. PROFILE_OUT=file keeps the profile
// (open it in the DevTools Performance panel).
import { writeFileSync } from 'node:fs'
import { seededList } from './browser-measures'
import { functionTimes, topLines, V8_ENTRIES, type CpuProfile } from './cpu-profile'
import { launchBenchBrowser, throttle, waitFor } from './browser-probe'
import { startServer } from './browser-server'

const books = Number(process.argv[2] ?? 5000)
const rate = Number(process.env.PROFILE_CPU ?? 4)
const queries = ['river 12', 'garcia', 'lovelace night']

const server = await startServer(Number(process.env.BENCH_PORT ?? 3141))
const browser = await launchBenchBrowser()

function summarise(profile: CpuProfile, label: string) {
  const { self, total } = functionTimes([profile])
  const ms = (k: string) => (self.get(k) ?? 0).toFixed(0)
  let script = 0
  for (const [k, v] of self) if (!V8_ENTRIES.includes(k)) script += v
  console.log(
    `\n── ${label}: ${script.toFixed(0)} ms of script; GC ${ms('(garbage collector)')} ms, program ${ms('(program)')} ms`,
  )
  console.log('  self:')
  console.log(topLines(self, 30).join('\n'))
  console.log('  total:')
  console.log(topLines(total, 45).join('\n'))
}

try {
  const { page } = await seededList(browser, server.url, 'profile', books)
  const cdp = await throttle(page, rate)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  // Warm up once (the index fills, chunks load), then profile.
  await box.fill('r')
  await box.fill('')
  await waitFor(page, { kind: 'unfiltered' })

  await cdp.send('Profiler.start')
  for (const query of queries) {
    await box.click()
    for (const ch of query) await page.keyboard.press(ch === ' ' ? 'Space' : ch)
    await box.fill('')
    await waitFor(page, { kind: 'unfiltered' })
  }
  const typed = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile
  summarise(typed, `typing ${queries.join(', ')} (CPU ×${rate}, ${books} books)`)
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(typed))

  const id = await page.locator('ul[aria-label] li [data-book-id]').first().getAttribute('data-book-id')
  await cdp.send('Profiler.start')
  for (let i = 0; i < 10; i++) {
    await page.locator(`[data-reorder-handle="${id}"]`).press(i % 2 ? 'ArrowUp' : 'ArrowDown')
    await waitFor(page, { kind: 'posinset', id: id!, at: i % 2 ? 1 : 2 })
  }
  const moved = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile
  summarise(moved, `10 keyboard moves (CPU ×${rate}, ${books} books)`)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
} finally {
  await browser.close()
  await server.close()
}
