/** What a visitor does first to act on a page: press, type, or move the focus. */
export const FIRST_INPUTS = ['pointerdown', 'keydown', 'focusin'] as const

/**
 * Runs `hydrate` once: in a task after the current one (the entry's evaluation and the page's
 * hydration are two shorter tasks instead of one long one), or at once on the page's first input,
 * in its capture phase, so the page handles that input hydrated. Answers the same run-once
 * function, for a caller that needs the page hydrated now.
 */
export function hydrateSoon(hydrate: () => void): () => void {
  let pending = true
  const now = () => {
    if (!pending) return
    pending = false
    for (const type of FIRST_INPUTS) document.removeEventListener(type, now, true)
    hydrate()
  }
  for (const type of FIRST_INPUTS) document.addEventListener(type, now, true)
  setTimeout(now, 0)
  return now
}
