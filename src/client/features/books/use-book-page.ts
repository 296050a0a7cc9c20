import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { LocalBook } from '~/client/db'
import { useBook, useSyncStatus } from '~/client/sync'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The book of /books/{id} and /books/{id}/edit. A missing book goes to /404 — once
 * this device has synced at least once, or right away when it cannot (offline), so a link
 * opened on a fresh device is not called missing before its books arrive. `leaving` is set
 * before a delete from the page, which goes back to the list rather than to /404.
 */
export function useBookPage(bookId: string): { book: LocalBook | null | undefined; leaving: { current: boolean } } {
  const navigate = useNavigate()
  const valid = UUID.test(bookId)
  const book = useBook(valid ? bookId.toLowerCase() : undefined)
  const sync = useSyncStatus()
  const settled = !!sync.lastSyncedAt || !sync.online || sync.state === 'error' || sync.state === 'unauthorized'
  const missing = !valid || (book === null && settled)
  const leaving = useRef(false)
  useEffect(() => {
    if (missing && !leaving.current) void navigate({ to: '/404', replace: true })
  }, [missing, navigate])
  return { book, leaving }
}
