import { expect, test, type APIRequestContext } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PASSWORD, useToken } from './auth-helpers'

// decisions: step-up. A reader whose sign-in is older than REAUTH_WINDOW_S turns on two-factor
// authentication: the server answers 403 reauth, the app's one step-up dialog asks for the
// password (a wrong one is said so), and the call is repeated with it: the set-up goes on.
//
// Own server on its own data directory, with REAUTH_WINDOW_S=3 read from the environment like
// any setting, so a sign-in ages past the window in a few seconds of waiting. The shared e2e
// server keeps the default (600 s) and no other spec changes; nothing in the product bends for
// the test (its database cannot be reached from here to age a session: PGlite is one process's).

test.use({ serviceWorkers: 'block' })

const root = fileURLToPath(new URL('../..', import.meta.url))
const PORT = Number(process.env.E2E_PORT ?? 3100) + 15
const origin = `http://localhost:${PORT}`
const WINDOW_S = 3
let work = ''
let server: ChildProcess | undefined

test.use({ baseURL: origin })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  work = mkdtempSync(join(tmpdir(), 'tbr-step-up-'))
  const env = {
    ...process.env,
    SKIP_BUILD: '1',
    PORT: String(PORT),
    DATA_DIR: join(work, 'data'),
    NODE_ENV: 'test' as const,
    APP_URL: origin,
    AUTH_IP_LIMIT: '100000',
    LOG_LEVEL: 'error',
    PASSWORD_HASH_COST: '12',
    REAUTH_WINDOW_S: String(WINDOW_S),
  }
  server = spawn(process.execPath, ['src/server/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
  await expect
    .poll(() => fetch(`${origin}/api/health`).then((r) => r.status, () => 0), { timeout: 90_000, intervals: [250] })
    .toBe(200)
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  if (work) rmSync(work, { recursive: true, force: true })
})

async function reader(request: APIRequestContext) {
  const email = `stepup-${Date.now()}@example.com`
  expect((await request.post(`${origin}/api/account`, { data: { name: 'Sid Stepup', email, password: PASSWORD } })).status()).toBe(200)
  const outbox = await (await request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()
  const link = new URL(outbox.data[0].links[0])
  const verified = await request.post(`${origin}/api/user/verify`, { data: { token: link.searchParams.get('token') } })
  const token = (await verified.json()).data.token as string
  const headers = { authorization: `Bearer ${token}` }
  expect((await request.post(`${origin}/api/account/plan`, { data: { plan: 'free' }, headers })).status()).toBe(200)
  expect((await request.patch(`${origin}/api/user`, { data: { onboarded: true }, headers })).status()).toBe(200)
  return token
}

test('an old sign-in turning 2FA on: the dialog asks for the password and the set-up goes on', async ({ page, request }) => {
  test.setTimeout(90_000)
  const token = await reader(request)
  await useToken(page, token)
  await page.goto('/account/2fa')
  await expect(page.getByTestId('2fa-state')).toContainText('Off')
  // The sign-in is now older than the window.
  await page.waitForTimeout((WINDOW_S + 1) * 1000)

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('enter your password')
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0)

  const field = dialog.locator('input[name="password"]')
  await expect(field).toBeFocused()
  await field.fill('not my password!')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toContainText('Your current password is not correct')

  await dialog.locator('input[name="password"]').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await expect(page.getByTestId('totp-secret')).toHaveText(/[A-Z2-7]/)
})

test('cancelling the dialog changes nothing', async ({ page, request }) => {
  test.setTimeout(90_000)
  const token = await reader(request)
  await useToken(page, token)
  await page.goto('/account/2fa')
  await page.waitForTimeout((WINDOW_S + 1) * 1000)
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0)
  await expect(page.getByTestId('2fa-state')).toContainText('Off')
})

// Screenshots of the dialog for a person to look at (SHOTS=<dir>): 390 and 1280 px, light and
// dark, en and es, with the wrong-password message showing. Registered only with SHOTS, so a
// test run lists no skipped tests for them.
for (const width of process.env.SHOTS ? [390, 1280] : []) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'es'] as const) {
      test(`dialog screenshot ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
        test.setTimeout(90_000)
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
        await page.emulateMedia({ colorScheme: scheme })
        const token = await reader(request)
        await request.patch(`${origin}/api/user`, { data: { dark_mode: scheme === 'dark', locale: lang }, headers: { authorization: `Bearer ${token}` } })
        await page.addInitScript((l) => localStorage.setItem('locale', l), lang)
        await useToken(page, token)
        await page.goto('/account/2fa')
        await expect(page.getByTestId('2fa-state')).toBeVisible()
        await page.waitForTimeout((WINDOW_S + 1) * 1000)
        await page.getByTestId('2fa-state').locator('xpath=ancestor::*[.//button][1]').getByRole('button').first().click()
        const dialog = page.getByRole('dialog')
        await dialog.locator('input[name="password"]').fill('wrong one!')
        await dialog.locator('button[type="submit"]').click()
        await expect(dialog.locator('[data-part="error-text"]')).toBeVisible()
        await page.screenshot({ path: `${process.env.SHOTS}/step-up-${width}-${scheme}-${lang}.png` })
      })
    }
  }
}
