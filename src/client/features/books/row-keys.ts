import { useRef } from 'react'

// The keys of the windowed list's rows. A book keeps its key while it stays on screen, so its
// element is kept: a move or a scroll only shifts it, and a focused drag handle stays focused. A
// book coming on screen takes the key of one that left, so its element is given the new book to
// show (React changes a few texts) instead of being built: what a search keystroke does to most
// rows. A position still loading has a key of its own.

export interface RowKeys {
  keys: string[]
  /** Book id → its key number, for the next call. */
  slots: Map<string, number>
}

/** `ids`: the book at each row on screen, in order (undefined while loading); `previous`: the
 *  last call's slots. */
export function assignRowKeys(previous: ReadonlyMap<string, number>, ids: readonly (string | undefined)[]): RowKeys {
  const slots = new Map<string, number>()
  const used = new Set<number>()
  for (const id of ids) {
    if (id === undefined || slots.has(id)) continue
    const slot = previous.get(id)
    if (slot !== undefined) {
      slots.set(id, slot)
      used.add(slot)
    }
  }
  let free = 0
  const given = new Set<string>()
  const keys = ids.map((id, i) => {
    if (id === undefined) return `loading-${i}`
    // The same book twice (never expected): the second is a row of its own.
    if (given.has(id)) return `again-${i}`
    given.add(id)
    let slot = slots.get(id)
    if (slot === undefined) {
      while (used.has(free)) free++
      slot = free
      used.add(slot)
      slots.set(id, slot)
    }
    return String(slot)
  })
  return { keys, slots }
}

/** assignRowKeys, remembering the slots between renders. */
export function useRowKeys(ids: readonly (string | undefined)[]): string[] {
  const slots = useRef<ReadonlyMap<string, number>>(new Map())
  const next = assignRowKeys(slots.current, ids)
  slots.current = next.slots
  return next.keys
}
