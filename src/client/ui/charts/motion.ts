import { useEffect, useState } from 'react'

/** Charts animate for 1000 ms by default. */
export const CHART_ANIMATION_MS = 1000

const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/**
 * The charts draw from an empty state to their values once, over CHART_ANIMATION_MS: false on
 * the first paint, true on the next frame. With reduced motion they appear drawn (no transition).
 */
export function useChartEntrance(): { entered: boolean; transition: string | undefined } {
  const [reduce] = useState(reducedMotion)
  const [entered, setEntered] = useState(reduce)
  useEffect(() => {
    if (reduce) return
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setEntered(true)))
    return () => cancelAnimationFrame(frame)
  }, [reduce])
  return { entered, transition: reduce ? undefined : `${CHART_ANIMATION_MS}ms cubic-bezier(0.22, 1, 0.36, 1)` }
}
