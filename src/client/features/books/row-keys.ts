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

/**
 * `ids`: the book at each row on screen, in order (undefined while loading); `previous`: the last
 * call's slots and keys (their order is the rows' order in the document).
 *
 * The keys left free go to the books coming on screen so that the rows' elements keep their order
 * in the document where they can: React moves a kept element that comes after one placed further
 * down than it was, and moving a row out of the document and back costs a row's worth of style and
 * layout. So a book coming on screen takes a free key whose element sits between the rows around
 * it when there is one.
 */
export function assignRowKeys(
  previous: { slots: ReadonlyMap<string, number>; keys: readonly string[] },
  ids: readonly (string | undefined)[],
): RowKeys {
  const slots = new Map<string, number>()
  const used = new Set<number>()
  for (const id of ids) {
    if (id === undefined || slots.has(id)) continue
    const slot = previous.slots.get(id)
    if (slot !== undefined) {
      slots.set(id, slot)
      used.add(slot)
    }
  }
  // Where each key's element was in the document.
  const placeOf = new Map<number, number>()
  previous.keys.forEach((key, i) => {
    const slot = Number(key)
    if (Number.isInteger(slot) && key !== '') placeOf.set(slot, i)
  })
  const place = (slot: number) => placeOf.get(slot) ?? Infinity
  // The free keys of elements already there, by their place (React's walk is simulated below).
  const free = [...placeOf.keys()].filter((slot) => !used.has(slot)).sort((a, b) => place(a) - place(b))
  let fresh = 0
  const take = (slot: number) => {
    free.splice(free.indexOf(slot), 1)
    used.add(slot)
    return slot
  }
  const newKey = () => {
    while (used.has(fresh) || placeOf.has(fresh)) fresh++
    used.add(fresh)
    return fresh
  }
  // The place of the next kept book's element after row i.
  const nextKept: number[] = new Array(ids.length + 1).fill(Infinity)
  for (let i = ids.length - 1; i >= 0; i--) {
    const slot = ids[i] === undefined ? undefined : slots.get(ids[i]!)
    nextKept[i] = slot === undefined ? nextKept[i + 1]! : place(slot)
  }
  let last = -1
  const given = new Set<string>()
  const keys = ids.map((id, i) => {
    if (id === undefined) return `loading-${i}`
    // The same book twice (never expected): the second is a row of its own.
    if (given.has(id)) return `again-${i}`
    given.add(id)
    let slot = slots.get(id)
    if (slot === undefined) {
      const next = nextKept[i + 1]!
      // Between the last placed element and the next kept one: nothing moves. Else one the walk
      // has passed (this row moves, and only it), else any free one, else a new element.
      const between = free.find((s) => place(s) > last && place(s) < next)
      const passed = free.find((s) => place(s) < last)
      slot = between ?? passed ?? free[0] ?? newKey()
      if (free.includes(slot)) take(slot)
      slots.set(id, slot)
    }
    if (place(slot) !== Infinity && place(slot) > last) last = place(slot)
    return String(slot)
  })
  return { keys, slots }
}

/** assignRowKeys, remembering the slots and keys between renders. */
export function useRowKeys(ids: readonly (string | undefined)[]): string[] {
  const kept = useRef<RowKeys>({ keys: [], slots: new Map() })
  const next = assignRowKeys(kept.current, ids)
  kept.current = next
  return next.keys
}
