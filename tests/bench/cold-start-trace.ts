// `npx tsx tests/bench/cold-start-trace.ts [books]`: where an offline cold start of /books spends
// its time, from a Chromium trace (production build, `npm run build` first). Seeds a reader with
// `books` books (5,000 by default), lets the app fill Dexie and install the service worker, then
// opens /books in new tabs with no network and prints, per run, the milestones from navigation
// start: the shell answered by the service worker, each script fetched, script evaluation, the
// IndexedDB opens and reads, and the first book row on screen. TRACE_OUT=dir keeps the last trace
// (open it in chrome://tracing or the DevTools Performance panel).
import type { CDPSession, Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { seededList } from './browser-measures'
import { firstRow, launchBenchBrowser, throttle } from './browser-probe'
import { startServer } from './browser-server'

const books = Number(process.argv[2] ?? 5000)
const runs = Number(process.env.TRACE_RUNS ?? 3)
const rate = Number(process.env.TRACE_CPU ?? 1)
const server = await startServer(Number(process.env.BENCH_PORT ?? 3141))
const browser = await launchBenchBrowser()

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: Record<string, unknown> } & Record<string, unknown>
}

async function trace(page: Page, cdp: CDPSession): Promise<{ events: TraceEvent[]; firstRowMs: number }> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
        'v8.execute',
        'ServiceWorker',
        'IndexedDB',
        'navigation',
      ],
    },
  })
  await page.goto('/books')
  const stamp = await firstRow(page)
  if (!stamp) throw new Error('no book row')
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.end')
  await done
  return { events, firstRowMs: stamp.ms }
}

/** The milestones of one run, in ms from the navigation start. */
function summarise(events: TraceEvent[], firstRowMs: number) {
  // The tab's renderer is the process that navigated to /books (the blank tab's is another).
  const nav = events.find(
    (e) => e.name === 'navigationStart' && String((e.args?.data as any)?.documentLoaderURL).endsWith('/books'),
  )
  if (!nav) return ['   (no /books navigation in the trace)']
  const t0 = nav.ts
  const end = t0 + firstRowMs * 1000
  // The page's own events, and IndexedDB's (the browser process runs it for every tab).
  events = events.filter(
    (e) => e.ts >= t0 && e.ts <= end + 50_000 && (e.pid === nav.pid || e.cat.includes('IndexedDB')),
  )
  const at = (ts: number) => ((ts - t0) / 1000).toFixed(1).padStart(7)
  const lines: string[] = []
  const send = new Map<string, { url: string; start: number }>()
  for (const e of events) {
    const d = e.args?.data as Record<string, any> | undefined
    if (e.name === 'ResourceSendRequest' && d) send.set(d.requestId, { url: d.url, start: e.ts })
    if (e.name === 'ResourceFinish' && d && send.has(d.requestId)) {
      const s = send.get(d.requestId)!
      const name = new URL(s.url).pathname
      lines.push(`${at(s.start)} → ${at(e.ts)}  fetch ${name}`)
    }
    if ((e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') && e.dur && e.dur > 2000)
      lines.push(`${at(e.ts)} +${(e.dur / 1000).toFixed(1)} ms  ${e.name} ${d?.url ?? ''}`)
    if (e.name === 'FunctionCall' && e.dur && e.dur > 5000)
      lines.push(
        `${at(e.ts)} +${(e.dur / 1000).toFixed(1)} ms  task ${d?.url ?? ''}:${d?.lineNumber ?? ''} ${d?.functionName ?? ''}`,
      )
    if (e.cat.includes('user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'b' || e.ph === 'n'))
      // A navigation names its document: the SVG favicon is a document of its own (a second
      // "navigationStart" in the page's renderer that is not the app's).
      lines.push(
        `${at(e.ts)}  mark ${e.name}${e.name === 'navigationStart' && d?.documentLoaderURL ? ` ${String(d.documentLoaderURL).slice(0, 60)}` : ''}`,
      )
    if (e.cat.includes('IndexedDB') && e.dur && e.dur > 1000)
      lines.push(`${at(e.ts)} +${(e.dur / 1000).toFixed(1)} ms  ${e.name}`)
    if (e.name === 'ParseHTML' && e.dur) lines.push(`${at(e.ts)} +${(e.dur / 1000).toFixed(1)} ms  ParseHTML`)
  }
  lines.sort((a, b) => parseFloat(a) - parseFloat(b))
  // Main-thread busy time before the first row, by kind.
  const busy = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid && e.ts < end)
    .reduce((s, e) => s + Math.min(e.dur ?? 0, end - e.ts), 0)
  lines.push(`   first row at ${firstRowMs.toFixed(1)} ms; main thread busy ${(busy / 1000).toFixed(1)} ms of it`)
  return lines
}

try {
  // Each IndexedDB read the page asks for, with when it was asked and answered (ms from navigation start).
  const { context, page } = await seededList(browser, server.url, 'trace', books, (context) =>
    context.addInitScript(() => {
      const log: string[] = ((window as any).__idb = [])
      for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as any[])
        for (const name of ['getAll', 'count', 'openCursor', 'get', 'getAllKeys', 'openKeyCursor']) {
          const orig = proto[name]
          proto[name] = function (this: any, ...args: any[]) {
            const req = orig.apply(this, args)
            const at = performance.now()
            const store = this.objectStore ? `${this.objectStore.name}.${this.name}` : this.name
            const range =
              args[0] instanceof IDBKeyRange ? `[${JSON.stringify(args[0].lower)}..]` : JSON.stringify(args[0] ?? '')
            req.addEventListener('success', () => {
              const n = Array.isArray(req.result) ? ` → ${req.result.length} rows` : ''
              if (name.includes('Cursor')) return
              log.push(
                `${at.toFixed(1).padStart(7)} +${(performance.now() - at).toFixed(1)} ms ${name} ${store} ${range.slice(0, 60)} ${args[1] ?? ''}${n}`,
              )
            })
            return req
          }
        }
    }),
  )
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await context.setOffline(true)
  for (let i = 0; i < runs; i++) {
    const tab = await context.newPage()
    const cdp = await throttle(tab, rate)
    const { events, firstRowMs } = await trace(tab, cdp)
    console.log(`\n── run ${i + 1}, ${books} books, CPU ×${rate}`)
    for (const line of summarise(events, firstRowMs)) console.log(line)
    console.log('   IndexedDB reads of the page:')
    for (const line of await tab.evaluate(() => (window as any).__idb as string[])) console.log('   ' + line)
    if (process.env.TRACE_OUT && i === runs - 1) {
      mkdirSync(process.env.TRACE_OUT, { recursive: true })
      writeFileSync(`${process.env.TRACE_OUT}/cold-start.json`, JSON.stringify({ traceEvents: events }))
    }
    await cdp.detach()
    await tab.close()
  }
} finally {
  await browser.close()
  await server.close()
}
