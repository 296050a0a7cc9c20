// Import of 5,000 Goodreads rows in Chromium (it must not freeze the page; decision 47).
// Prints the time from choosing the file to the summary, the longest main-thread block seen
// meanwhile (Long Tasks API, and the longest gap of a 10 ms heartbeat timer), and the time until
// the server holds every book. Needs the built client (npm run build) and /usr/bin/chromium.
import { chromium } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'
import { startServer } from '../load/server'

const ROWS = Number(process.env.IMPORT_ROWS ?? 5000)
const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies'

function isbn13(n: number) {
  const body = `978${String(n).padStart(9, '0')}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3)
  return body + String((10 - (sum % 10)) % 10)
}

function goodreadsCsv(rows: number) {
  const shelves = ['to-read', 'currently-reading', 'read']
  const lines = [HEADER]
  for (let i = 0; i < rows; i++) {
    const shelf = shelves[i % 3]!
    const review = i % 4 === 0 ? `"A review of book ${i}, with a comma.<br/><br/>And a ""quote"".\nSecond line."` : ''
    lines.push(
      `${1000 + i},"Book number ${i}: a title, with a comma",Author ${i % 200},"${i % 200}, Author",,="",="${isbn13(i)}",${i % 6},3.9,Publisher,Paperback,300,2020,2019,${shelf === 'read' ? '2024/03/0' + ((i % 9) + 1) : ''},2023/01/1${i % 10},${shelf},${shelf} (#${i}),${shelf},${review},,,${shelf === 'read' ? 1 : 0},0`,
    )
  }
  return lines.join('\n') + '\n'
}

if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
  console.log('import bench: no built client (run npm run build first); skipped')
  process.exit(0)
}

/** A verified reader on the free plan (the app's guards send anyone else elsewhere). */
async function readyReader(base: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${path}: ${res.status}`)
    return (await res.json()) as { data: { token: string } }
  }
  const email = `bench.${randomUUID().slice(0, 8)}@example.com`
  await post('/api/account', { name: 'Bench Importer', email, password: 'bench password 1!' })
  const mails = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { links: string[] }[] }
  const link = mails.data.flatMap((m) => m.links).find((l) => l.includes('/signup/verify'))!
  const { data } = await post('/api/user/verify', { token: new URL(link).searchParams.get('token') })
  await post('/api/account/plan', { plan: 'free' }, data.token)
  return data.token
}

const cleanup: (() => void)[] = []
// NODE_ENV=test keeps the dev outbox (the verification mail) open.
const server = await startServer({ env: { NODE_ENV: 'test' } })
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const token = await readyReader(server.url)
  const page = await browser.newPage({ baseURL: server.url })
  await page.addInitScript((t) => {
    localStorage.setItem('token', t)
    const w = window as unknown as { __longTask: number; __longGap: number; __blocks: [number, number, string][] }
    w.__longTask = 0
    w.__longGap = 0
    w.__blocks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longTask = Math.max(w.__longTask, e.duration)
        w.__blocks.push([e.startTime, e.duration, 'task'])
      }
    }).observe({ type: 'longtask', buffered: false })
    let last = performance.now()
    setInterval(() => {
      const now = performance.now()
      if (now - last - 10 > 50) w.__blocks.push([last, now - last - 10, 'gap'])
      w.__longGap = Math.max(w.__longGap, now - last - 10)
      last = now
    }, 10)
  }, token)
  await page.goto('/books')
  await page
    .getByTestId('sync-badge')
    .filter({ hasText: 'Synced' })
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: '/tmp/import-bench-failed.png' })
      console.log(page.url())
      throw e
    })
  await page.goto('/books/import')
  await page.locator('input[type="file"]').waitFor()
  // Offline, the parser's worker script comes from the service worker's precache: wait until the
  // page is under its control (tests/e2e/books-helpers.ts controlledBySw), as a returning reader's is.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
  await page.evaluate(() => {
    const w = window as unknown as { __longTask: number; __longGap: number }
    w.__longTask = 0
    w.__longGap = 0
    ;(w as unknown as { __blocks: unknown[] }).__blocks = []
    performance.clearMarks()
  })
  const csv = Buffer.from(goodreadsCsv(ROWS))
  const csvDir = mkdtempSync(join(tmpdir(), 'import-bench-'))
  const csvPath = join(csvDir, 'goodreads_library_export.csv')
  writeFileSync(csvPath, csv)
  cleanup.push(() => rmSync(csvDir, { recursive: true, force: true }))
  // IMPORT_OFFLINE=1: the device has no connection meanwhile (the import alone, no sync).
  const offline = !!process.env.IMPORT_OFFLINE
  if (offline) await page.context().setOffline(true)
  const cdp = process.env.IMPORT_PROFILE ? await page.context().newCDPSession(page) : null
  if (cdp) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.start')
  }
  const started = Date.now()
  // From a file on disk, as a reader picks it: a buffer would be decoded by Playwright's script
  // inside the page, a main-thread block of its own (0.2–0.6 s for 1 MB here) that is not the app's.
  await page.locator('input[type="file"]').setInputFiles(csvPath)
  await page
    .getByText(`${ROWS.toLocaleString('en-US')} books imported.`)
    .waitFor({ timeout: Number(process.env.IMPORT_TIMEOUT_MS ?? 300_000) })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: '/tmp/import-bench-failed.png' })
      console.log(page.url(), (await page.locator('main').innerText().catch(() => '')).slice(0, 500))
      throw e
    })
  const imported = Date.now() - started
  if (cdp) {
    // IMPORT_PROFILE=1: the functions with the most self time on the main thread meanwhile.
    const { profile } = await cdp.send('Profiler.stop')
    const self = new Map<string, number>()
    const dt = profile.timeDeltas ?? []
    const byId = new Map(profile.nodes.map((n) => [n.id, n]))
    profile.samples?.forEach((id, i) => {
      const f = byId.get(id)!.callFrame
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000)
    })
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`)
    await cdp.detach()
  }
  if (process.env.IMPORT_TRACE) {
    // IMPORT_TRACE=1: each block over 50 ms and the import's phase marks (csv/use-import.ts), in time order.
    const trace = await page.evaluate(() => {
      const w = window as unknown as { __blocks: [number, number, string][] }
      const marks = performance.getEntriesByType('mark')
      return [
        ...w.__blocks.map(([at, ms, kind]) => [at, `${kind} ${ms.toFixed(0)} ms`] as const),
        ...marks.map((m) => [m.startTime, m.name] as const),
      ].sort((a, b) => a[0] - b[0])
    })
    for (const [at, what] of trace) console.log(`  ${at.toFixed(0).padStart(8)}  ${what}`)
  }
  const { longTask, longGap } = await page.evaluate(() => {
    const w = window as unknown as { __longTask: number; __longGap: number }
    return { longTask: w.__longTask, longGap: w.__longGap }
  })
  console.log(`import ${ROWS} Goodreads rows in Chromium (${(csv.length / 1024).toFixed(0)} KiB)${offline ? ', offline' : ''}:`)
  console.log(`  on the device (file chosen → summary): ${(imported / 1000).toFixed(1)} s`)
  console.log(`  longest main-thread block: ${longTask ? `${longTask.toFixed(0)} ms (long task)` : 'no long task (> 50 ms)'}; longest heartbeat gap ${longGap.toFixed(0)} ms`)
  if (offline) await page.context().setOffline(false)
  for (;;) {
    const res = await fetch(`${server.url}/api/books`, { headers: { authorization: `Bearer ${token}` } })
    const n = ((await res.json()) as { data: unknown[] }).data.length
    if (n >= ROWS) break
    if (Date.now() - started > 600_000) throw new Error(`the server holds ${n} of ${ROWS} books after 10 minutes`)
    await new Promise((r) => setTimeout(r, 500))
  }
  const synced = Date.now() - started
  console.log(`  on the server (file chosen → all ${ROWS} books there): ${(synced / 1000).toFixed(1)} s`)
} finally {
  for (const done of cleanup) done()
  await browser.close()
  await server.stop()
}
