import { startTransition, useLayoutEffect, useState } from 'react'

/**
 * `value` as it was until the next frame: then a transition draws the new one, yielding to a key
 * press. Like `useDeferredValue`, but the key press that changed `value` schedules no React work:
 * a transition started in it has React's scheduler post a task, which on a phone-class CPU is a
 * measurable part of a keystroke (the frame callback posts it instead, after the key press).
 * While `hold` is true the old value is kept; the frame after it turns false draws the new one.
 */
export function useFrameLate<T>(value: T, hold = false): T {
  const [late, setLate] = useState(() => value)
  useLayoutEffect(() => {
    if (hold || late === value) return
    const frame = requestAnimationFrame(() => startTransition(() => setLate(() => value)))
    return () => cancelAnimationFrame(frame)
  }, [late, value, hold])
  return late
}
