import { onBookChanges, type BookChange, type LocalBook, type TbrDatabase } from '~/client/db'
import { foldText } from '~/client/lib/search'
import type { BookStatus } from '~/shared/schemas/book'
import { COMPARE, type BookSort } from './queries'
import { TextBlock } from './text-block'

// The signed-in account's books in memory, for searching and filtering /books as the reader
// types: each book's title and author are folded once, when the book is read or changes, never
// per keystroke. It follows Dexie by the ids each committed write names (this tab's or another's),
// reading just those rows; only a wipe, a full snapshot or another account re-reads the table, in
// small chunks so typing never waits behind one long read. Sorted lists are kept per order and
// patched in place when a few books change. The folded texts are also kept in one string
// (text-block.ts), which a search reads instead of the books.

/** A book as the index holds it. */
export interface IndexedBook {
  book: LocalBook
  /** Folded "title author". */
  text: string
}
interface Entry extends IndexedBook {
  /** Its text's slot in the text block. */
  slot: number
}

/** The books in one order, and their slots in the same order (a search walks those). */
interface Order {
  list: Entry[]
  slots: number[]
  /** An answer reads these arrays: a write patches copies, so the answer never changes. */
  shared: boolean
}

/** A book's status as a number a slot keeps (0: the slot is not in use). */
const STATUS_CODE: Record<BookStatus, number> = { not_started: 1, reading: 2, finished: 3 }

/**
 * A search's answer. Its length is known at once; its books are found in the order as they are
 * asked for, so a keystroke that shows the first ten matches of 9,000 walks the order only as far
 * as the tenth (the rest when the list scrolls there).
 */
export class Matches {
  private rows: Entry[] = []
  /** Where the walk through the order has got to. */
  private next = 0

  constructor(
    readonly length: number,
    /** The order's arrays as they were (a later write patches copies). */
    private list: Entry[],
    private slots: number[],
    /** Bit per slot: the text holds the words (null: every text does). */
    private bits: Uint32Array | null,
    private status: BookStatus | undefined,
  ) {}

  /** The match at a list position (undefined past the end). */
  at(i: number): IndexedBook | undefined {
    if (i < 0 || i >= this.length) return undefined
    const { rows, list, slots, bits, status } = this
    if (!bits && !status) return list[i]
    while (rows.length <= i && this.next < list.length) {
      const k = this.next++
      const slot = slots[k]!
      if (bits && !(bits[slot >>> 5]! & (1 << (slot & 31)))) continue
      if (status && list[k]!.book.status !== status) continue
      rows.push(list[k]!)
    }
    return rows[i]
  }
}

export interface BookFilter {
  /** Folded query words (queryWords); every one must appear in the title or author. */
  words: string[]
  status?: BookStatus
  sort: BookSort
}

const CHUNK = 500
/** More changed books than this re-sort the kept orders instead of patching them. */
const PATCH_LIMIT = 64
/** The text block is built again when more of its slots are unused than this and than in use. */
const UNUSED_LIMIT = 2000

const folded = (b: LocalBook) => foldText(`${b.title} ${b.author ?? ''}`)
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export class BookIndex {
  /** Bumps on every change; undefined until the first full read is done. */
  version: number | undefined = undefined
  private entries = new Map<string, Entry>()
  private accountId: string | null = null
  private sorted = new Map<BookSort, Order>()
  private block = new TextBlock()
  private unused = 0
  /** The status code of the book in each slot of the text block (0: unused). */
  private slotStatus = new Uint8Array(0)
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

  /** The books matching `filter`, in its order. A later write does not change an answer. */
  search({ words, status, sort }: BookFilter): Matches {
    const order = this.ordered(sort)
    order.shared = true
    if (words.length === 0 && !status) return new Matches(order.list.length, order.list, order.slots, null, undefined)
    if (words.length === 0) {
      let n = 0
      for (const e of order.list) if (e.book.status === status) n++
      return new Matches(n, order.list, order.slots, null, status)
    }
    // Counted from the slots the words are found in (a text block's slot keeps its book's status);
    // only the rows asked for walk the order.
    const found = this.block.find(words)
    const bits = new Uint32Array((this.block.size >>> 5) + 1)
    const want = status ? STATUS_CODE[status] : 0
    const { slotStatus } = this
    let n = 0
    for (let i = 0; i < found.length; i++) {
      const slot = found[i]!
      const code = slotStatus[slot]
      if (!code || (want && code !== want)) continue
      bits[slot >>> 5]! |= 1 << (slot & 31)
      n++
    }
    return new Matches(n, order.list, order.slots, bits, status)
  }

  private ordered(sort: BookSort): Order {
    let order = this.sorted.get(sort)
    if (!order) {
      const compare = COMPARE[sort]
      const list = [...this.entries.values()].sort((a, b) => compare(a.book, b.book))
      order = { list, slots: list.map((e) => e.slot), shared: false }
      this.sorted.set(sort, order)
    }
    return order
  }

  /** The book's entry, in the slot of the one it replaces when its text is the same. */
  private entry(book: LocalBook, old: Entry | undefined): Entry {
    const text = textOf(book, old)
    return { book, text, slot: old && old.text === text ? old.slot : this.block.add(text) }
  }

  /** Lays the books' texts out in a new block (after many renames left old texts unused). */
  private compact() {
    const block = new TextBlock()
    for (const e of this.entries.values()) e.slot = block.add(e.text)
    this.useBlock(block)
  }

  /** Searches `block` from now on: its slots are the books' (and the kept orders follow). */
  private useBlock(block: TextBlock) {
    this.block = block
    this.unused = 0
    this.slotStatus = new Uint8Array(block.size + 1024)
    for (const e of this.entries.values()) this.slotStatus[e.slot] = STATUS_CODE[e.book.status]
    for (const order of this.sorted.values()) order.slots = order.list.map((e) => e.slot)
  }

  /** Notes which book's status a slot now holds (or that it holds none). */
  private setSlot(slot: number, book: LocalBook | null) {
    if (slot >= this.slotStatus.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.slotStatus.length * 2))
      grown.set(this.slotStatus)
      this.slotStatus = grown
    }
    this.slotStatus[slot] = book ? STATUS_CODE[book.status] : 0
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
    // Laid out chunk by chunk too, not in one long task at the end.
    const block = new TextBlock()
    let after = ''
    while (accountId) {
      const rows = await this.d.books.where('id').above(after).limit(CHUNK).toArray()
      for (const b of rows) {
        if (b.account_id !== accountId) continue
        const text = textOf(b, this.entries.get(b.id))
        next.set(b.id, { book: b, text, slot: block.add(text) })
      }
      if (rows.length < CHUNK) break
      after = rows[rows.length - 1]!.id
      await tick()
    }
    this.accountId = accountId
    this.entries = next
    this.sorted.clear()
    this.useBlock(block)
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
    // An answer handed out reads the order's arrays: this write patches copies of them.
    for (const order of this.sorted.values())
      if (order.shared) {
        order.list = order.list.slice()
        order.slots = order.slots.slice()
        order.shared = false
      }
    ids.forEach((id, i) => {
      const b = rows[i]
      const old = this.entries.get(id)
      const entry = b && b.account_id === this.accountId ? this.entry(b, old) : undefined
      if (old && old.slot !== entry?.slot) this.unused++
      if (old) this.setSlot(old.slot, null)
      if (entry) this.setSlot(entry.slot, entry.book)
      if (patch) for (const [sort, order] of this.sorted) place(order, old, entry, COMPARE[sort])
      if (entry) this.entries.set(id, entry)
      else this.entries.delete(id)
    })
    if (this.unused > UNUSED_LIMIT && this.unused > this.entries.size) this.compact()
    this.changed()
  }

  private changed() {
    this.version = (this.version ?? 0) + 1
    for (const l of this.listeners) l()
  }
}

/** The book's folded text: its entry's, when its title and author are as they were. */
function textOf(book: LocalBook, old: Entry | undefined): string {
  return old && old.book.title === book.title && old.book.author === book.author ? old.text : folded(book)
}

/** Takes `old` out of the sorted `order` and puts `entry` in its place by `compare`. */
function place(
  { list, slots }: Order,
  old: Entry | undefined,
  entry: Entry | undefined,
  compare: (a: LocalBook, b: LocalBook) => number,
) {
  if (old) {
    const at = list.indexOf(old)
    if (at >= 0) {
      list.splice(at, 1)
      slots.splice(at, 1)
    }
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
  slots.splice(lo, 0, entry.slot)
}

const indexes = new WeakMap<TbrDatabase, BookIndex>()

/** The one index of a database (started by its first reader). */
export function bookIndex(d: TbrDatabase): BookIndex {
  let index = indexes.get(d)
  if (!index) indexes.set(d, (index = new BookIndex(d)))
  return index
}
