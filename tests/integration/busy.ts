import { expect, vi } from 'vitest'
import { sql, type TestServer } from './harness'

// A server made busy on purpose, for admission-control tests (decision 26): the test holds
// the database, a request admitted meanwhile keeps its turn while it waits, so the next ones meet
// a full server. Works on PGlite (a transaction holds the whole database) and on PostgreSQL (the
// books table is locked: GET /api/books waits).

/** Locks the books table until the returned function is called (and the transaction ends). */
export async function holdDatabase(server: TestServer): Promise<() => Promise<void>> {
  let locked!: () => void
  let release!: () => void
  const isLocked = new Promise<void>((r) => (locked = r))
  const released = new Promise<void>((r) => (release = r))
  const tx = server.deps.db.transaction(async (t) => {
    await t.execute(sql`lock table books in access exclusive mode`)
    locked()
    await released
  })
  await isLocked
  return async () => {
    release()
    await tx
  }
}

/**
 * Waits until every turn is taken: a call that needs no database once admitted (an unknown /api
 * path, 404) is answered 503 instead.
 */
export async function untilTurnsTaken(server: TestServer) {
  await vi.waitFor(async () => expect((await server.api('GET', '/api/no-such-call')).status).toBe(503), {
    timeout: 20_000,
    interval: 20,
  })
}
