import type { Locale } from './schemas/common'
import type { PublicPageData } from './responses/public-page'

// The server-rendered public list /{slug} (issue 15 item 1): what the server renders with the
// page's own components (src/client/public/render.tsx, built by `npm run build`) and embeds in
// the HTML for the light client entry (src/client/public/main.tsx) to hydrate from. Embedded as
// `<script type="application/json">`: data, not code, so the CSP stays strict.

// The element's id is the service worker's too (it keeps the data for offline use).
export { PUBLIC_DATA_ID } from '../../sw/policy'

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
export interface PublicRenderer {
  renderPublicList(payload: PublicPayload): string
  /** The compiled catalogue of `locale` narrowed to `ids` (all of it when `ids` is null). */
  messagesFor(locale: Locale, ids: readonly string[] | null): Record<string, unknown>
}
