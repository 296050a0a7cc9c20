// Captures the web app manifest's screenshots (src/client/pwa/manifest.ts), which richer install
// dialogs show: a phone-width /books list and a desktop-width dashboard of a demo reader.
//   npm run screenshots
// It starts the app on a scratch data directory (port SCREENSHOTS_PORT, default 3420; `npm start`
// builds the client first when it is stale), seeds the reader through the API (seed-demo.ts),
// shoots in Debian's Chromium and writes small PNGs to public/screenshots/. With
// SCREENSHOTS_BASE_URL=http://… it uses that running server instead (outside production: the
// dev outbox must answer). The PNGs are committed; run this again after a visible change.
import { chromium, type Browser, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { seedDemoReader } from './seed-demo'

const root = fileURLToPath(new URL('../..', import.meta.url))
const outDir = join(root, 'public/screenshots')

/** What the manifest lists; `file` under public/screenshots/. Kept in step with manifest.ts. */
export const SHOTS = [
  { file: 'narrow-books.png', path: '/books', width: 390, height: 844, scale: 2, mobile: true },
  { file: 'wide-dashboard.png', path: '/dashboard', width: 1280, height: 800, scale: 1, mobile: false },
] as const

async function startServer(): Promise<{ base: string; own: boolean; stop(): void }> {
  const given = process.env.SCREENSHOTS_BASE_URL
  if (given) return { base: given.replace(/\/$/, ''), own: false, stop() {} }
  const port = Number(process.env.SCREENSHOTS_PORT ?? 3420)
  const base = `http://localhost:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'tbr-screenshots-'))
  const server = spawn(process.execPath, ['src/server/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // APP_URL is what the dashboard shows as the list's address: the product's, not localhost.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: 'https://tbr.example', NODE_ENV: 'development', LOG_LEVEL: 'error' },
  })
  const stop = () => {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 180_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`)
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { base, own: true, stop }
    if (Date.now() > deadline) {
      stop()
      throw new Error(`no server on ${base}`)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}

async function settle(page: Page) {
  // Fonts, the page transition and the charts' 1000 ms animation.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(1500)
}

async function shoot(browser: Browser, base: string, token: string, shot: (typeof SHOTS)[number]) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: shot.scale,
    isMobile: shot.mobile,
    hasTouch: shot.mobile,
    colorScheme: 'light',
    locale: 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  await page.goto(shot.path)
  await page.locator('main h1').first().waitFor()
  if (shot.path === '/books') await page.getByRole('list', { name: 'Your books' }).getByRole('listitem').nth(3).waitFor()
  if (shot.path === '/dashboard') await page.locator('figure svg[role="img"]').first().waitFor()
  await settle(page)
  const raw = await page.screenshot({ type: 'png' })
  await context.close()
  // A palette of at most 256 colours without dithering (UI screenshots survive it well, and flat
  // areas stay flat), deflated at its best: the file downloads with the install dialog.
  const { data: png, info } = await sharp(raw)
    .png({ palette: true, colours: 256, dither: 0, effort: 10, compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true })
  const { width, height } = info
  writeFileSync(join(outDir, shot.file), png)
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
  console.log(`public/screenshots/${shot.file}: ${width}x${height}, ${kib(raw.length)} → ${kib(png.length)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(outDir, { recursive: true })
  const server = await startServer()
  try {
    // A fresh server of our own has room for tidy names; a given one gets unique ones.
    const reader = await seedDemoReader(server.base, server.own ? { email: 'ada@example.com', slug: 'ada' } : {})
    // A few page views, so the dashboard's charts have something to draw.
    for (let i = 0; i < 7; i++) await fetch(`${server.base}/api/public/${reader.slug}`)
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--hide-scrollbars'],
    })
    try {
      for (const shot of SHOTS) await shoot(browser, server.base, reader.token, shot)
    } finally {
      await browser.close()
    }
  } finally {
    server.stop()
  }
}
