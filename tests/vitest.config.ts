import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { plugins } from '../vite.config.ts'

const src = fileURLToPath(new URL('../src', import.meta.url))
const root = fileURLToPath(new URL('..', import.meta.url))

// Unit tests sit beside the code (src/**/*.test.ts[x]) or in tests/unit; API and sync tests in
// tests/integration. DOM tests opt in with `// @vitest-environment happy-dom`.
export default defineConfig({
  root,
  plugins,
  resolve: { alias: { '~': src, 'styled-system': `${src}/styled-system` } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
