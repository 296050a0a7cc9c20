import { generateNKeysBetween } from 'fractional-indexing'
import { useCallback, useRef, useState } from 'react'
import { db } from '~/client/db'
import { addBooks, listBooks } from '~/client/sync'
import { localDay } from '~/client/sync/order'
import type { ParsedImport } from './parse-import'
import { queueLookups } from '../catalog/lookups'
import { planImport } from './plan-import'
import type { WorkerAnswer } from './import.worker'

// decisions §14 import, on the device: the file is parsed in a worker, checked against the
// books already on the list, then added through the outbox like any add (so it works offline
// and syncs later), a few dozen books per transaction with a turn of the event loop between,
// so the page keeps answering. The progress bar follows the whole run.

/** Books per transaction: small enough that one commit stays well under a frame budget. */
const CHUNK = 100

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number }
  | { phase: 'done'; imported: number; skipped: number; unreadable: number }
  | { phase: 'error'; reason: 'format' | 'failed' }

function parseInWorker(text: string, onProgress: (share: number) => void): Promise<ParsedImport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      const m = e.data
      if (m.type === 'progress') return onProgress(m.done / Math.max(1, m.total))
      worker.terminate()
      if (m.type === 'done') resolve(m.result)
      else reject(m.unknownFormat ? new FormatError() : new Error('import failed'))
    }
    worker.onerror = (e) => {
      worker.terminate()
      reject(new Error(e.message))
    }
    worker.postMessage({ text, today: localDay(new Date()) })
  })
}

class FormatError extends Error {}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export function useImport() {
  const [state, setState] = useState<ImportState>({ phase: 'idle' })
  const running = useRef(false)

  const run = useCallback(async (file: File) => {
    if (running.current) return
    running.current = true
    setState({ phase: 'running', progress: 0 })
    try {
      // Reading and parsing is the first tenth of the bar; adding the books the rest.
      const parsed = await parseInWorker(await file.text(), (share) =>
        setState({ phase: 'running', progress: share * 10 }),
      )
      const onList = await listBooks(db, { sort: 'position' })
      const planned = planImport(parsed.books, onList)
      const skipped = planned.skipped
      // On top of "Up next", in the file's order (keys made once: each chunk must not go on top of the last).
      const keys = generateNKeysBetween(null, onList[0]?.position ?? null, planned.add.length)
      const add = planned.add.map((b, i) => ({ ...b, position: keys[i]! }))
      for (let i = 0; i < add.length; i += CHUNK) {
        const added = await addBooks(add.slice(i, i + CHUNK))
        // issue 16 item 3: books without a cover are looked up in the background, politely.
        await queueLookups(added.filter((b) => !b.imageUrl).map((b) => b.id), 'fill')
        setState({ phase: 'running', progress: 10 + (90 * Math.min(add.length, i + CHUNK)) / add.length })
        await nextTurn()
      }
      setState({ phase: 'done', imported: add.length, skipped, unreadable: parsed.unreadable })
    } catch (err) {
      setState({ phase: 'error', reason: err instanceof FormatError ? 'format' : 'failed' })
    } finally {
      running.current = false
    }
  }, [])

  return { state, run, reset: () => setState({ phase: 'idle' }) }
}
