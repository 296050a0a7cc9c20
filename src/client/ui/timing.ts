// Interaction timings (tooltip, menu type-ahead, sub-menu hover) that Ark UI 5 does not expose as props (its tooltip opens at
// once only while another tooltip is still visible; its menu resets type-ahead after 350 ms and
// opens sub-menus after 200 ms). Kept free of React so the rules are tested on their own.

/** Tooltip delay 700 ms, skip delay 300 ms. */
export const TOOLTIP_OPEN_DELAY = 700
export const TOOLTIP_SKIP_DELAY = 300
/** Menu type-ahead reset 1000 ms. */
export const TYPEAHEAD_RESET = 1000
/** Sub-menu opens after 100 ms hover, grace 300 ms. */
export const SUBMENU_OPEN_DELAY = 100
export const SUBMENU_CLOSE_GRACE = 300

/**
 * Tooltips share one clock: the first waits the open delay; another one hovered within the skip
 * delay after a tooltip closed (or while one is open) opens at once, so running the pointer
 * along the rail reads every label without waiting again.
 */
export function createTooltipGroup(openDelay = TOOLTIP_OPEN_DELAY, skipDelay = TOOLTIP_SKIP_DELAY, now = () => Date.now()) {
  let open = 0
  let lastClosed = Number.NEGATIVE_INFINITY
  return {
    /** The delay before a tooltip hovered now opens. */
    delay: () => (open > 0 || now() - lastClosed < skipDelay ? 0 : openDelay),
    opened() {
      open++
    },
    closed() {
      open = Math.max(0, open - 1)
      lastClosed = now()
    },
  }
}

export const tooltipGroup = createTooltipGroup()

/**
 * Type-ahead: printable keys typed within the reset time build one search string; a pause of
 * at least `resetMs` starts a new one. Answers the index of the item to highlight, or -1.
 * Repeating one letter cycles through the items starting with it (as WAI-ARIA menus do).
 */
export function createTypeahead(resetMs = TYPEAHEAD_RESET, now = () => Date.now()) {
  let search = ''
  let last = Number.NEGATIVE_INFINITY
  return {
    get search() {
      return now() - last >= resetMs ? '' : search
    },
    key(char: string, labels: string[], current: number): number {
      const t = now()
      if (t - last >= resetMs) search = ''
      last = t
      search += char.toLocaleLowerCase()
      const cycling = [...search].every((c) => c === search[0])
      const needle = cycling ? search[0]! : search
      const start = cycling ? current + 1 : Math.max(current, 0)
      for (let i = 0; i < labels.length; i++) {
        const index = (start + i) % labels.length
        if (labels[index]!.trim().toLocaleLowerCase().startsWith(needle)) return index
      }
      return -1
    },
  }
}

/** True for a key that type-ahead takes: one printable character without a modifier. */
export function isTypeaheadKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey
}

/**
 * A sub-menu driven by hover: it opens after `openDelay` on its trigger and, once the pointer
 * leaves both the trigger and the sub-menu, stays open for `grace` so a diagonal move to it
 * does not close it. Entering either again within the grace keeps it open.
 */
export function createHoverIntent(
  setOpen: (open: boolean) => void,
  openDelay = SUBMENU_OPEN_DELAY,
  grace = SUBMENU_CLOSE_GRACE,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let inside = 0
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  return {
    /** The pointer entered the trigger (`trigger`) or the sub-menu. */
    enter(trigger: boolean, isOpen: boolean) {
      inside++
      clear()
      if (trigger && !isOpen)
        timer = setTimeout(() => {
          timer = undefined
          setOpen(true)
        }, openDelay)
    },
    leave() {
      inside = Math.max(0, inside - 1)
      clear()
      timer = setTimeout(() => {
        timer = undefined
        if (inside === 0) setOpen(false)
      }, grace)
    },
    /** True while a pointer move is deciding (inside, or within the grace after leaving). */
    get pending() {
      return inside > 0 || timer !== undefined
    },
    dispose: clear,
  }
}
