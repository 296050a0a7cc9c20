import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ApiKeyView, CreateKeyInput, CreatedApiKey, KeyScope, UpdateKeyInput } from '~/shared/schemas/key'
import type { Db } from '../db/client'
import { accounts, apiKeys } from '../db/schema'
import { displayKey, generateKey, isValidKey } from '../lib/api-key-format'
import { newId, sha256 } from '../lib/crypto'
import { ApiError, notFound } from '../lib/errors'
import { announce } from './live'

// API keys act for the account, never for a person. Every query is scoped by the caller's
// account id here, so another account's key id is 404 like an unknown one.

type Row = typeof apiKeys.$inferSelect

export const toView = (row: Row): ApiKeyView => ({
  id: row.id,
  name: row.name,
  scope: row.scopes as KeyScope[],
  key: row.display,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
})

const own = (accountId: string, id: string) => and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id))

export async function listKeys(db: Db, accountId: string): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt))
  return rows.map(toView)
}

export async function getKey(db: Db, accountId: string, id: string): Promise<ApiKeyView> {
  const [row] = await db.select().from(apiKeys).where(own(accountId, id))
  if (!row) throw notFound()
  return toView(row)
}

export async function createKey(
  db: Db,
  accountId: string,
  userId: string,
  input: CreateKeyInput,
): Promise<CreatedApiKey> {
  const fullKey = generateKey()
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId(),
      accountId,
      name: input.name,
      scopes: input.scope,
      keyHash: sha256(fullKey),
      display: displayKey(fullKey),
      createdBy: userId,
    })
    .returning()
  return { ...toView(row!), full_key: fullKey }
}

/** Revoking (active false) cannot be undone, so `active: true` on a revoked key is 400. */
export async function updateKey(db: Db, accountId: string, id: string, input: UpdateKeyInput): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(own(accountId, id)).for('update')
    if (!row) throw notFound()
    if (input.active === true && !row.active) {
      throw new ApiError(400, 'validation.key.active.revoked', { inputError: 'active' })
    }
    const [updated] = await tx
      .update(apiKeys)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.scope !== undefined ? { scopes: input.scope } : {}),
        ...(input.active === false ? { active: false } : {}),
      })
      .where(own(accountId, id))
      .returning()
    // A revoked key, or one losing its read scope: its live streams check it again now.
    await announce(tx, { k: 'recheck', key: id })
    return toView(updated!)
  })
}

/** Deletes the caller's keys among `ids` (others' and unknown ids are ignored); answers how many. */
export async function deleteKeys(db: Db, accountId: string, ids: string[]): Promise<number> {
  const gone = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), inArray(apiKeys.id, ids)))
    .returning({ id: apiKeys.id })
  for (const { id } of gone) await announce(db, { k: 'recheck', key: id })
  return gone.length
}

export interface KeyActor {
  keyId: string
  scopes: KeyScope[]
  account: typeof accounts.$inferSelect
}

/** A key's last use is written at most this often: a busy script should not write on every call. */
const LAST_USED_PRECISION_MS = 60_000

/**
 * Resolves a full key to its live key and account, or null. A malformed key or a wrong checksum
 * is null before any database work; a revoked or deleted key, or a closed account, is null.
 */
export async function authenticateKey(db: Db, token: string): Promise<KeyActor | null> {
  if (!isValidKey(token)) return null
  const [row] = await db
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, sha256(token)), eq(apiKeys.active, true), sql`${accounts.closedAt} is null`))
  if (!row) return null
  const lastUsed = row.key.lastUsedAt?.getTime() ?? 0
  if (Date.now() - lastUsed > LAST_USED_PRECISION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.key.id))
  }
  return { keyId: row.key.id, scopes: row.key.scopes as KeyScope[], account: row.account }
}
