import { ImportFormatError, parseImport } from './parse-import'

// Parses an import file off the main thread (decisions §14: 5,000 rows must not freeze the
// page). Messages in: { text, today }. Out: progress, then done (the parsed books) or error.

export type WorkerAnswer =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: ReturnType<typeof parseImport> }
  | { type: 'error'; unknownFormat: boolean }

const scope = self as unknown as {
  postMessage(m: WorkerAnswer): void
  onmessage: ((e: MessageEvent<{ text: string; today: string }>) => void) | null
}

scope.onmessage = (e) => {
  try {
    const result = parseImport(e.data.text, {
      today: e.data.today,
      onProgress: (done, total) => scope.postMessage({ type: 'progress', done, total }),
    })
    scope.postMessage({ type: 'done', result })
  } catch (err) {
    scope.postMessage({ type: 'error', unknownFormat: err instanceof ImportFormatError })
  }
}
