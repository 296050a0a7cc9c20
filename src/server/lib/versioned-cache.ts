/**
 * Values kept per key (an account id) with the version they were read at (the account's change
 * counter): a reader that knows the current version gets the value only while it is that one's,
 * so no write path has to remember to invalidate anything. Bounded by
 * the bytes of the values (the least recently used go first); concurrent reads of the same
 * missing version share one database read.
 */
export interface Versioned<T> {
  version: number
  value: T
  /** Roughly what the value holds in memory (its JSON's length), for the bound. */
  bytes: number
}

export class VersionedCache<T> {
  private entries = new Map<string, Versioned<T>>()
  private bytes = 0
  private filling = new Map<string, Promise<Versioned<T> | null>>()

  constructor(private readonly maxBytes: number) {}

  /** The value kept for `key` at exactly `version`, or undefined. */
  get(key: string, version: number): Versioned<T> | undefined {
    const entry = this.entries.get(key)
    if (!entry || entry.version !== version) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  /**
   * Reads the value with `read` (which answers it with the version it was read at, possibly newer
   * than `version`) and keeps it unless a newer one is already kept. Null when `read` finds none.
   */
  fill(key: string, version: number, read: () => Promise<Versioned<T> | null>): Promise<Versioned<T> | null> {
    const id = `${key}\u0000${version}`
    let pending = this.filling.get(id)
    if (!pending) {
      pending = read()
        .then((entry) => entry && this.keep(key, entry))
        .finally(() => this.filling.delete(id))
      this.filling.set(id, pending)
    }
    return pending
  }

  private keep(key: string, entry: Versioned<T>): Versioned<T> {
    const old = this.entries.get(key)
    // A slower read of an older version never replaces a newer one.
    if (old && old.version > entry.version) return old
    if (old) this.bytes -= old.bytes
    this.entries.delete(key)
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes || k === key) break
      this.entries.delete(k)
      this.bytes -= e.bytes
    }
    return entry
  }
}
