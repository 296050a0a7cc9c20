import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

// The /books search box's text lives in the page, not in the URL: a keystroke re-renders the list
// and nothing else. Navigating re-renders the whole route, which on a phone-class CPU cost more
// than a frame per keystroke, so the URL (`?q=`, which a reload or coming back from a book
// restores) is written once typing pauses, with replace, outside the keystroke's frame. Leaving
// the page writes what is still pending, so coming back to it through history restores it (a
// reload inside the pause reloads the address as it was: the browser reads it before the page
// hears it is leaving).

const PAUSE_MS = 250

/**
 * `query` is the URL's; `write(q)` puts a query in the URL. Answers the box's text, `setText` for
 * a keystroke, `navigating(q)` (the caller is about to put `q` in the URL itself: a pending
 * write is dropped) and `typing`: keystrokes are coming (false once typing pauses).
 */
export function useSearchText(query: string, write: (q: string) => void) {
  const [text, setTextState] = useState(query)
  const [typing, setTyping] = useState(false)
  // Mirrors `typing`, so a keystroke sets it only when it changes (the first after a pause).
  const typingNow = useRef(false)
  // The query last asked of the URL: when the URL comes to hold it, the box already does (and may
  // hold more, typed since).
  const sent = useRef(query)
  const pending = useRef<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const writeLatest = useRef(write)
  // A layout effect: an effect after the paint would have React's scheduler post a task in every
  // key press.
  useLayoutEffect(() => {
    writeLatest.current = write
  })

  // Ends a run of keystrokes: its write is done or dropped.
  const drop = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    pending.current = null
    if (typingNow.current) {
      typingNow.current = false
      setTyping(false)
    }
  }, [])

  // Another navigation (a link to /books, back) brings its own query: the box follows it.
  const [seen, setSeen] = useState(query)
  if (query !== seen) {
    setSeen(query)
    if (query !== sent.current) {
      sent.current = query
      drop()
      setTextState(query)
    }
  }
  const navigating = useCallback(
    (q: string) => {
      drop()
      sent.current = q
    },
    [drop],
  )
  const flush = useCallback(() => {
    const q = pending.current
    drop()
    if (q === null) return
    sent.current = q
    writeLatest.current(q)
  }, [drop])

  // One timer for a run of keystrokes, not one set and cleared per keystroke (on a phone-class
  // CPU each timer call is a measurable part of a keystroke): when it fires before the pause is
  // over, it waits out the rest.
  const typedAt = useRef(0)
  const whenPaused = useCallback(() => {
    const rest = typedAt.current + PAUSE_MS - performance.now()
    if (rest > 1) timer.current = setTimeout(whenPaused, rest)
    else {
      timer.current = undefined
      flush()
    }
  }, [flush])
  const setText = useCallback(
    (q: string) => {
      setTextState(q)
      if (!typingNow.current) {
        typingNow.current = true
        setTyping(true)
      }
      pending.current = q
      typedAt.current = performance.now()
      if (timer.current === undefined) timer.current = setTimeout(whenPaused, PAUSE_MS)
    },
    [whenPaused],
  )

  useEffect(() => {
    // Leaving the page right after typing: its history entry keeps the search.
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      // Leaving /books: this route's URL is no longer there to write.
      drop()
    }
  }, [flush, drop])

  return { text, setText, navigating, typing }
}
