// Lets non-React code (the central error handler, sign-out) navigate without importing the
// router, which would make an import cycle (router → routes → features → lib).
type Navigate = (to: string, search?: Record<string, string | undefined>) => void

let navigateImpl: Navigate = (to) => {
  window.location.assign(to)
}

export function bindNavigation(fn: Navigate) {
  navigateImpl = fn
}

export function navigateTo(to: string, search?: Record<string, string | undefined>) {
  navigateImpl(to, search)
}

let currentPath: () => string = () => window.location.pathname
export function bindCurrentPath(fn: () => string) {
  currentPath = fn
}
export function getCurrentPath() {
  return currentPath()
}

/**
 * A plain `<a href>`'s click, followed inside the app (no page load) unless the reader asked for
 * a new tab or window (a modifier key, another button). For long lists: a router link per row
 * works out its location on every render; a plain link with this one handler costs nothing.
 */
export function followLink(e: {
  defaultPrevented: boolean
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  currentTarget: HTMLAnchorElement
  preventDefault(): void
}) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
  e.preventDefault()
  navigateTo(e.currentTarget.pathname)
}
