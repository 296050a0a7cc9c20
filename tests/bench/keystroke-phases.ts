// `npx tsx tests/bench/keystroke-phases.ts` (after `npm run build`): where a /books search
// keystroke's time goes, in Debian Chromium at CPU ×RATE (default 4) with SIZE books (default
// 5,000), typing the browser benchmark's queries ROUNDS times. Per timed keystroke, from the
// keydown's time stamp: lag (until the page hears the key), kd (the keydown listeners), toIn
// (Chromium's editing until the input event), inH (from the input event until the list shows the
// new count: the box's listener and React drawing the list), dom (the same end from the keydown:
// the benchmark's figure), raf (its frame) and after (the work after that frame, which a quick
// next key waits behind). Prints mean / median / p95 of each; ROWS=1 prints every keystroke;
// PROFILE=<µs> samples the JavaScript from the input event until the list shows the count
// (console.profile around it; its start and end cost is attributed to the probe) and prints
// self and total ms per keystroke by function (build with `npx vite build --minify false` to
// read the names). A diagnostic: nothing is asserted.
import { seededList } from './browser-measures'
import { functionTimes, topLines, type CpuProfile } from './cpu-profile'
import { launchBenchBrowser, throttle } from './browser-probe'
import { expectedMatches, startServer } from './browser-server'

const size = Number(process.env.SIZE ?? 5000)
const rate = Number(process.env.RATE ?? 4)
const rounds = Number(process.env.ROUNDS ?? 4)
const sampling = Number(process.env.PROFILE ?? 0)
const num = new Intl.NumberFormat('en-US')

/** Installed in the page: stamps each phase of the armed keystroke in window.__phases. */
function phaseProbe(profile: boolean) {
  const w = window as unknown as { __phases: { t: Record<string, number>; want: string } }
  const t: Record<string, number> = {}
  w.__phases = { t, want: '' }
  const at = (k: string) => () => {
    if (!(k in t)) t[k] = performance.now()
  }
  const armed = () => w.__phases.want !== ''
  window.addEventListener(
    'keydown',
    (e) => {
      for (const k in t) delete t[k]
      t.stamp = e.timeStamp
      t.kd0 = performance.now()
    },
    true,
  )
  window.addEventListener('keydown', at('kd1'))
  window.addEventListener(
    'input',
    () => {
      if (profile && armed()) console.profile('key')
      t.in0 = performance.now()
    },
    true,
  )
  new MutationObserver(() => {
    const now = performance.now()
    if (!armed() || 'dom' in t) return
    if (![...document.querySelectorAll('[role="status"]')].some((el) => el.textContent === w.__phases.want)) return
    t.dom = now
    if (profile) console.profileEnd('key')
    requestAnimationFrame(() => {
      t.raf = performance.now()
      setTimeout(() => (t.after = performance.now()), 0)
    })
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

const server = await startServer(Number(process.env.BENCH_PORT ?? 3150))
const browser = await launchBenchBrowser()
try {
  const { page } = await seededList(browser, server.url, 'main', size, (context) =>
    context.addInitScript(phaseProbe, sampling > 0),
  )
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const cdp = await throttle(page, rate)
  const profiles: CpuProfile[] = []
  if (sampling > 0) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: sampling })
    cdp.on('Profiler.consoleProfileFinished', (e) => profiles.push(e.profile as unknown as CpuProfile))
  }
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  const rows: { key: string; phases: Record<string, number> }[] = []
  const queries = Array.from({ length: rounds }, () => ['river 12', 'garcia', 'lovelace night']).flat()
  for (const query of queries) {
    await box.click()
    let before = size
    for (let i = 1; i <= query.length; i++) {
      const typed = query.slice(0, i)
      const expected = expectedMatches(size, typed)
      const timed = expected !== before && expected > 0
      const want = timed ? `${num.format(expected)} of ${num.format(size)} books shown` : ''
      await page.evaluate((text) => ((window as any).__phases.want = text), want)
      await page.keyboard.press(query[i - 1] === ' ' ? 'Space' : query[i - 1]!)
      if (timed) {
        await page.waitForFunction(() => 'after' in (window as any).__phases.t)
        const t: Record<string, number> = await page.evaluate(() => ({ ...(window as any).__phases.t }))
        rows.push({
          key: typed,
          phases: {
            lag: t.kd0! - t.stamp!,
            kd: t.kd1! - t.kd0!,
            toIn: t.in0! - t.kd1!,
            inH: t.dom! - t.in0!,
            dom: t.dom! - t.stamp!,
            raf: t.raf! - t.stamp!,
            after: t.after! - t.raf!,
          },
        })
      }
      before = expected
    }
    await box.fill('')
    await page.waitForFunction(
      () => ![...document.querySelectorAll('[role="status"]')].some((el) => /books shown$/.test(el.textContent ?? '')),
    )
  }
  await cdp.detach()

  const names = Object.keys(rows[0]!.phases)
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!
  console.log(`${size} books, CPU ×${rate}, ${rows.length} timed keystrokes (ms)`)
  for (const name of names) {
    const xs = rows.map((r) => r.phases[name]!)
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length
    console.log(
      `${name.padEnd(6)} mean ${mean.toFixed(2).padStart(6)}  median ${pct(xs, 0.5).toFixed(2).padStart(6)}  p95 ${pct(xs, 0.95).toFixed(2).padStart(6)}`,
    )
  }
  if (process.env.ROWS) {
    console.log('key'.padEnd(16) + names.map((n) => n.padStart(7)).join(''))
    for (const r of rows) console.log(r.key.padEnd(16) + names.map((n) => r.phases[n]!.toFixed(1).padStart(7)).join(''))
  }
  if (profiles.length) printProfiles(profiles)
} finally {
  await browser.close()
  await server.close()
}

/** Self and total time per function, averaged over the sampled keystrokes. */
function printProfiles(profiles: CpuProfile[]) {
  const { self, total } = functionTimes(profiles)
  console.log(`\nInput listeners' JavaScript, ms per keystroke (${profiles.length} sampled)\nSELF`)
  console.log(topLines(self, 30, profiles.length, 3).join('\n'))
  console.log('TOTAL')
  console.log(topLines(total, 60, profiles.length, 3).join('\n'))
}
