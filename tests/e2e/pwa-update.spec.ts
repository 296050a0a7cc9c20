import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { notifications, readyUser, useToken } from './auth-helpers'

// Updates (issue "Installable PWA"): two real production builds of the client, A and B, served
// by the real server on its own port. Deploying B makes the new service worker wait; the app
// offers Reload in a toast and never reloads a tab whose form holds unsaved input. B is also
// built with MARKETING_URL (read by the build): its auth logo links there, A's to `/`.
//
// This spec does not use the shared web server: it builds twice into temporary directories and
// serves a directory of its own whose contents it swaps, as a deploy does (the server reads
// index.html and the files from disk on every request).

const root = fileURLToPath(new URL('../..', import.meta.url))
const PORT = Number(process.env.E2E_UPDATE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 10)
const origin = `http://localhost:${PORT}`
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
// Made in beforeAll: every process that lists the tests loads this file.
let work = ''
const BUILDS = { A: 'update-a', B: 'update-b' } as const
type Build = keyof typeof BUILDS
const buildDir = (b: Build) => join(work, `build-${b}`)
const serveDir = () => join(work, 'serve')
const MARKETING_URL = 'https://tbr.example/'

let server: ChildProcess | undefined
/** Builds still running: a beforeAll that timed out must not leave them eating the cores. */
const building = new Set<ChildProcess>()

test.use({ baseURL: origin })

/** `vite build` (production, as `npm run build` after its panda codegen) into a temp dir. */
function build(b: Build) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/vite'), ['build'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_BUILD_ID: BUILDS[b],
        BUILD_OUT_DIR: buildDir(b),
        // The build stamps MARKETING_URL in (vite.config.ts): B is a deploy that configures one.
        MARKETING_URL: b === 'B' ? MARKETING_URL : '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    building.add(child)
    let log = ''
    child.stdout!.on('data', (d) => (log += d))
    child.stderr!.on('data', (d) => (log += d))
    child.on('error', reject)
    child.on('exit', (code) => {
      building.delete(child)
      if (code === 0) resolve()
      else reject(new Error(`build ${b} failed (${code}):\n${log.slice(-3000)}`))
    })
  })
}

/** A deploy: the build's files are copied over the served directory (old hashed assets stay). */
function deploy(b: Build) {
  cpSync(buildDir(b), serveDir(), { recursive: true, force: true })
}

/** The module script that boots build `b` (from its index.html). */
const entryScript = (b: Build) =>
  /<script type="module"[^>]*src="([^"]+)"/.exec(readFileSync(join(buildDir(b), 'index.html'), 'utf8'))![1]!

test.beforeAll(async () => {
  test.setTimeout(180_000)
  work = mkdtempSync(join(tmpdir(), 'tbr-update-'))
  // Both builds at once: a build mostly runs on one core.
  await Promise.all([build('A'), build('B')])
  deploy('A')
  server = spawn(process.execPath, ['src/server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      PORT: String(PORT),
      DATA_DIR: join(work, 'data'),
      CLIENT_DIR: serveDir(),
      NODE_ENV: 'test',
      APP_URL: origin,
      AUTH_IP_LIMIT: '100000',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200)
})

test.afterAll(async () => {
  for (const child of building) child.kill('SIGTERM')
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  if (work) rmSync(work, { recursive: true, force: true })
})

async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** Marks the running document: the mark is gone once the tab reloads. */
async function mark(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __sameDocument?: boolean; __firstController?: ServiceWorker | null }
    w.__sameDocument = true
    w.__firstController = navigator.serviceWorker.controller
  })
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
/** True once a new service worker controls this (not reloaded) document. */
const controllerChanged = (page: Page) =>
  page.evaluate(() => {
    const first = (window as unknown as { __firstController?: ServiceWorker | null }).__firstController
    return navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller !== first
  })

const versionLine = (page: Page) => page.getByTestId('app-version')
const shows = (b: Build) => `Version ${version} (build ${BUILDS[b]})`
const updateToast = (page: Page) =>
  notifications(page).getByRole('listitem').filter({ hasText: 'A new version of TBR is ready' })

test('a waiting update offers Reload, which opens the new build under the new service worker', async ({
  page,
  request,
  context,
}) => {
  deploy('A')
  const { token } = await readyUser(request, { name: 'Update Ursula' })
  await useToken(page, token)
  await page.goto('/help')
  await expect(versionLine(page)).toHaveText(shows('A'))
  await controlledBySw(page)
  // The first worker of a first visit is no update (it too passes through `waiting`).
  await expect(updateToast(page)).toHaveCount(0)
  await mark(page)

  deploy('B')
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())!.update()
  })
  const toast = updateToast(page)
  await expect(toast).toBeVisible()
  // Nothing happens under the reader's feet: the page stays on build A until they choose.
  expect(await sameDocument(page)).toBe(true)
  await expect(versionLine(page)).toHaveText(shows('A'))

  const reloaded = page.waitForEvent('load')
  await toast.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  expect(await sameDocument(page)).toBe(false)
  await expect(versionLine(page)).toHaveText(shows('B'))
  await expect(updateToast(page)).toHaveCount(0)
  // The new worker controls the page and nothing else waits.
  expect(
    await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.getRegistration())!
      return {
        controls: reg.active !== null && reg.active === navigator.serviceWorker.controller,
        waiting: reg.waiting,
      }
    }),
  ).toEqual({ controls: true, waiting: null })
  // …and it is B it precached: offline, the app reopens on build B.
  await context.setOffline(true)
  await page.reload()
  await expect(versionLine(page)).toHaveText(shows('B'))
  await context.setOffline(false)
})

test('Reload in one tab updates the idle tabs but never a tab with unsaved input', async ({ context, request }) => {
  // Three tabs, two builds and four page loads, each registering the service worker only once
  // the page is idle (decision 43): on two busy cores that takes more than a minute.
  test.setTimeout(120_000)
  deploy('A')
  const { token } = await readyUser(request, { name: 'Tabs Tomás' })
  const open = async (path: string) => {
    const p = await context.newPage()
    await useToken(p, token)
    await p.goto(path)
    return p
  }
  const writer = await open('/books/new')
  await controlledBySw(writer)
  const clicker = await open('/help')
  const idle = await open('/help')
  for (const p of [clicker, idle]) await expect(versionLine(p)).toHaveText(shows('A'))
  for (const p of [writer, clicker, idle]) {
    await controlledBySw(p)
    await mark(p)
  }
  const writerLoads: string[] = []
  writer.on('load', () => writerLoads.push(writer.url()))
  const typed = 'The book I am halfway through typing'
  const title = writer.locator('input[name="title"]')
  await title.fill(typed)

  deploy('B')
  // The app looks for a new version when it comes back to the foreground.
  await clicker.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  for (const p of [writer, clicker, idle]) await expect(updateToast(p)).toBeVisible()

  const clickerReloaded = clicker.waitForEvent('load')
  const idleReloaded = idle.waitForEvent('load')
  await updateToast(clicker).getByRole('button', { name: 'Reload' }).click()
  await clickerReloaded
  await expect(versionLine(clicker)).toHaveText(shows('B'))
  // A tab with nothing typed follows by itself.
  await idleReloaded
  expect(await sameDocument(idle)).toBe(false)
  await expect(versionLine(idle)).toHaveText(shows('B'))

  // The tab with unsaved input is now controlled by the new worker but was not reloaded: the
  // same document, the typed title, still offered the update.
  await expect.poll(() => controllerChanged(writer)).toBe(true)
  await writer.waitForTimeout(500)
  expect(writerLoads).toEqual([])
  expect(await sameDocument(writer)).toBe(true)
  await expect(title).toHaveValue(typed)
  await expect(writer).toHaveURL(/\/books\/new$/)
  await expect(updateToast(writer)).toBeVisible()

  // When its reader chooses Reload, that tab opens build B too.
  const writerReloaded = writer.waitForEvent('load')
  await updateToast(writer).getByRole('button', { name: 'Reload' }).click()
  await writerReloaded
  expect(await sameDocument(writer)).toBe(false)
  expect(
    await writer.evaluate(() =>
      document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src'),
    ),
  ).toBe(entryScript('B'))
  await writer.goto('/help')
  await expect(versionLine(writer)).toHaveText(shows('B'))
})

test('the auth logo and a signed-out 404 lead to MARKETING_URL in a build made with it, and home without', async ({
  browser,
}) => {
  for (const [b, marketing] of [
    ['A', false],
    ['B', true],
  ] as const) {
    deploy(b)
    // A fresh context: no service worker serves it the build it saw before.
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto('/signin')
    const panel = page.getByRole('complementary', { name: 'About TBR' })
    if (marketing) {
      await expect(panel.getByRole('link', { name: 'TBR website' })).toHaveAttribute('href', MARKETING_URL)
      await expect(panel.getByRole('link', { name: 'TBR home' })).toHaveCount(0)
    } else {
      await expect(panel.getByRole('link', { name: 'TBR home' })).toHaveAttribute('href', '/')
    }
    await page.goto('/no-such-list-here')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    const home = page.getByRole('link', { name: 'Go to the home page' })
    if (marketing) await expect(home).toHaveAttribute('href', MARKETING_URL)
    else await expect(home).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
    await context.close()
  }
})
