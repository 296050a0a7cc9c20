import type { Locale } from './schemas/common'
import type { PublicPageData } from './responses/public-page'

// The server-rendered public list /{slug} (decision 50): what the server renders with the
// page's own components (src/client/public/render.tsx, built by `npm run build`) and embeds in
// the HTML for the light client entry (src/client/public/main.tsx) to hydrate from. Embedded as
// `<script type="application/json">`: data, not code, so the CSP stays strict.

// The element's id is the service worker's too (it keeps the data for offline use).
export { PUBLIC_DATA_ID } from './sw-policy'

export interface PublicPayload {
  slug: string
  locale: Locale
  /** The list as GET /api/public/{slug} answers it, without `viewer` (no bearer on a page load). */
  data: PublicPageData
  /** As the server drew it (from the preference cookies); the page corrects it after hydration. */
  session: { signedIn: boolean; own: boolean }
  /** The page's compiled messages in `locale` (only the ones its code uses). */
  messages: Record<string, unknown>
}

/** What the server-render bundle exports. */
export interface PublicRenderer extends AuthRenderer {
  renderPublicList(payload: PublicPayload): string
  /** The compiled catalogue of `locale` narrowed to `ids` (all of it when `ids` is null). */
  messagesFor(locale: Locale, ids: readonly string[] | null): Record<string, unknown>
}

/** The server-rendered signed-out screens (decision 53), by path. */
export const AUTH_SCREENS = {
  '/': 'home',
  '/signin': 'signin',
  '/signup': 'signup',
  '/forgotpassword': 'forgotpassword',
  '/magic': 'magic',
} as const

export type AuthScreen = (typeof AUTH_SCREENS)[keyof typeof AUTH_SCREENS]

/** The id of the `<script type="application/json">` of a signed-out screen (not the worker's). */
export const AUTH_DATA_ID = 'tbr-auth-data'

export interface AuthPayload {
  screen: AuthScreen
  locale: Locale
  /** The query the screen reads (`error`, `redirect`, `token`), as sent; the page checks them. */
  search: Partial<Record<'error' | 'redirect' | 'token', string>>
  /** GET /api/auth/social's answer: the social sign-in buttons of /signin. */
  providers: { id: string; name: string }[]
  /** The quote of the day the panel shows (the server's day, so hydration draws the same). */
  quote: number
  messages: Record<string, unknown>
}

/** What the server-render bundle exports for the signed-out screens. */
export interface AuthRenderer {
  renderAuthPage(payload: AuthPayload): { html: string; title: string | null }
}
