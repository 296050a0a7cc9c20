import { expect, test, type Page } from '@playwright/test'
import { readyUser, useToken } from '../e2e/auth-helpers'

// Measures the /books list in Debian Chromium at a phone's size with the CPU slowed 4× (CDP),
// with 5,000 and 10,000 books seeded on the device: search keystroke → list updated, and a local
// save → visible in the list (a keyboard move in "Up next", a delete under a search). Prints
// min/median/p95/max per measure; asserts nothing about timings. Run with search-probe.config.ts.

const SIZES = (process.env.PROBE_SIZES ?? '5000,10000').split(',').map(Number)
const RATE = Number(process.env.PROBE_CPU ?? 4)
// Typed one key at a time, then erased: each step changes how many books match.
const LIMIT = 20_000
const TYPED = ['4242', 'author 7', 'book 99']

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!
  return `n=${s.length} min ${s[0]!.toFixed(1)} median ${at(0.5).toFixed(1)} p95 ${at(0.95).toFixed(1)} max ${s.at(-1)!.toFixed(1)} ms`
}

const title = (i: number) => `Book ${i}`
const author = (i: number) => `Author ${i % 97}`
/** How many seeded books a query matches (every word in the folded title and author). */
function matching(n: number, query: string) {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean)
  let count = 0
  for (let i = 0; i < n; i++) {
    const hay = `${title(i)} ${author(i)}`.toLowerCase()
    if (words.every((w) => hay.includes(w))) count++
  }
  return count
}

async function seed(page: Page, n: number) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('tbr')
            open.onsuccess = () => {
              const r = open.result.transaction('meta').objectStore('meta').get('cursor')
              r.onsuccess = () => resolve(r.result?.value ?? null)
              r.onerror = () => resolve(null)
            }
            open.onerror = () => resolve(null)
          }),
      ),
    )
    .not.toBeNull()
  await page.evaluate(async (n) => {
    const open = indexedDB.open('tbr')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const me = await new Promise<{ account_id: string }>((resolve) => {
      const r = db.transaction('user').objectStore('user').get('me')
      r.onsuccess = () => resolve(r.result)
    })
    const tx = db.transaction('books', 'readwrite')
    const store = tx.objectStore('books')
    const base = Date.UTC(2020, 0, 1)
    for (let i = 0; i < n; i++) {
      const at = new Date(base + i * 60_000).toISOString()
      store.put({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        title: `Book ${i}`,
        author: `Author ${i % 97}`,
        rating: (i % 5) + 1,
        review: i % 4 ? null : `A review of book ${i} that runs a little longer than a title does.`,
        started_at: i % 3 ? '2024-01-01' : null,
        finished_at: i % 3 === 2 ? '2024-02-01' : null,
        started: i % 3 !== 0,
        finished: i % 3 === 2,
        status: i % 3 === 0 ? 'not_started' : i % 3 === 1 ? 'reading' : 'finished',
        imageUrl: null,
        isbn: null,
        asin: null,
        position: null,
        added_at: at.slice(0, 10),
        source: 'manual',
        account_id: me.account_id,
        created_at: at,
        updated_at: at,
        version: 0,
        sync: 'synced',
      })
    }
    await new Promise((resolve) => (tx.oncomplete = resolve))
    db.close()
  }, n)
}

/** Installs the in-page clock: the time from the key's event to the DOM showing `done()`. */
async function timeUntil(page: Page, key: string, condition: string, arg: unknown): Promise<number> {
  return page
    .evaluate(
      async ({ condition, arg }) => {
        const done = new Function('arg', condition) as (arg: unknown) => boolean
        const w = window as unknown as { __probe?: Promise<number>; __start?: number }
        w.__start = undefined
        w.__probe = new Promise<number>((resolve) => {
          const onKey = (e: Event) => {
            w.__start = e.timeStamp
            removeEventListener('keydown', onKey, true)
          }
          addEventListener('keydown', onKey, true)
          const check = () => {
            if (w.__start === undefined || !done(arg)) return false
            const end = performance.now()
            observer.disconnect()
            resolve(end - w.__start)
            return true
          }
          const observer = new MutationObserver(check)
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
        })
      },
      { condition, arg },
    )
    .then(async () => {
      await page.keyboard.press(key)
      // A measure that never completes is reported as the limit, so a stuck step shows in the figures.
    const limit = new Promise<number>((resolve) => setTimeout(() => resolve(LIMIT), LIMIT))
    return Promise.race([page.evaluate(() => (window as unknown as { __probe: Promise<number> }).__probe), limit])
    })
}

const STATUS_IS = `const p = document.querySelector('[role=search] + p[role=status]'); return !!p && p.textContent === arg`
const UNFILTERED = `const p = document.querySelector('[role=search] + p[role=status]'); return !!p && p.textContent === '' && !!document.querySelector('[aria-posinset="1"] [data-book-id]')`
const AT_PLACE = `const [id, place] = arg; return !!document.querySelector('[aria-posinset="' + place + '"] [data-book-id="' + id + '"]')`
const GONE = `return !document.querySelector('[data-book-id="' + arg + '"]')`

for (const n of SIZES) {
  test(`/books with ${n} books, CPU ×${RATE}`, async ({ page, request }) => {
    const { token } = await readyUser(request, { name: 'Probe Reader' })
    await useToken(page, token)
    await page.goto('/books')
    await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()
    await seed(page, n)
    await page.reload()
    await expect(page.getByText(`${n.toLocaleString('en-US')} books on your list`)).toBeVisible()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE })
    const nf = (x: number) => x.toLocaleString('en-US')
    const box = page.getByRole('searchbox', { name: 'Search by title or author' })
    await box.focus()

    const keys: number[] = []
    for (const word of TYPED) {
      let typed = ''
      const steps: [string, string][] = [...word].map((ch) => [ch === ' ' ? 'Space' : ch, (typed += ch)])
      for (let i = word.length - 1; i >= 0; i--) steps.push(['Backspace', word.slice(0, i)])
      let previous = ''
      for (const [key, query] of steps) {
        const shown = query.trim() ? `${nf(matching(n, query))} of ${nf(n)} books shown` : ''
        if (shown === previous) {
          // Same answer (a trailing space): nothing on screen changes, so nothing to time.
          await page.keyboard.press(key)
          continue
        }
        const ms = await timeUntil(page, key, shown ? STATUS_IS : UNFILTERED, shown)
        keys.push(ms)
        previous = shown
      }
    }
    console.log(`${n} books, CPU ×${RATE}: search keystroke → list updated: ${stats(keys)}`)

    // A local save in "Up next": the first book moved down one place by its handle's arrow key.
    const moves: number[] = []
    for (let i = 0; i < 20; i++) {
      const handle = page.locator('[aria-posinset="1"] [data-reorder-handle]')
      const id = await handle.getAttribute('data-reorder-handle')
      await handle.focus()
      moves.push(await timeUntil(page, 'ArrowDown', AT_PLACE, [id, 2]))
    }
    console.log(`${n} books, CPU ×${RATE}: local save (move) → visible: ${stats(moves)}`)

    // A local save under a search: a book deleted from the matching list.
    await box.fill('book 1')
    await expect(page.locator('[role=search] + p[role=status]')).toHaveText(/ of /)
    const deletes: number[] = []
    for (let i = 0; i < 12; i++) {
      const row = page.locator('[aria-posinset="1"] [data-book-id]')
      const id = await row.getAttribute('data-book-id')
      await row.getByRole('button', { name: /^Delete/ }).click()
      const confirm = page
        .locator('[role=alertdialog],[role=dialog]')
        .getByRole('button', { name: 'Delete', exact: true })
      await confirm.focus()
      deletes.push(await timeUntil(page, 'Enter', GONE, id))
    }
    console.log(`${n} books, CPU ×${RATE}: local save (delete, searching) → visible: ${stats(deletes)}`)
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize,
    )
    if (heap) console.log(`${n} books: JS heap ${(heap / 1e6).toFixed(1)} MB`)
  })
}
