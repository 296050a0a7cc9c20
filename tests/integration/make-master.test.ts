import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// Masters are made by `npm run master -- <email>` (src/tools/make-master.ts),
// never by an API. The command runs for real on the database a server used (PGlite in a data
// directory, or the PostgreSQL database of the pass), with the server stopped as the README says.

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'tbr-master-'))
let s: TestServer | undefined
afterAll(async () => {
  await s?.close()
  rmSync(dir, { recursive: true, force: true })
})

function master(args: string[], env: Record<string, string>) {
  const tsx = join(root, 'node_modules/.bin/tsx')
  return run(tsx, ['src/tools/make-master.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  )
}

test('grants and revokes the master flag by email; an unknown email fails saying so', { timeout: 240_000 }, async () => {
  // Keep the PostgreSQL database of this pass after close, so the command can open it.
  s = await startTestServer({ DATA_DIR: join(dir, 'data') })
  const u = await s.signUp({ email: 'Staff.Member@example.com' })
  const dbEnv: Record<string, string> = s.deps.config.DATABASE_URL
    ? { DATABASE_URL: s.deps.config.DATABASE_URL }
    : { DATA_DIR: join(dir, 'data') }
  // PGlite has one process at a time: stop the server's database first (README).
  await s.deps.database.close()

  const granted = await master(['staff.member@EXAMPLE.com'], dbEnv)
  expect(granted.code).toBe(0)
  expect(granted.stdout).toContain('is now support staff')

  const unknown = await master(['nobody@example.com'], dbEnv)
  expect(unknown.code).toBe(1)
  expect(unknown.stderr).toContain('No user has the email address nobody@example.com')
  expect((await master([], dbEnv)).code).toBe(2)

  const check = await startTestServer({ ...dbEnv, DATA_DIR: dbEnv.DATA_DIR ?? 'memory://' })
  try {
    const [row] = await check.query<{ master: boolean }>(sql`select master from users where id = ${u.user.id}`)
    expect(row!.master).toBe(true)
    const me = await check.api('GET', '/api/user', { token: u.token })
    expect(me.body.data.master).toBe(true)
    expect((await check.api('GET', '/api/support/users', { token: u.token })).status).toBe(200)
  } finally {
    await check.close()
  }

  const revoked = await master(['--revoke', 'staff.member@example.com'], dbEnv)
  expect(revoked.code).toBe(0)
  const again = await startTestServer({ ...dbEnv, DATA_DIR: dbEnv.DATA_DIR ?? 'memory://' })
  try {
    const [row] = await again.query<{ master: boolean }>(sql`select master from users where id = ${u.user.id}`)
    expect(row!.master).toBe(false)
    // Revoking ends their sessions.
    expect((await again.api('GET', '/api/user', { token: u.token })).status).toBe(401)
  } finally {
    await again.close()
  }
})
