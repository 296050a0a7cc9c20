import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { plugins } from '../vite.config.ts'

const src = fileURLToPath(new URL('../src', import.meta.url))
const root = fileURLToPath(new URL('..', import.meta.url))

// Unit tests sit beside the code (src/**/*.test.ts[x]) or in tests/unit; API and sync tests in
// tests/integration. DOM tests opt in with `// @vitest-environment happy-dom`.
// tests/integration/*.pg.test.ts are about PostgreSQL itself (restarts, several processes on one
// server, pool connections): they are collected only when TEST_DATABASE_URL names a server (the
// PostgreSQL pass of tests/run.sh), so the PGlite pass neither runs nor skips them.
const postgresOnly = process.env.TEST_DATABASE_URL ? [] : ['tests/integration/**/*.pg.test.ts']

export default defineConfig({
  root,
  plugins,
  resolve: { alias: { '~': src, 'styled-system': `${src}/styled-system` } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/setup/compile-messages.ts', 'tests/setup/pglite-template.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker's module graph (decision 54): each file imported the
    // app, its schemas and the database layer afresh, about a third of the suite's CPU. Files keep
    // their own servers and databases (tests/integration/harness.ts), so no state is shared.
    isolate: false,
  },
})
