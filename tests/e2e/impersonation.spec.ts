import { expect, test, type APIRequestContext } from '@playwright/test'
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PASSWORD, useToken } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Support sessions (decision 59): a master (made by `npm run master`, never an API) opens a support
// session from the support screen; a banner names the person on every screen; Stop returns to the
// master's own session. A bad token ends on /404.
//
// Own server on its own data directory: the master command opens the embedded database, which
// only one process may hold, so the server is stopped while it runs (README).

const root = fileURLToPath(new URL('../..', import.meta.url))
const PORT = Number(process.env.E2E_PORT ?? 3100) + 11
const origin = `http://localhost:${PORT}`
let work = ''
let server: ChildProcess | undefined

test.use({ baseURL: origin })

const env = () => ({
  ...process.env,
  SKIP_BUILD: '1',
  PORT: String(PORT),
  DATA_DIR: join(work, 'data'),
  NODE_ENV: 'test' as const,
  APP_URL: origin,
  AUTH_IP_LIMIT: '100000',
  LOG_LEVEL: 'error',
})

async function startServer() {
  server = spawn(process.execPath, ['src/server/start.mjs'], { cwd: root, env: env(), stdio: ['ignore', 'ignore', 'inherit'] })
  await expect
    .poll(() => fetch(`${origin}/api/health`).then((r) => r.status, () => 0), { timeout: 60_000, intervals: [250] })
    .toBe(200)
}

async function stopServer() {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server!.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

async function person(request: APIRequestContext, name: string, email: string) {
  expect((await request.post(`${origin}/api/account`, { data: { name, email, password: PASSWORD } })).status()).toBe(200)
  const outbox = await (await request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()
  const link = new URL(outbox.data[0].links[0])
  const verified = await request.post(`${origin}/api/user/verify`, { data: { token: link.searchParams.get('token') } })
  const token = (await verified.json()).data.token as string
  const headers = { authorization: `Bearer ${token}` }
  expect((await request.post(`${origin}/api/account/plan`, { data: { plan: 'free' }, headers })).status()).toBe(200)
  expect((await request.patch(`${origin}/api/user`, { data: { onboarded: true }, headers })).status()).toBe(200)
  return { email, token }
}

let masterEmail = ''
let adaToken = ''
test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000)
  work = mkdtempSync(join(tmpdir(), 'tbr-support-'))
  await startServer()
  masterEmail = `sam-${Date.now()}@example.com`
  await person(request, 'Sam Support', masterEmail)
  const ada = await person(request, 'Ada Consenting', `ada-${Date.now()}@example.com`)
  await request.patch(`${origin}/api/user`, { data: { support_enabled: true }, headers: { authorization: `Bearer ${ada.token}` } })
  adaToken = ada.token
  await person(request, 'Shy Private', `shy-${Date.now()}@example.com`)
  await stopServer()
  await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['src/tools/make-master.ts', masterEmail], { cwd: root, env: env() })
  await startServer()
})

test.afterAll(async () => {
  await stopServer()
  if (work) rmSync(work, { recursive: true, force: true })
})

test('a master signs in as a consenting person, sees the banner on every screen, and stops', async ({ page, request }) => {
  test.setTimeout(120_000)
  // The master signs in again after the command (their old session predates the flag's reading).
  const signIn = await request.post(`${origin}/api/auth`, { data: { email: masterEmail, password: PASSWORD } })
  await useToken(page, (await signIn.json()).data.token)
  await page.goto('/account')
  await page.getByRole('link', { name: 'Support' }).first().click()
  await expect(page).toHaveURL(/\/account\/support$/)
  const table = page.getByRole('table', { name: 'People who allow support access' })
  await expect(table.getByRole('row', { name: /Ada Consenting/ })).toBeVisible()
  await expect(table.getByText('Shy Private')).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search by name, email or account' }).fill('nobody-like-this')
  await expect(page.getByText('Nobody matches.')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search by name, email or account' }).fill('ada')
  await page.getByRole('button', { name: 'Sign in as Ada Consenting' }).click()

  const banner = page.getByRole('region', { name: 'Support session' })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(banner).toContainText('you are signed in as Ada Consenting')
  await page.goto('/books')
  await expect(banner).toBeVisible()
  await page.goto('/account/password')
  await expect(banner).toBeVisible()
  // A security change is refused during it (403, shown by the central handler).
  await page.locator('input[name="oldpassword"]').fill(PASSWORD)
  await page.locator('input[name="newpassword"]').fill('Taken-over1!')
  await page.locator('input[name="confirm_password"]').fill('Taken-over1!')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Not available in a support session: only the person can do this').first()).toBeVisible()

  await banner.getByRole('button', { name: 'Stop' }).click()
  await expect(page).toHaveURL(/\/account\/support$/)
  await expect(banner).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'People who allow support access' })).toBeVisible()
})

test('the person sees on /help who opened support sessions as them; turning access off ends the open one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const master = (await (await request.post(`${origin}/api/auth`, { data: { email: masterEmail, password: PASSWORD } })).json()).data.token
  const adaId = (await (await request.get(`${origin}/api/user`, { headers: bearer(adaToken) })).json()).data.id
  const open = async () => {
    const started = await request.post(`${origin}/api/support/impersonate`, { data: { user_id: adaId }, headers: bearer(master) })
    const res = await request.post(`${origin}/api/auth/impersonate`, { data: { token: (await started.json()).data.token } })
    return (await res.json()).data.token as string
  }
  const ended = await open()
  await request.post(`${origin}/api/auth/impersonate/stop`, { headers: bearer(ended) })
  const live = await open()

  await useToken(page, adaToken)
  await page.goto('/help')
  const table = page.getByRole('table', { name: 'Support sessions' })
  const rows = table.getByRole('row').filter({ hasText: 'Sam Support' })
  // Newest first: the open one says Active, the stopped one its end time.
  await expect(rows.first()).toContainText('Active')
  await expect(rows.nth(1)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
  await expect(rows.nth(1)).not.toContainText('Active')

  await page.getByText('Support access is on').click()
  await expect(page.getByRole('switch')).not.toBeChecked()
  await expect(table.getByText('Active')).toHaveCount(0)
  expect((await request.get(`${origin}/api/books`, { headers: bearer(live) })).status()).toBe(401)
  // On again for the other tests.
  await request.patch(`${origin}/api/user`, { data: { support_enabled: true }, headers: bearer(adaToken) })
})

test('an invalid or used support token ends on the not-found page', async ({ page }) => {
  await page.goto('/signin/impersonate?token=not-a-real-token')
  await expect(page).toHaveURL(/\/404$/)
})
