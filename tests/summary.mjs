// Prints one closing line for the whole run, "N passed, N failed", from the JSON reports, after
// the name of every test that failed (the end of a long log is what a reader sees first).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
const failures = []
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests ?? 0
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0)
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    for (const suite of report.testResults ?? []) {
      const where = `${file.replace(/\.json$/, '')} ${suite.name.replace(/.*?\/(src|tests)\//, '$1/')}`
      if (suite.status === 'failed' && !suite.assertionResults?.some((a) => a.status === 'failed'))
        failures.push(`${where}: ${(suite.message ?? '').split('\n')[0]}`)
      for (const a of suite.assertionResults ?? [])
        if (a.status === 'failed') failures.push(`${where} › ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`)
    }
  } else if (file.startsWith('playwright')) {
    passed += report.stats?.expected ?? 0
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0)
    skipped += report.stats?.skipped ?? 0
    if (report.errors?.length) failed += report.errors.length
    for (const e of report.errors ?? []) failures.push(`playwright: ${(e.message ?? '').split('\n')[0]}`)
    const walk = (s) => {
      for (const spec of s.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected' || t.status === 'flaky')
            failures.push(`playwright ${spec.file}:${spec.line} › ${spec.title} (${t.status}): ${(t.results?.at(-1)?.error?.message ?? '').split('\n')[0]}`)
      for (const c of s.suites ?? []) walk(c)
    }
    for (const s of report.suites ?? []) walk(s)
  }
}
if (!existsSync(join(dir, 'playwright.json'))) failed += 1
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f.replace(/\x1b\[[0-9;]*m/g, '').slice(0, 300)}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
