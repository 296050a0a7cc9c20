import { getMeta, META, putUserWithPending, setMeta, type TbrDatabase, type UserRow } from '~/client/db'
import type { Book } from '~/shared/schemas/book'
import type { SessionUser } from '~/shared/schemas/user'
import type { PullResponse } from '~/shared/sync/protocol'
import { fromServer, rebase } from './apply'
import { putServerGoals } from './goals'
import type { Goal } from '~/shared/schemas/goal'
import { readSyncStatus } from './status'
import { expectOk, request, type TransportOptions } from './transport'

// Pull: fetch changes since the cursor; in ONE transaction write the server's
// rows, drop tombstoned books, re-apply every still-pending outbox entry on top, save the cursor.

/** What one engine run works with: the database, the transport, and whose run it is. */
export interface RunContext {
  d: TbrDatabase
  http: TransportOptions
  token: string
  me: UserRow
  now: () => number
}

export async function pull({ d, http, token, me }: RunContext) {
  const since = await cursorFor(d, me.account_id)
  const [books, user, goalsAnswer] = await Promise.all([
    request(http, 'GET', since === undefined ? '/books' : `/books?since=${encodeURIComponent(since)}`, token),
    request(http, 'GET', '/user', token),
    // Reading goals come whole with every pull (a handful of rows; see protocol.ts).
    request(http, 'GET', '/goals', token),
  ])
  if (books.status === 400) await setMeta(META.cursor, undefined, d) // unusable cursor: start over
  const res = expectOk(books).body as PullResponse
  const fresh = expectOk(user).body?.data as SessionUser | undefined
  const goals = expectOk(goalsAnswer).body?.data as Goal[] | undefined
  await d.transaction('rw', [d.books, d.outbox, d.meta, d.user, d.goals], async () => {
    const now = await d.user.get('me')
    // Signed out, switched account, or another tab pulled meanwhile: this answer is stale.
    if (!now || now.account_id !== me.account_id || (await cursorFor(d, me.account_id)) !== since) return
    if (res.reset) {
      await d.books.clear()
      await d.books.bulkPut(fromServer(res.data))
      await rebase(d, 'all')
    } else {
      await d.books.bulkPut(fromServer(res.data))
      await d.books.bulkDelete(res.deleted)
      await rebase(d, [...res.data.map((b) => b.id), ...res.deleted], new Set(res.deleted))
    }
    await setMeta(META.cursor, res.cursor, d)
    await setMeta(META.cursorAccount, me.account_id, d)
    if (fresh) await putUser(d, fresh)
    if (goals) await putServerGoals(d, me.account_id, goals)
  })
}

/** The server's truth for books whose change was refused (or whose create was replayed). */
export async function refetch({ d, http, token, me }: RunContext) {
  const ids = (await getMeta<string[]>(META.refetch, d)) ?? []
  for (const id of ids) {
    const a = await request(http, 'GET', `/books/${encodeURIComponent(id)}`, token)
    if (a.status !== 404) expectOk(a)
    await d.transaction('rw', [d.books, d.outbox, d.meta, d.user], async () => {
      if ((await d.user.get('me'))?.account_id !== me.account_id) return
      if (a.status === 404) await d.books.delete(id)
      else await d.books.put(fromServer([a.body.data as Book])[0]!)
      await rebase(d, [id], a.status === 404 ? new Set([id]) : undefined)
      const left = ((await getMeta<string[]>(META.refetch, d)) ?? []).filter((x) => x !== id)
      await setMeta(META.refetch, left, d)
    })
  }
}

/** The server's user (pending patches on top), unless the session changed meanwhile. */
export async function putUser(d: TbrDatabase, fresh: SessionUser) {
  const me = await d.user.get('me')
  if (me && me.id === fresh.id && me.account_id === fresh.account_id) await putUserWithPending(d, fresh)
}

/**
 * Whether this device is still bringing the signed-in account's books for the first time: no pull
 * of the account has landed here, and the last try did not fail (offline, an error). /books then
 * says the books are on their way instead of that the list is empty.
 */
export async function awaitingFirstPull(d: TbrDatabase): Promise<boolean> {
  const me = await d.user.get('me')
  if (!me || (await cursorFor(d, me.account_id)) !== undefined) return false
  const { state } = await readSyncStatus(d)
  return state === 'idle' || state === 'syncing'
}

async function cursorFor(d: TbrDatabase, accountId: string): Promise<string | undefined> {
  const [cursor, account] = await Promise.all([getMeta<string>(META.cursor, d), getMeta<string>(META.cursorAccount, d)])
  return account === accountId && cursor != null ? cursor : undefined
}
