import base from '../playwright.config'

// The /books search probe (search-probe.ts) on the e2e server: its own config because the probe
// is a measurement, not a test, and stays out of the e2e run.
//   npm run build && E2E_PORT=<port> npx playwright test --config tests/bench/search-probe.config.ts
export default { ...base, testDir: '.', testMatch: ['search-probe.ts'], timeout: 900_000, workers: 1 }
