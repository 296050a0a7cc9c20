// What the browser benchmark runs inside the page (an init script, so it is there before the
// app): it waits for a state of the DOM with a MutationObserver and stamps both the moment the DOM
// holds that state (the work done: the list updated) and the first animation frame in which it is
// on screen (that plus the wait for the display's next frame, up to 16.7 ms at 60 Hz). A keystroke measure starts at the keydown event's own
// time stamp (when the input reached the page), so the keystroke's handling is counted too.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'

export type Wait =
  | { kind: 'first-row' }
  | { kind: 'status'; text: string }
  | { kind: 'unfiltered' }
  | { kind: 'posinset'; id: string; at: number }

export interface Stamp {
  /** ms from the armed keydown (or from navigation start when nothing was typed) to the frame. */
  ms: number
  /** ms from the same start to the moment the DOM held the state (before that frame). */
  dom: number
  /** Wall clock of that frame (to compare two pages). */
  wall: number
}

/** Installed with page.addInitScript; defines window.__bench. */
export function probe() {
  const w = window as unknown as Record<string, unknown>
  let keyAt: number | null = null
  let armed = false
  document.addEventListener(
    'keydown',
    (e) => {
      if (armed && keyAt === null) {
        keyAt = e.timeStamp
        w.__benchKeyLag = performance.now() - e.timeStamp
      }
    },
    true,
  )
  const holds = (wait: Wait): boolean => {
    switch (wait.kind) {
      case 'first-row':
        return !!document.querySelector('ul[aria-label] li a[href^="/books/"]')
      case 'status':
        return [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent === wait.text)
      case 'unfiltered':
        return ![...document.querySelectorAll('[role="status"]')].some((el) =>
          /books shown$/.test(el.textContent ?? ''),
        )
      case 'posinset': {
        const row = document.querySelector(`[data-book-id="${wait.id}"]`)?.closest('li')
        return row?.getAttribute('aria-posinset') === String(wait.at)
      }
    }
  }
  const until = (wait: Wait, timeoutMs: number) =>
    new Promise<Stamp | null>((resolve) => {
      let done = false
      const finish = (stamp: Stamp | null) => {
        if (done) return
        done = true
        observer.disconnect()
        clearTimeout(timer)
        armed = false
        resolve(stamp)
      }
      const check = () => {
        // Read first: the DOM held the state when the observer was called, and the check's own
        // querying of the page is the probe's work, not the app's.
        const now = performance.now()
        if (done || !holds(wait)) return
        const dom = now - (keyAt ?? 0)
        requestAnimationFrame(() => {
          const now = performance.now()
          finish({ ms: now - (keyAt ?? 0), dom, wall: performance.timeOrigin + now })
        })
        observer.disconnect()
      }
      const observer = new MutationObserver(check)
      // Only the changes the state can be in: an observer of every attribute of the page has the
      // browser record each of a keystroke's attribute changes, inside the measured time.
      observer.observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        ...(wait.kind === 'posinset' ? { attributes: true, attributeFilter: ['aria-posinset'] } : {}),
      })
      const timer = setTimeout(() => finish(null), timeoutMs)
      check()
    })
  w.__bench = {
    /** Arms a keystroke measure; `result()` answers it. */
    arm(wait: Wait, timeoutMs: number) {
      keyAt = null
      armed = true
      w.__benchPending = until(wait, timeoutMs)
    },
    result: () => w.__benchPending as Promise<Stamp | null>,
    until,
  }
  // The cold start: from navigation start to the first book row on screen.
  if (location.pathname === '/books') w.__benchFirstRow = until({ kind: 'first-row' }, 30_000)
}

export async function armKey(page: Page, wait: Wait, timeoutMs = 30_000) {
  await page.evaluate(([wt, ms]) => (window as any).__bench.arm(wt, ms), [wait, timeoutMs] as const)
}

export async function keyResult(page: Page): Promise<Stamp | null> {
  return page.evaluate(() => (window as any).__bench.result())
}

export async function waitFor(page: Page, wait: Wait, timeoutMs = 60_000): Promise<Stamp | null> {
  return page.evaluate(([wt, ms]) => (window as any).__bench.until(wt, ms), [wait, timeoutMs] as const)
}

export async function firstRow(page: Page): Promise<Stamp | null> {
  return page.evaluate(() => (window as any).__benchFirstRow ?? null)
}

/** CPU slowed `rate` times through the DevTools protocol (1: no throttling). */
export async function throttle(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  return cdp
}

/** A desktop-sized browser context signed in as the reader of `token`, with the probe installed. */
export async function readerContext(browser: Browser, baseURL: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1280, height: 900 } })
  // tsx names functions with a helper the page does not have.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f)')
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  await context.addInitScript(probe)
  return context
}

/** Debian's Chromium as every browser benchmark and diagnostic runs it. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
}
