import { useCallback, useLayoutEffect, useRef, useState } from 'react'

// Windowing for long lists (10,000 books stay smooth): rows have one fixed height, the list is
// as tall as all its rows, and only the rows near the viewport are rendered. The page itself
// scrolls (the app layout has no inner scroller), so the window follows window scrolling.

export interface Range {
  start: number
  end: number
}

/**
 * Rows [start, end) to render for a list whose top edge is `top` px from the viewport's top,
 * in a viewport `viewport` px tall, with `overscan` extra rows above and below.
 */
export function visibleRange(top: number, viewport: number, count: number, rowHeight: number, overscan: number): Range {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 }
  const first = Math.floor(Math.max(0, -top) / rowHeight)
  const last = Math.ceil(Math.max(0, viewport - top) / rowHeight)
  const start = Math.max(0, Math.min(count, first - overscan))
  const end = Math.max(start, Math.min(count, last + overscan))
  return { start, end }
}

export interface ListWindow {
  /** The rows drawn: those on the screen and `overscan` more above and below. */
  range: Range
  /** The rows on the screen itself. */
  inView: Range
}

/** The rows of the list in `ref` that are on (or near) the screen; updates on scroll and resize.
 *  The list's place on screen is measured only when the page scrolls or resizes; a new row count
 *  (a search keystroke) is applied to the last measure, so typing never forces a layout.
 *  `windowOf(count)` answers the rows for a count, the same object while the count and the
 *  measure are the same (the count is known only once the list is read, in the same render). */
export function useWindowRange(rowHeight: number, overscan = 8) {
  const ref = useRef<HTMLDivElement | null>(null)
  const [view, setView] = useState(() => ({ top: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight }))

  const measured = useRef<HTMLDivElement | null>(null)
  const measure = useCallback(() => {
    const el = ref.current
    measured.current = el
    if (!el) return
    const next = { top: Math.round(el.getBoundingClientRect().top), height: window.innerHeight }
    setView((prev) => (prev.top === next.top && prev.height === next.height ? prev : next))
  }, [])

  useLayoutEffect(() => {
    measure()
    let frame = 0
    const onChange = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        measure()
      })
    }
    window.addEventListener('scroll', onChange, { passive: true })
    window.addEventListener('resize', onChange)
    // The list moves when content above it changes height (a notice appears, fonts load).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onChange)
    if (ref.current?.parentElement) observer?.observe(ref.current.parentElement)
    return () => {
      if (frame) cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onChange)
      window.removeEventListener('resize', onChange)
      observer?.disconnect()
    }
  }, [measure])

  // The list itself came back (after "No books match"): measure where it now is.
  useLayoutEffect(() => {
    if (ref.current !== measured.current) measure()
  })

  const last = useRef<{ view: typeof view; count: number; window: ListWindow } | null>(null)
  const windowOf = useCallback(
    (count: number): ListWindow => {
      const kept = last.current
      if (kept && kept.view === view && kept.count === count) return kept.window
      const rows = {
        range: visibleRange(view.top, view.height, count, rowHeight, overscan),
        inView: visibleRange(view.top, view.height, count, rowHeight, 0),
      }
      last.current = { view, count, window: rows }
      return rows
    },
    [view, rowHeight, overscan],
  )
  return { ref, windowOf }
}
