import { onBookChanges, type BookChange, type LocalBook, type TbrDatabase } from '~/client/db'
import { foldText } from '~/client/lib/search'
import type { BookStatus } from '~/shared/schemas/book'
import { COMPARE, type BookSort } from './queries'

// The signed-in account's books in memory, for searching and filtering /books as the reader
// types: each book's title and author are folded once, when the book is read or changes, never
// per keystroke. It follows Dexie by the ids each committed write names (this tab's or another's),
// reading just those rows; only a wipe, a full snapshot or another account re-reads the table, in
// small chunks so typing never waits behind one long read. Sorted lists are kept per order and
// patched in place when a few books change.

/** A book as the index holds it. */
export interface IndexedBook {
  book: LocalBook
  /** Folded "title author". */
  text: string
}
type Entry = IndexedBook

export interface BookFilter {
  /** Folded query words (queryWords); every one must appear in the title or author. */
  words: string[]
  status?: BookStatus
  sort: BookSort
}

const CHUNK = 500
/** More changed books than this re-sort the kept orders instead of patching them. */
const PATCH_LIMIT = 64

const folded = (b: LocalBook) => foldText(`${b.title} ${b.author ?? ''}`)
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export class BookIndex {
  /** Bumps on every change; undefined until the first full read is done. */
  version: number | undefined = undefined
  private entries = new Map<string, Entry>()
  private accountId: string | null = null
  private sorted = new Map<BookSort, Entry[]>()
  private copies = new Map<BookSort, Entry[]>()
  private last: { key: string; version: number; words: string[]; rows: Entry[] } | null = null
  private listeners = new Set<() => void>()
  private queue: Promise<void> = Promise.resolve()
  private stopListening: (() => void) | null = null

  constructor(private d: TbrDatabase) {}

  /** Starts reading and following the books (once; later calls do nothing). */
  start() {
    if (this.stopListening) return
    this.stopListening = onBookChanges(this.d.name, (change) => this.enqueue(change))
    this.enqueue({ all: true })
  }

  stop() {
    this.stopListening?.()
    this.stopListening = null
  }

  /** Resolves when every change seen so far is applied (tests). */
  settled() {
    return this.queue
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getVersion = () => this.version

  get size() {
    return this.entries.size
  }

  /** The books matching `filter`, in its order (the answer is the index's: not to be changed). */
  search({ words, status, sort }: BookFilter): readonly IndexedBook[] {
    const key = `${sort}|${status ?? ''}`
    const last = this.last
    const all = this.ordered(sort)
    // A query that only adds to the previous one (typing on) narrows the previous answer.
    const from =
      last && last.key === key && last.version === this.version && refines(words, last.words) ? last.rows : all
    let rows: Entry[]
    // The kept orders are patched in place by writes: the whole list is answered as a copy (one
    // per change), so an answer never changes under its reader.
    if (from === all && words.length === 0 && !status) rows = this.copyOf(sort, all)
    else {
      // One pass, no closures, one array sized once: this runs on every keystroke over up to
      // every book, and what it allocates is collected during later keystrokes.
      rows = new Array<Entry>(from.length)
      let n = 0
      for (const e of from) {
        if (status && e.book.status !== status) continue
        let every = true
        for (const w of words)
          if (!e.text.includes(w)) {
            every = false
            break
          }
        if (every) rows[n++] = e
      }
      rows.length = n
    }
    this.last = { key, version: this.version ?? -1, words, rows }
    return rows
  }

  private copyOf(sort: BookSort, list: Entry[]): Entry[] {
    let copy = this.copies.get(sort)
    if (!copy) this.copies.set(sort, (copy = list.slice()))
    return copy
  }

  private ordered(sort: BookSort): Entry[] {
    let list = this.sorted.get(sort)
    if (!list) {
      const compare = COMPARE[sort]
      list = [...this.entries.values()].sort((a, b) => compare(a.book, b.book))
      this.sorted.set(sort, list)
    }
    return list
  }

  private enqueue(change: BookChange) {
    this.queue = this.queue
      .then(() => ('all' in change ? this.reload() : this.apply(change.ids, change.user)))
      .catch(() => {
        // The database closed (sign-out wipe, another version): the next change reads again.
      })
  }

  /** Reads the account's books in chunks of primary keys, yielding between them. */
  private async reload() {
    const me = await this.d.user.get('me')
    const accountId = me?.account_id ?? null
    const next = new Map<string, Entry>()
    let after = ''
    while (accountId) {
      const rows = await this.d.books.where('id').above(after).limit(CHUNK).toArray()
      for (const b of rows) {
        if (b.account_id !== accountId) continue
        const old = this.entries.get(b.id)
        next.set(b.id, { book: b, text: old && sameText(old.book, b) ? old.text : folded(b) })
      }
      if (rows.length < CHUNK) break
      after = rows[rows.length - 1]!.id
      await tick()
    }
    this.accountId = accountId
    this.entries = next
    this.sorted.clear()
    // Sorted now, in the background, not by the first letter typed ("Up next" is /books' order).
    this.ordered('position')
    this.changed()
  }

  /** Re-reads the books named by a write; a write of the user record reads everything again
   *  only when it brings another account (a pull rewrites the record every time). */
  private async apply(ids: string[], user?: true) {
    if (this.version === undefined) return this.reload()
    if (user && ((await this.d.user.get('me'))?.account_id ?? null) !== this.accountId) return this.reload()
    if (!ids.length) return
    const rows = await this.d.books.bulkGet(ids)
    const patch = ids.length <= PATCH_LIMIT
    if (!patch) this.sorted.clear()
    ids.forEach((id, i) => {
      const b = rows[i]
      const old = this.entries.get(id)
      const entry =
        b && b.account_id === this.accountId
          ? { book: b, text: old && sameText(old.book, b) ? old.text : folded(b) }
          : undefined
      if (patch) for (const [sort, list] of this.sorted) place(list, old, entry, COMPARE[sort])
      if (entry) this.entries.set(id, entry)
      else this.entries.delete(id)
    })
    this.changed()
  }

  private changed() {
    this.version = (this.version ?? 0) + 1
    this.last = null
    this.copies.clear()
    for (const l of this.listeners) l()
  }
}

const sameText = (a: LocalBook, b: LocalBook) => a.title === b.title && a.author === b.author

/** Every previous word is inside one of the new words: the new answer is a subset. */
const refines = (words: string[], previous: string[]) => previous.every((p) => words.some((w) => w.includes(p)))

/** Takes `old` out of the sorted `list` and puts `entry` in its place by `compare`. */
function place(
  list: Entry[],
  old: Entry | undefined,
  entry: Entry | undefined,
  compare: (a: LocalBook, b: LocalBook) => number,
) {
  if (old) {
    const at = list.indexOf(old)
    if (at >= 0) list.splice(at, 1)
  }
  if (!entry) return
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compare(list[mid]!.book, entry.book) <= 0) lo = mid + 1
    else hi = mid
  }
  list.splice(lo, 0, entry)
}

const indexes = new WeakMap<TbrDatabase, BookIndex>()

/** The one index of a database (started by its first reader). */
export function bookIndex(d: TbrDatabase): BookIndex {
  let index = indexes.get(d)
  if (!index) indexes.set(d, (index = new BookIndex(d)))
  return index
}
