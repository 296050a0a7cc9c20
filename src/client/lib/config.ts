// Build-time client configuration (Vite exposes VITE_* variables from the environment or .env).

/**
 * The auth layout's logo links to the provider's marketing site: the server's
 * MARKETING_URL, stamped in at build time (vite.config.ts). null when none is configured: the logo
 * then links to `/`, as it does elsewhere. Tests run the source without that define.
 */
export const MARKETING_URL: string | null = (typeof __MARKETING_URL__ === 'string' && __MARKETING_URL__) || null

export const PRODUCT_NAME = 'TBR'

/** "Sign in · TBR" (each page sets the document title from a translated title). */
export function documentTitle(title: string) {
  return `${title} · ${PRODUCT_NAME}`
}
