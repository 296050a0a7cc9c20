// Build-time client configuration (Vite exposes VITE_* variables from the environment or .env).

/** spec §1: the auth layout's logo links to the provider's marketing site. */
export const MARKETING_URL: string = import.meta.env.VITE_MARKETING_URL || 'https://tbr.example'

export const PRODUCT_NAME = 'TBR'

/** "Sign in · TBR" (spec §1: each page sets the document title from a translated title). */
export function documentTitle(title: string) {
  return `${title} · ${PRODUCT_NAME}`
}
