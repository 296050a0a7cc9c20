import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testSocialProviders } from './fixtures/oidc/client'

// End-to-end tests drive Debian's Chromium (Playwright cannot download browsers here) against
// the production server (`npm start`'s entry) on a fresh data directory.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const root = fileURLToPath(new URL('..', import.meta.url))
const ownDataDir = !process.env.E2E_DATA_DIR
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tbr-e2e-'))
// Playwright loads this config in each worker too: share the first process's directory.
process.env.E2E_DATA_DIR = dataDir
// The runner that made the directory removes it when it exits (after it stopped the server), so
// runs leave no database behind in /tmp.
if (ownDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))

export const baseURL = `http://localhost:${PORT}`
/** The test OpenID Connect provider of social-sign-in.spec.ts (started by that spec). */
export const OIDC_PORT = PORT + 12
/** The local Open Library of the e2e run (started below, beside the app). Covers are
 *  named covers.example.org (the cover field takes only addresses with a domain), which the
 *  browser resolves to this machine. */
export const CATALOG_PORT = PORT + 13
/** The stripe-mode API server and its local Stripe (started by stripe-mode.spec.ts). */
export const STRIPE_APP_PORT = PORT + 20
export const COVERS_HOST = 'covers.example.org'
const COVERS_URL = `http://${COVERS_HOST}:${CATALOG_PORT}`

export default defineConfig({
  testDir: './e2e',
  // Screenshot walkthroughs (*.shots.ts) are tools for looking at the screens, not tests: they
  // run only when asked (SHOTS=1, or BOOKS_SCREENSHOTS=<dir>).
  testMatch: process.env.SHOTS || process.env.BOOKS_SCREENSHOTS ? ['**/*.spec.ts', '**/*.shots.ts'] : ['**/*.spec.ts'],
  outputDir: './.output/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--host-resolver-rules=MAP ${COVERS_HOST} 127.0.0.1`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node_modules/.bin/tsx tests/fixtures/open-library/serve.ts',
      cwd: root,
      url: `http://127.0.0.1:${CATALOG_PORT}/__test/requests`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { CATALOG_PORT: String(CATALOG_PORT) },
    },
    {
      command: 'node src/server/start.mjs',
      cwd: root,
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        AUTH_IP_LIMIT: '100000',
        APP_URL: baseURL,
        LOG_LEVEL: 'error',
        // Two browsers and the build share 2 cores: a slow turn must not shed a test's call with 503.
        API_QUEUE_WAIT_MS: '60000',
        // The same scrypt code at N=2^12: dozens of sign-ups need not cost a second of both cores each.
        PASSWORD_HASH_COST: '12',
        // One social sign-in provider ("Acme ID"), reached only when a test follows its button.
        SOCIAL_PROVIDERS: testSocialProviders(`http://127.0.0.1:${OIDC_PORT}`),
        // The book catalogue: the local Open Library started above.
        CATALOG_URL: `http://127.0.0.1:${CATALOG_PORT}`,
        CATALOG_COVERS_URL: COVERS_URL,
      },
    },
  ],
})
