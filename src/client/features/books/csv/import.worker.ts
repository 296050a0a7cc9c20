import { generateNKeysBetween } from 'fractional-indexing'
import { ImportFormatError, parseImport, type ImportedBook } from './parse-import'
import { planImport, type Known } from './plan-import'

// Parses an import file and plans it off the main thread (decision 47: 5,000 rows must not
// freeze the page). Parsing, the duplicate check against the books already on the list and the
// "Up next" keys all run here; the books come back a chunk per message, so the main thread never
// decodes more than one chunk at once and writes each as it arrives (csv/use-import.ts).
// In: { text, today, known, top, chunk }. Out: progress, plan, books…, then done; or error.

export interface WorkerRequest {
  text: string
  today: string
  /** The books on the list (for the duplicate check). */
  known: Known[]
  /** The position of the book on top of "Up next" now; the import goes above it. */
  top: string | null
  /** Books per `books` message. */
  chunk: number
}

export type WorkerAnswer =
  | { type: 'progress'; done: number; total: number }
  | { type: 'plan'; add: number; skipped: number; unreadable: number }
  | { type: 'books'; books: ImportedBook[] }
  | { type: 'done' }
  | { type: 'error'; unknownFormat: boolean }

const scope = self as unknown as {
  postMessage(m: WorkerAnswer): void
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null
}

scope.onmessage = (e) => {
  const { text, today, known, top, chunk } = e.data
  try {
    const parsed = parseImport(text, { today, onProgress: (done, total) => scope.postMessage({ type: 'progress', done, total }) })
    const planned = planImport(parsed.books, known)
    // On top of "Up next", in the file's order (keys made once, so each chunk stays below the last).
    const keys = generateNKeysBetween(null, top, planned.add.length)
    scope.postMessage({ type: 'plan', add: planned.add.length, skipped: planned.skipped, unreadable: parsed.unreadable })
    for (let i = 0; i < planned.add.length; i += chunk) {
      const books = planned.add.slice(i, i + chunk).map((b, j) => ({ ...b, position: keys[i + j]! }))
      scope.postMessage({ type: 'books', books })
    }
    scope.postMessage({ type: 'done' })
  } catch (err) {
    scope.postMessage({ type: 'error', unknownFormat: err instanceof ImportFormatError })
  }
}
