import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// decisions (trust): a support session ends (401) at once when its staff member signs out or
// loses master (`npm run master -- --revoke`), or when the customer turns support access off; the
// customer reads the list of support sessions opened as them at GET /api/support/sessions.
// Attacks: a support session that outlives the consent or the staff member's own standing, and
// a customer reading another person's support history.

const SLOW = { timeout: 240_000 }
const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

async function staff(server: TestServer, name = 'Sam Support') {
  const m = await server.signUp({ name })
  await server.query(sql`update users set master = true where id = ${m.user.id}`)
  return m
}

async function consenting(server: TestServer, name: string) {
  const u = await server.signUp({ name })
  await server.api('PATCH', '/api/user', { token: u.token, body: { support_enabled: true } })
  return u
}

/** A master opens a support session as `userId` the way the support screen does. */
async function openSupport(server: TestServer, masterToken: string, userId: string): Promise<string> {
  const started = await server.api('POST', '/api/support/impersonate', { token: masterToken, body: { user_id: userId } })
  expect(started.status).toBe(200)
  const res = await server.api('POST', '/api/auth/impersonate', { body: { token: started.body.data.token } })
  expect(res.status).toBe(200)
  return res.body.data.token
}

const alive = async (server: TestServer, token: string) => (await server.api('GET', '/api/books', { token })).status

/** The recorded ends of support sessions opened as `userId`, with why each ended. */
async function stopEvents(server: TestServer, userId: string) {
  return server.query<{ master: string; reason: string }>(
    sql`select metadata->>'master_id' as master, metadata->>'reason' as reason from events
        where name = 'impersonation_stopped' and metadata->>'user_id' = ${userId}`,
  )
}

describe('a support session ends at once', SLOW, () => {
  test('when its staff member signs out', async () => {
    const m = await staff(s)
    const ada = await consenting(s, 'Ada')
    const support = await openSupport(s, m.token, ada.user.id)
    expect(await alive(s, support)).toBe(200)
    expect((await s.api('DELETE', '/api/auth', { token: m.token })).status).toBe(200)
    expect(await alive(s, support)).toBe(401)
    expect((await s.api('GET', '/api/user', { token: support })).status).toBe(401)
    expect((await s.api('POST', '/api/books', { token: support, body: { title: 'Planted' } })).status).toBe(401)
    // The customer's own session goes on.
    expect(await alive(s, ada.token)).toBe(200)
    const [row] = (await s.api('GET', '/api/support/sessions', { token: ada.token })).body.data
    expect(row.ended_at).not.toBeNull()
    // The trail of who acted as whom records the end, as Stop would.
    expect(await stopEvents(s, ada.user.id)).toEqual([{ master: m.user.id, reason: 'staff_signed_out' }])
  })

  test('when the customer turns support access off', async () => {
    const m = await staff(s)
    const ada = await consenting(s, 'Ada')
    const support = await openSupport(s, m.token, ada.user.id)
    const off = await s.api('PATCH', '/api/user', { token: ada.token, body: { support_enabled: false } })
    expect(off.status).toBe(200)
    expect(await alive(s, support)).toBe(401)
    // Turning it on again does not bring the old session back.
    await s.api('PATCH', '/api/user', { token: ada.token, body: { support_enabled: true } })
    expect(await alive(s, support)).toBe(401)
    const [row] = (await s.api('GET', '/api/support/sessions', { token: ada.token })).body.data
    expect(row.ended_at).not.toBeNull()
    expect(await stopEvents(s, ada.user.id)).toEqual([{ master: m.user.id, reason: 'support_access_off' }])
    // The staff member's own session is untouched.
    expect((await s.api('GET', '/api/support/users', { token: m.token })).status).toBe(200)
  })

  test('when the staff member is no longer master, even if nothing revoked their sessions', async () => {
    const m = await staff(s)
    const ada = await consenting(s, 'Ada')
    const support = await openSupport(s, m.token, ada.user.id)
    await s.query(sql`update users set master = false where id = ${m.user.id}`)
    expect(await alive(s, support)).toBe(401)
  })

  test('when the staff member’s own session is revoked some other way (their password changed)', async () => {
    const m = await staff(s)
    const ada = await consenting(s, 'Ada')
    const support = await openSupport(s, m.token, ada.user.id)
    // A second device of the staff member changes the password: every other session ends.
    const other = await s.api('POST', '/api/auth', { body: { email: m.email, password: m.password } })
    const changed = await s.api('PUT', '/api/user/password', {
      token: other.body.data.token,
      body: { oldpassword: m.password, newpassword: 'another pass!' },
    })
    expect(changed.status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: m.token })).status).toBe(401)
    expect(await alive(s, support)).toBe(401)
    expect(await stopEvents(s, ada.user.id)).toEqual([{ master: m.user.id, reason: 'sessions_ended' }])
  })
})

describe('GET /api/support/sessions', SLOW, () => {
  test('answers the customer’s support sessions newest first; nobody else sees them', async () => {
    const m1 = await staff(s, 'Sam Support')
    const m2 = await staff(s, 'Kim Helper')
    const ada = await consenting(s, 'Ada')
    const bob = await consenting(s, 'Bob')
    const first = await openSupport(s, m1.token, ada.user.id)
    await s.api('POST', '/api/auth/impersonate/stop', { token: first })
    const second = await openSupport(s, m2.token, ada.user.id)
    await openSupport(s, m2.token, bob.user.id)

    const res = await s.api('GET', '/api/support/sessions', { token: ada.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      { id: expect.any(String), staff_name: 'Kim Helper', started_at: expect.any(String), ended_at: null },
      { id: expect.any(String), staff_name: 'Sam Support', started_at: expect.any(String), ended_at: expect.any(String) },
    ])
    const [newest, oldest] = res.body.data
    expect(Date.parse(newest.started_at)).toBeGreaterThanOrEqual(Date.parse(oldest.started_at))
    expect(Date.parse(oldest.ended_at)).toBeGreaterThanOrEqual(Date.parse(oldest.started_at))
    expect(new Date(oldest.started_at).toISOString()).toBe(oldest.started_at)
    expect(JSON.stringify(res.body)).not.toMatch(/token|email|password/i)

    // Bob (another account) sees only his own; a stranger none; signed out is 401.
    const bobs = await s.api('GET', '/api/support/sessions', { token: bob.token })
    expect(bobs.body.data).toHaveLength(1)
    expect(bobs.body.data[0].staff_name).toBe('Kim Helper')
    expect(bobs.body.data.map((r: { id: string }) => r.id)).not.toContain(newest.id)
    const stranger = await s.signUp({ name: 'Stranger' })
    expect((await s.api('GET', '/api/support/sessions', { token: stranger.token })).body.data).toEqual([])
    expect((await s.api('GET', '/api/support/sessions')).status).toBe(401)
    // The staff member's own list is theirs (none were opened as them), not the customers'.
    expect((await s.api('GET', '/api/support/sessions', { token: m2.token })).body.data).toEqual([])

    // The support session itself reads the list and finds itself there, still open: it cannot
    // hide from it (nothing edits or deletes this history).
    const seen = await s.api('GET', '/api/support/sessions', { token: second })
    expect(seen.status).toBe(200)
    expect(seen.body.data[0]).toMatchObject({ staff_name: 'Kim Helper', ended_at: null })
  })
})

test('`npm run master -- --revoke` ends the support sessions that staff member opened', SLOW, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tbr-support-'))
  let server: TestServer | undefined
  try {
    server = await startTestServer({ DATA_DIR: join(dir, 'data') })
    const m = await staff(server)
    const ada = await consenting(server, 'Ada')
    const support = await openSupport(server, m.token, ada.user.id)
    const dbEnv: Record<string, string> = server.deps.config.DATABASE_URL
      ? { DATABASE_URL: server.deps.config.DATABASE_URL }
      : { DATA_DIR: join(dir, 'data') }
    // PGlite has one process at a time: the command runs with the server's database closed.
    await server.deps.database.close()
    const revoked = await run(join(root, 'node_modules/.bin/tsx'), ['src/tools/make-master.ts', '--revoke', m.email], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...dbEnv },
      timeout: 120_000,
    })
    expect(revoked.stdout).toContain('is no longer support staff')
    const again = await startTestServer({ ...dbEnv, DATA_DIR: dbEnv.DATA_DIR ?? 'memory://' })
    try {
      expect(await alive(again, support)).toBe(401)
      const [row] = (await again.api('GET', '/api/support/sessions', { token: ada.token })).body.data
      expect(row.ended_at).not.toBeNull()
    } finally {
      await again.close()
    }
  } finally {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
