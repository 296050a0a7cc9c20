// `npm run lighthouse` (decision 55): Lighthouse 13's mobile preset in Debian's Chromium
// against the production server, for /signin and a seeded 50-book public list. It builds nothing:
// it serves dist/ as it is (run `npm run build` first). Prints performance, LCP, TBT, CLS and the
// script bytes transferred, the median of 3 runs per page (as CI does; `--runs=1` for one), and
// exits 1 when either page's performance is below the threshold (90; `--min=`).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { seedReader, startServer } from '../load/server'

const root = fileURLToPath(new URL('../..', import.meta.url))
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const RUNS = Number(arg('runs') ?? 3)
const MIN_SCORE = Number(arg('min') ?? 90)
const BOOKS = 50

interface Figures {
  performance: number
  lcp: number
  tbt: number
  cls: number
  scriptBytes: number
}

/** Lighthouse's own failures to record a load (NO_NAVSTART: the trace lost the navigation's
 *  start): no figures were taken, so the load is measured again. */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_LCP'])
const ATTEMPTS = 3

class RecordingFailure extends Error {}

/** One measured load, taken again (at most twice) when Lighthouse failed to record it. */
async function measure(url: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(url)
    } catch (error) {
      if (!(error instanceof RecordingFailure) || attempt === ATTEMPTS) throw error
      console.log(`  (${error.message}: not recorded, measured again)`)
    }
  }
}

/** One run in a browser of its own: nothing (a service worker, a cache) carries over from the run
 *  before, as for a visitor's first load. */
async function measureOnce(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Lighthouse starts its trace on about:blank; a navigation that moves to a new renderer
      // process (site isolation) sometimes emits its navigationStart before that process traces
      // (NO_NAVSTART, 1 load in 8–16 here); without the swap, 0 in 16.
      '--disable-features=IsolateOrigins,site-per-process',
      '--disable-site-isolation-trials',
    ],
  })
  try {
    return await lighthouseRun(url, chrome.port)
  } finally {
    chrome.kill()
  }
}

async function lighthouseRun(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
  if (!result) throw new Error(`lighthouse answered nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) {
    const Failure = RECORDING_FAILURES.has(lhr.runtimeError.code) ? RecordingFailure : Error
    throw new Failure(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const resources = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptBytes: resources?.find((r) => r.resourceType === 'script')?.transferSize ?? NaN,
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

function summary(runs: Figures[]): Figures {
  // The median run by score, its figures with it (one coherent load, not a mix of runs).
  const byScore = [...runs].sort((a, b) => a.performance - b.performance)
  const mid = byScore[Math.floor((byScore.length - 1) / 2)]!
  return { ...mid, performance: median(runs.map((r) => r.performance)) }
}

const format = (name: string, f: Figures) =>
  `${name.padEnd(22)} performance ${String(f.performance).padStart(3)}  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}  script ${(f.scriptBytes / 1024).toFixed(1)} KB`

async function main() {
  if (!existsSync(`${root}dist/client/index.html`)) {
    console.error('lighthouse: dist/client is missing; run `npm run build` first')
    process.exit(2)
  }
  // localhost, not 127.0.0.1: a secure context, so the service worker registers as for a visitor.
  const server = await startServer({})
  const base = server.url.replace('127.0.0.1', 'localhost')
  let failed = false
  try {
    const { slug } = await seedReader(server.url, BOOKS)
    const pages: [string, string][] = [
      ['/signin', `${base}/signin`],
      [`public list (${BOOKS} books)`, `${base}/${slug}`],
    ]
    console.log(
      `Lighthouse ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page, mobile preset, Debian Chromium`,
    )
    for (const [name, url] of pages) {
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await measure(url))
      const f = summary(runs)
      console.log(format(name, f) + (RUNS > 1 ? `  (scores ${runs.map((r) => r.performance).join(', ')})` : ''))
      if (!(f.performance >= MIN_SCORE)) {
        console.error(`  ✗ ${name}: performance ${f.performance} is below ${MIN_SCORE}`)
        failed = true
      }
    }
  } finally {
    await server.stop()
  }
  process.exit(failed ? 1 : 0)
}

await main()
