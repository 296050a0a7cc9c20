import { Suspense, type ReactNode } from 'react'
import { FIRST_INPUTS, hydrateSoon } from './hydrate-soon'

/**
 * Hydrates a server-rendered page in pieces, one task each (total blocking time, decision 55): the
 * page's frame in a task after the entry's own (hydrateSoon), then the cards of a list a few per
 * task, in page order. Each card waits behind a Suspense boundary of its own: Preact keeps a component's server
 * markup while it suspends during hydration and hydrates it when it resumes. The markup is on
 * screen all along; only its event handlers arrive later, so the first input (a pointer, a key,
 * focus) hydrates everything at once, in its capture phase, before the page handles it.
 */
export function createSlicedHydration(perTask = 4) {
  const waiting = new Map<string, { promise: Promise<void>; resolve: () => void }>()
  const hydrated = new Set<string>()
  let released = false
  let hydrateFrame = () => {}

  function wait(id: string): Promise<void> | undefined {
    if (released || hydrated.has(id)) return undefined
    let entry = waiting.get(id)
    if (!entry) {
      let resolve!: () => void
      const promise = new Promise<void>((r) => (resolve = r))
      entry = { promise, resolve }
      waiting.set(id, entry)
    }
    return entry.promise
  }

  function release(id: string) {
    const entry = waiting.get(id)
    if (!entry) return
    entry.resolve()
    // Its next render (resuming the hydration) goes through.
    waiting.delete(id)
    hydrated.add(id)
  }

  /** Everything now: a visitor is about to act on the page, or what it shows is about to change. */
  function releaseAll() {
    if (released) return
    released = true
    for (const type of FIRST_INPUTS) document.removeEventListener(type, releaseAll, true)
    // Not hydrated yet at all: the whole page, now, with no card left waiting.
    hydrateFrame()
    for (const id of [...waiting.keys()]) release(id)
  }

  /** Hydrates the page through `hydrate` (hydrateRoot) in a later task, then the cards. */
  function start(hydrate: () => void) {
    for (const type of FIRST_INPUTS) document.addEventListener(type, releaseAll, true)
    const next = () => {
      if (released) return
      // Map order is insertion order: the cards as the page lists them.
      const slice = [...waiting.keys()].slice(0, perTask)
      if (slice.length === 0) return releaseAll()
      for (const id of slice) release(id)
      // The resumed cards render in this task's microtasks; the next slice gets a task of its own.
      setTimeout(next, 0)
    }
    hydrateFrame = hydrateSoon(() => {
      hydrate()
      if (!released) setTimeout(next, 0)
    })
  }

  function Wait({ id, children }: { id: string; children: ReactNode }) {
    const pending = wait(id)
    if (pending) throw pending
    return <>{children}</>
  }

  /** The gate for ItemGateContext: one Suspense boundary per card, so each resumes alone. */
  function Gate({ id, children }: { id: string; children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <Wait id={id}>{children}</Wait>
      </Suspense>
    )
  }

  return { Gate, start, releaseAll }
}
