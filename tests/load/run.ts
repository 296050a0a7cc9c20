// `npm run load` (admission control, decision 26): the real server in a child process under autocannon, on
// PGlite and, when DATABASE_URL or TEST_DATABASE_URL names a server, on a fresh PostgreSQL
// database. Scenarios: the public list, GET /api/books with the owner's token, and 80% reads /
// 20% writes. Prints one table, then fails (exit 1) when an acknowledged write is missing
// afterwards, a request timed out, or any 5xx other than 503 (admission control's "come back
// later") was answered.
//
//   npm run load                       200 connections, 60 s per scenario
//   npm run load -- --seconds 10 --connections 50      (or LOAD_SECONDS, LOAD_CONNECTIONS)
//   npm run load -- --smoke            2 s each at 20 connections (tests/run.sh runs it: ~30 s)
//   npm run load -- --only pglite      one database (pglite | postgres)
//   npm run load -- --scenario books   some scenarios (public, books, mix; repeat the flag)
//
// autocannon runs in this process and the server in another, on the same 2 cores: figures are
// for comparing runs on one machine, not for capacity planning.
import { parseArgs } from 'node:util'
import { freshDatabase } from '../integration/fresh-database'
import { seedReader, signUp, startServer, bookIds } from './server'
import { ownList, publicList, readWriteMix, type LoadOptions, type Row, type Target } from './scenarios'

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    scenario: { type: 'string', multiple: true },
  },
})

const positive = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number (got ${raw})`)
  return n
}
const smoke = args.smoke || process.env.LOAD_SMOKE === '1'
const options: LoadOptions = {
  seconds: positive('--seconds', args.seconds ?? process.env.LOAD_SECONDS, smoke ? 2 : 60),
  connections: positive('--connections', args.connections ?? process.env.LOAD_CONNECTIONS, smoke ? 20 : 200),
  timeoutSeconds: 30,
}
const BOOKS = 50
const WRITERS = smoke ? 1 : 4
const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL

const databases: { key: string; label: string; adminUrl?: string }[] = [{ key: 'pglite', label: 'PGlite' }]
if (pgUrl) databases.push({ key: 'postgres', label: 'PostgreSQL', adminUrl: pgUrl })
const chosen = databases.filter((d) => !args.only || d.key === args.only.toLowerCase())
if (!chosen.length)
  throw new Error(`--only ${args.only}: no such database here (pglite, or postgres with DATABASE_URL)`)

console.log(
  `load: ${options.connections} connections, ${options.seconds} s per scenario, ${BOOKS} books, ` +
    `timeout ${options.timeoutSeconds} s, on ${chosen.map((d) => d.label).join(' and ')}`,
)

const SCENARIOS = ['public', 'books', 'mix']
const unknown = (args.scenario ?? []).filter((n) => !SCENARIOS.includes(n))
if (unknown.length) throw new Error(`--scenario ${unknown.join(', ')}: not one of ${SCENARIOS.join(', ')}`)
const wanted = (name: string) => !args.scenario?.length || args.scenario.includes(name)

const rows: Row[] = []
for (const db of chosen) {
  const fresh = db.adminUrl ? await freshDatabase(db.adminUrl) : null
  const server = await startServer({ databaseUrl: fresh?.url })
  try {
    const reader = await seedReader(server.url, BOOKS)
    const writers: string[] = []
    for (let i = 0; i < WRITERS; i++) writers.push(await signUp(server.url, `Load Writer ${i + 1}`))
    const target: Target = { url: server.url, reader, writers }
    if (wanted('public')) rows.push(await publicList(target, db.label, options))
    if (wanted('books')) rows.push(await ownList(target, db.label, options))
    if (!wanted('mix')) continue
    const { row, acked } = await readWriteMix(target, db.label, options)
    // Every write answered 2xx must be there afterwards, read back like a client would.
    row.acknowledged = 0
    row.lost = 0
    for (const [writer, ids] of acked) {
      const present = await bookIds(server.url, writer)
      row.acknowledged += ids.size
      for (const id of ids) if (!present.has(id)) row.lost++
    }
    rows.push(row)
  } finally {
    await server.stop()
    await fresh?.drop()
  }
}

const head = [
  'scenario',
  'database',
  'req/s',
  'p50 ms',
  'p99 ms',
  'max ms',
  'requests',
  'non-2xx',
  'errors',
  'timeouts',
  'writes ok/lost',
]
const cells = rows.map((r) => [
  r.scenario,
  r.database,
  r.rps.toFixed(0),
  String(r.p50),
  String(r.p99),
  String(r.max),
  String(r.requests),
  Object.entries(r.byStatus)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ') || '0',
  String(r.errors),
  String(r.timeouts),
  r.acknowledged === undefined ? '' : `${r.acknowledged}/${r.lost}`,
])
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
const line = (c: string[]) => c.map((s, i) => (i < 2 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!))).join('  ')
console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
for (const c of cells) console.log(line(c))

const problems: string[] = []
for (const r of rows) {
  const where = `${r.scenario} on ${r.database}`
  if (r.lost) problems.push(`${where}: ${r.lost} acknowledged writes missing afterwards`)
  if (r.timeouts) problems.push(`${where}: ${r.timeouts} requests got no answer within ${options.timeoutSeconds} s`)
  const bad = Object.entries(r.byStatus).filter(([s]) => s.startsWith('5') && s !== '503')
  if (bad.length) problems.push(`${where}: ${bad.map(([s, n]) => `${n}× ${s}`).join(', ')}`)
  if (r.acknowledged === 0) problems.push(`${where}: no write was acknowledged`)
}
console.log(problems.length ? `\nFAILED:\n  ${problems.join('\n  ')}` : '\nno lost writes, no timeouts, no 5xx but 503')
process.exit(problems.length ? 1 : 0)
