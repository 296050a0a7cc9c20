// Flush of queued mutations in the browser: the app's own mutation code builds the books and
// outbox rows (in Node, on a fake IndexedDB, exactly as the page would write them offline); they
// are written into the page's IndexedDB while it is offline, then the network comes back and the
// page's sync engine pushes them. Measured: the `online` event until the outbox is empty.
import 'fake-indexeddb/auto'
import type { BrowserContext, Page } from '@playwright/test'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { saveUser, TbrDatabase } from '~/client/db'
import { createMutations } from '~/client/sync/mutations'
import type { SessionUser } from '~/shared/schemas/user'

/** `n` mutations as the app queues them: half adds, 40 % edits of those books, 10 % deletes. */
async function queuedRows(user: SessionUser, n: number) {
  const db = new TbrDatabase(`bench-queue-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  await saveUser(user, db)
  const m = createMutations({ db })
  const adds = n / 2
  const edits = (n * 4) / 10
  const added = await m.addBooks(
    Array.from({ length: adds }, (_, i) => ({ title: `Queued ${i}`, rating: (i % 5) + 1 })),
  )
  const ids = added.map((b) => b.id)
  for (let i = 0; i < edits; i++) await m.updateBook(ids[i % ids.length]!, { review: `edit ${i}` })
  for (let i = 0; i < n - adds - edits; i++) await m.deleteBook(ids[ids.length - 1 - i]!)
  // addBooks queues its adds as separate entries (one per book), as 500 single adds would be.
  const books = await db.books.toArray()
  const outbox = (await db.outbox.orderBy('seq').toArray()).map(({ seq: _seq, ...e }) => e)
  db.close()
  return { books, outbox }
}

export async function flush(context: BrowserContext, page: Page, user: SessionUser, n: number) {
  const rows = await queuedRows(user, n)
  if (rows.outbox.length !== n) throw new Error(`queued ${rows.outbox.length} mutations, not ${n}`)
  await context.setOffline(true)
  await page.evaluate(
    (r) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tbr')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction(['books', 'outbox'], 'readwrite')
          for (const b of r.books) tx.objectStore('books').put(b)
          for (const e of r.outbox) tx.objectStore('outbox').add(e)
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    rows,
  )
  await page.evaluate(() => {
    ;(window as any).__flushDone = new Promise<number>((resolve) => {
      window.addEventListener(
        'online',
        () => {
          const t0 = performance.now()
          const open = indexedDB.open('tbr')
          open.onsuccess = () => {
            const poll = () => {
              const req = open.result.transaction('outbox').objectStore('outbox').count()
              req.onsuccess = () => {
                if (req.result === 0) {
                  open.result.close()
                  resolve(performance.now() - t0)
                } else setTimeout(poll, 10)
              }
            }
            poll()
          }
        },
        { once: true },
      )
    })
  })
  await context.setOffline(false)
  return page.evaluate(() => (window as any).__flushDone as Promise<number>)
}
