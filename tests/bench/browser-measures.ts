// The browser benchmark's measures, one function each; browser.bench.ts runs them and prints.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { armKey, firstRow, keyResult, readerContext, throttle, waitFor } from './browser-probe'
import { expectedMatches, newReader, seedBooks } from './browser-server'

const num = new Intl.NumberFormat('en-US')

/** Waits until /books shows the account's `count` books (the first pull is in Dexie). */
export async function listShows(page: Page, count: number) {
  const text = count === 1 ? '1 book on your list' : `${num.format(count)} books on your list`
  await page
    .getByText(text, { exact: true })
    .waitFor({ timeout: Number(process.env.BENCH_LOAD_TIMEOUT ?? 180_000) })
    .catch(async (err) => {
      await page.screenshot({ path: 'tests/.output/bench-failure.png' }).catch(() => {})
      throw err
    })
  await waitFor(page, { kind: 'first-row' })
}

/** A new reader with `count` books, signed in in a new browser context (`prepare` runs on it
 *  first, e.g. to add init scripts), on /books with every book shown: the hand-run diagnostics'
 *  starting point. */
export async function seededList(
  browser: Browser,
  baseURL: string,
  label: string,
  count: number,
  prepare?: (context: BrowserContext) => Promise<unknown>,
) {
  const token = await newReader(baseURL, label)
  await seedBooks(baseURL, token, 0, count)
  const context = await readerContext(browser, baseURL, token)
  await prepare?.(context)
  const page = await context.newPage()
  await page.goto('/books')
  await listShows(page, count)
  return { context, page }
}

/** Search keystrokes, letter by letter; only keystrokes that change the matching count are timed
 *  (the others change nothing on screen to wait for). */
export async function searchKeystrokes(page: Page, count: number, queries: string[], rate: number) {
  const cdp = await throttle(page, rate)
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  const times = { dom: [] as number[], frame: [] as number[] }
  try {
    for (const query of queries) {
      await box.click()
      let before = count
      for (let i = 1; i <= query.length; i++) {
        const typed = query.slice(0, i)
        const expected = expectedMatches(count, typed)
        const timed = expected !== before && expected > 0
        if (timed)
          await armKey(page, { kind: 'status', text: `${num.format(expected)} of ${num.format(count)} books shown` })
        await page.keyboard.press(query[i - 1] === ' ' ? 'Space' : query[i - 1]!)
        if (timed) {
          const stamp = await keyResult(page)
          if (!stamp) throw new Error(`search "${typed}": the list never showed ${expected} books`)
          times.dom.push(stamp.dom)
          times.frame.push(stamp.ms)
        }
        before = expected
      }
      await box.fill('')
      await waitFor(page, { kind: 'unfiltered' })
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
  }
  return times
}

/** A new tab with no network opens /books: ms from navigation start to the first book row. */
export async function offlineColdStart(context: BrowserContext, samples: number, rate: number) {
  const times: number[] = []
  await context.setOffline(true)
  try {
    for (let i = 0; i < samples; i++) {
      const page = await context.newPage()
      const cdp = await throttle(page, rate)
      await page.goto('/books')
      const stamp = await firstRow(page)
      if (!stamp) throw new Error('offline cold start: no book row')
      times.push(stamp.ms)
      await cdp.detach()
      await page.close()
    }
  } finally {
    await context.setOffline(false)
  }
  return times
}

/** Local save → visible: the top book moved down one place with the keyboard (a Dexie write),
 *  until the list shows it there; then back up. */
export async function localSave(page: Page, samples: number, rate: number) {
  const cdp = await throttle(page, rate)
  const times = { dom: [] as number[], frame: [] as number[] }
  try {
    const id = await page.locator('ul[aria-label] li [data-book-id]').first().getAttribute('data-book-id')
    for (let i = 0; i < samples; i++) {
      const down = i % 2 === 0
      await armKey(page, { kind: 'posinset', id: id!, at: down ? 2 : 1 })
      await page.locator(`[data-reorder-handle="${id}"]`).press(down ? 'ArrowDown' : 'ArrowUp')
      const stamp = await keyResult(page)
      if (!stamp) throw new Error('local save: the moved row never showed in its new place')
      times.dom.push(stamp.dom)
      times.frame.push(stamp.ms)
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
  }
  return times
}

/** JS heap in use after a fresh /books shows `count` books, after a garbage collection (MB). */
export async function heapAfterLoad(context: BrowserContext, count: number) {
  const page = await context.newPage()
  await page.goto('/books')
  await listShows(page, count)
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  await page.close()
  return usedSize / 1024 / 1024
}

/**
 * A change on one device until the reader's other device shows it, both online, no reload or
 * focus change: device A moves its top book with the keyboard (saved locally, pushed at once);
 * device B shows that book in its new place through whatever brings changes today (a pull on a
 * timer, or a live stream). A sample not seen within `timeoutMs` is counted as missed.
 */
export async function crossDevice(a: Page, b: Page, samples: number, timeoutMs: number) {
  const times: number[] = []
  let missed = 0
  const id = await a.locator('ul[aria-label] li [data-book-id]').first().getAttribute('data-book-id')
  for (let i = 0; i < samples; i++) {
    const down = i % 2 === 0
    const at = down ? 2 : 1
    const seen = b.evaluate(([bid, p, ms]) => (window as any).__bench.until({ kind: 'posinset', id: bid, at: p }, ms), [
      id!,
      at,
      timeoutMs,
    ] as const)
    await armKey(a, { kind: 'posinset', id: id!, at })
    const pressed = Date.now()
    await a.locator(`[data-reorder-handle="${id}"]`).press(down ? 'ArrowDown' : 'ArrowUp')
    await keyResult(a)
    const stamp = await seen
    if (stamp) times.push(stamp.wall - pressed)
    else {
      missed++
      // Bring B up to date (as a focus would) so the next sample starts even.
      await b.evaluate(() => window.dispatchEvent(new Event('online')))
      await waitFor(b, { kind: 'posinset', id: id!, at })
    }
  }
  return { times, missed }
}
