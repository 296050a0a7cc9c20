// `npx tsx tests/bench/keystroke-trace.ts` (after `npm run build`): the renderer's main-thread work
// per /books search keystroke, from a Chromium trace, in Debian Chromium at CPU ×RATE (default 4)
// with SIZE books (default 5,000). It types the browser benchmark's queries ROUNDS times (default
// 2), GAP ms apart (default 120: each keystroke's work, the frames after it included, is done
// before the next), and prints per keystroke the main thread's busy time from one input event to
// the next (the key press, its frame, the deferred rows and their frame) and, within it, style,
// layout, paint and layerize (PaintArtifactCompositor). Less noisy than the benchmark's
// percentiles on a shared machine, so it is the figure to compare two builds by (interleave
// them). TRACE=<file> keeps the trace for DevTools. A diagnostic: nothing is asserted.
import { writeFileSync } from 'node:fs'
import { seededList } from './browser-measures'
import { launchBenchBrowser, throttle } from './browser-probe'
import { startServer } from './browser-server'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string; data?: { type?: string } }
}

const size = Number(process.env.SIZE ?? 5000)
const rate = Number(process.env.RATE ?? 4)
const rounds = Number(process.env.ROUNDS ?? 2)
const gap = Number(process.env.GAP ?? 120)

const server = await startServer(Number(process.env.BENCH_PORT ?? 3151))
const browser = await launchBenchBrowser()
const events: TraceEvent[] = []
try {
  const { page } = await seededList(browser, server.url, 'main', size)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const cdp = await throttle(page, rate)
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  await box.click()
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])))
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'blink', 'disabled-by-default-devtools.timeline', 'toplevel'],
    },
    transferMode: 'ReportEvents',
  })
  const queries = Array.from({ length: rounds }, () => ['river 12', 'garcia', 'lovelace night']).flat()
  for (const query of queries) {
    for (const key of query) {
      await page.keyboard.press(key === ' ' ? 'Space' : key)
      await page.waitForTimeout(gap)
    }
    await box.fill('')
    await page.waitForTimeout(300)
  }
  await cdp.send('Tracing.end')
  await complete
  if (process.env.TRACE) writeFileSync(process.env.TRACE, JSON.stringify(events))
} finally {
  await browser.close()
  await server.close()
}

// The renderer's main thread: the one that dispatched the input events.
const inputOf = (e: TraceEvent) => e.ph === 'X' && e.name === 'EventDispatch' && e.args?.data?.type === 'input'
const threads = new Map<string, number>()
for (const e of events) if (inputOf(e)) threads.set(`${e.pid}:${e.tid}`, (threads.get(`${e.pid}:${e.tid}`) ?? 0) + 1)
const main = [...threads].sort((a, b) => b[1] - a[1])[0]?.[0]
if (!main) throw new Error('no input event in the trace')
const slices = events
  .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
// Top-level tasks: slices not inside another.
const tasks: TraceEvent[] = []
let end = -1
for (const e of slices) {
  if (e.ts >= end) {
    tasks.push(e)
    end = e.ts + e.dur!
  }
}
const taskAt = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + t.dur!)!.ts
const starts = slices.filter(inputOf).map((e) => taskAt(e.ts))
const phases = {
  style: 'Blink.Style.UpdateTime',
  layout: 'Blink.Layout.UpdateTime',
  paint: 'Blink.Paint.UpdateTime',
  layerize: 'Layerize',
}
const per: Record<string, number[]> = { busy: [], ...Object.fromEntries(Object.keys(phases).map((k) => [k, []])) }
for (let i = 0; i + 1 < starts.length; i++) {
  const [a, b] = [starts[i]!, starts[i + 1]!]
  const sum = (xs: TraceEvent[]) => xs.reduce((s, e) => s + e.dur!, 0) / 1000
  per.busy!.push(sum(tasks.filter((t) => t.ts >= a && t.ts < b)))
  for (const [k, name] of Object.entries(phases))
    per[k]!.push(sum(slices.filter((e) => e.name === name && e.ts >= a && e.ts < b)))
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!
console.log(`${size} books, CPU ×${rate}, ${per.busy!.length} keystrokes ${gap} ms apart: main-thread ms per keystroke`)
for (const [k, xs] of Object.entries(per)) {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length
  console.log(
    `${k.padEnd(9)} mean ${mean.toFixed(2).padStart(7)}  median ${pct(xs, 0.5).toFixed(2).padStart(7)}  p95 ${pct(xs, 0.95).toFixed(2).padStart(7)}`,
  )
}
