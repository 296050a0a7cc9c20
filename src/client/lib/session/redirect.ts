// Where sign-in returns to. A signed-out reader who opens a page of the app (a share to
// /books/new?title=…, a bookmarked /books/…) is sent to /signin?redirect=<that page> and comes
// back to it after signing in, with its query. Only paths of this origin are accepted, so a
// crafted sign-in link cannot send anyone elsewhere (no open redirect).

const BASE = 'http://tbr.invalid'
/** Sign-in would lead back to itself: these are never destinations. */
const AUTH_PATHS = ['/', '/signin', '/signup', '/magic', '/forgotpassword', '/resetpassword']
const MAX_LENGTH = 4096

/**
 * `value` when it is a path on this origin (`/books/new?title=Dune`), normalised; otherwise
 * undefined: absolute (`https://…`) and scheme URLs (`javascript:…`), protocol-relative ones
 * (`//evil.com`, `/\evil.com`), anything with a backslash or a control character (browsers drop
 * tabs and newlines, turning `/\t/evil.com` into `//evil.com`), and the auth screens.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return undefined
  if (!value.startsWith('/') || value.startsWith('//')) return undefined
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return undefined
  }
  if (url.origin !== BASE) return undefined
  // Dot segments collapse while parsing (`/.//evil.com` → `//evil.com`): check the normalised
  // path too, since the answer is used as a path and `//host` would leave the origin.
  if (url.pathname.startsWith('//')) return undefined
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  if (AUTH_PATHS.some((p) => path === p || (p !== '/' && path.startsWith(`${p}/`)))) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

/** The guard's `redirect` for a signed-out visit to `href`; none where sign-in leads anyway. */
export function returnPathFor(href: string): string | undefined {
  const path = safeRedirect(href)
  return path === undefined || new URL(path, BASE).pathname === '/dashboard' ? undefined : path
}

// A magic link opens in another tab (from the mail app), so the destination waits in
// localStorage until the link is used, for as long as the link works.
const KEY = 'signin-redirect'
const LIFETIME_MS = 60 * 60 * 1000

export const pendingRedirect = {
  /** Remembers `path` for the magic link just requested (or forgets it when undefined). */
  set(path: string | undefined, now = Date.now()) {
    try {
      if (path && safeRedirect(path)) localStorage.setItem(KEY, JSON.stringify({ path, at: now }))
      else localStorage.removeItem(KEY)
    } catch {
      // Storage refused (private mode): the reader lands on the default page instead.
    }
  },
  /** The remembered path, once: it is forgotten as it is read. Stale or unsafe ones are dropped. */
  take(now = Date.now()): string | undefined {
    try {
      const raw = localStorage.getItem(KEY)
      localStorage.removeItem(KEY)
      if (!raw) return undefined
      const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown }
      if (typeof at !== 'number' || now - at > LIFETIME_MS || now < at) return undefined
      return safeRedirect(path)
    } catch {
      return undefined
    }
  },
}
