import { useCallback, useRef, useState } from 'react'
import { db } from '~/client/db'
import { addBooks, listBooks } from '~/client/sync'
import { localDay } from '~/client/sync/order'
import type { ImportedBook } from './parse-import'
import type { WorkerAnswer, WorkerRequest } from './import.worker'
import { queueLookups } from '../catalog/lookups'

// The import, on the device (decision 47): the worker parses the file, checks it against the books
// already on the list and orders it (import.worker.ts); its books arrive a chunk at a time and
// each chunk is added through the outbox like any add (so it works offline and syncs later), in
// its own transaction with a turn of the event loop between, so the page keeps answering
// (before, the plan and one 5,000-book message blocked the main thread). The
// progress bar follows the whole run.

/** Books per transaction: small enough that one commit stays well under a frame budget. */
const CHUNK = 100

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number }
  | { phase: 'done'; imported: number; skipped: number; unreadable: number }
  | { phase: 'error'; reason: 'format' | 'failed' }

class FormatError extends Error {}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

interface Run {
  onProgress(share: number): void
  onPlan(plan: Extract<WorkerAnswer, { type: 'plan' }>): void
  /** Writes one chunk; chunks are written one after another, in the file's order. */
  onBooks(books: ImportedBook[]): Promise<void>
}

/** Runs the worker; resolves once every chunk it sent is written. */
function importInWorker(request: WorkerRequest, run: Run): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' })
    let writing = Promise.resolve()
    const fail = (err: unknown) => {
      worker.terminate()
      reject(err)
    }
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      const m = e.data
      if (m.type === 'progress') run.onProgress(m.done / Math.max(1, m.total))
      else if (m.type === 'plan') run.onPlan(m)
      else if (m.type === 'books') writing = writing.then(() => run.onBooks(m.books))
      else if (m.type === 'done') {
        worker.terminate()
        writing.then(resolve, reject)
      } else fail(m.unknownFormat ? new FormatError() : new Error('import failed'))
      writing.catch(fail)
    }
    worker.onerror = (e) => fail(new Error(e.message))
    worker.postMessage(request)
  })
}

export function useImport() {
  const [state, setState] = useState<ImportState>({ phase: 'idle' })
  const running = useRef(false)

  const run = useCallback(async (file: File) => {
    if (running.current) return
    running.current = true
    // The bench (tests/bench/import.bench.ts IMPORT_TRACE=1) places main-thread blocks against this.
    performance.mark('import:start')
    setState({ phase: 'running', progress: 0 })
    try {
      const onList = await listBooks(db, { sort: 'position' })
      const known = onList.map((b) => ({ isbn: b.isbn ?? null, title: b.title, author: b.author ?? null }))
      let total = 0
      let added = 0
      let summary = { skipped: 0, unreadable: 0 }
      // Reading and parsing is the first tenth of the bar; adding the books the rest.
      await importInWorker(
        { text: await file.text(), today: localDay(new Date()), known, top: onList[0]?.position ?? null, chunk: CHUNK },
        {
          onProgress: (share) => setState({ phase: 'running', progress: share * 10 }),
          onPlan: (plan) => {
            total = plan.add
            summary = { skipped: plan.skipped, unreadable: plan.unreadable }
          },
          onBooks: async (books) => {
            const saved = await addBooks(books)
            // Books without a cover are looked up in the background, politely.
            await queueLookups(saved.filter((b) => !b.imageUrl).map((b) => b.id), 'fill')
            added += books.length
            setState({ phase: 'running', progress: 10 + (90 * added) / Math.max(1, total) })
            await nextTurn()
          },
        },
      )
      setState({ phase: 'done', imported: added, ...summary })
    } catch (err) {
      setState({ phase: 'error', reason: err instanceof FormatError ? 'format' : 'failed' })
    } finally {
      running.current = false
    }
  }, [])

  return { state, run, reset: () => setState({ phase: 'idle' }) }
}
