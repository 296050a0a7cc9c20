import { getMeta, META, setMeta, type TbrDatabase } from '~/client/db'

// The sync status lives in Dexie (meta row), so every tab sees the pushing tab's progress
// through a live query, and it survives reloads.

export type SyncState = 'idle' | 'syncing' | 'offline' | 'error' | 'unauthorized'

export interface StoredSyncStatus {
  state: SyncState
  /** ISO time of the last complete push + pull. */
  lastSyncedAt: string | null
  /** The last failure's message (server wording or network error), null after a success. */
  error: string | null
  /** When the engine retries after a failure (ISO), null otherwise. */
  retryAt: string | null
}

export const INITIAL_STATUS: StoredSyncStatus = { state: 'idle', lastSyncedAt: null, error: null, retryAt: null }

export async function readSyncStatus(d: TbrDatabase): Promise<StoredSyncStatus> {
  return { ...INITIAL_STATUS, ...(await getMeta<Partial<StoredSyncStatus>>(META.status, d)) }
}

/** Merges a change into the stored status; skips the write when nothing changes. */
export async function writeSyncStatus(d: TbrDatabase, patch: Partial<StoredSyncStatus>) {
  await d.transaction('rw', d.meta, async () => {
    const current = await readSyncStatus(d)
    const next = { ...current, ...patch }
    if (JSON.stringify(next) !== JSON.stringify(current)) await setMeta(META.status, next, d)
  })
}

/** What the UI shows (useSyncStatus): the stored status plus counts and the browser's network state. */
export interface SyncStatus extends StoredSyncStatus {
  online: boolean
  /** Outbox entries not yet acknowledged by the server. */
  pending: number
  /** Changes the server refused (see useRejections). */
  rejected: number
}

export async function querySyncStatus(d: TbrDatabase, navigatorOnline: boolean): Promise<SyncStatus> {
  const [pending, rejected, stored] = await Promise.all([d.outbox.count(), d.rejections.count(), readSyncStatus(d)])
  return { ...stored, pending, rejected, online: navigatorOnline && stored.state !== 'offline' }
}
