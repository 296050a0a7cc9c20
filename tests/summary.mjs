// Prints one closing line for the whole run, "N passed, N failed", from the JSON reports.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests ?? 0
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0)
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  } else if (file.startsWith('playwright')) {
    passed += report.stats?.expected ?? 0
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0)
    skipped += report.stats?.skipped ?? 0
    if (report.errors?.length) failed += report.errors.length
  }
}
if (!existsSync(join(dir, 'playwright.json'))) failed += 1
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
