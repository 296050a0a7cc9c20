import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { ACCOUNT_COOKIE, THEME_COOKIE } from '~/shared/preference-cookies'
import { THEME_COLOR } from '~/shared/theme-color'
import type { AppEnv } from './context'

/**
 * The display mode of an HTML answer's first paint, before any script runs (decision
 * 52): a signed-in device (`tbr_account`) that wrote its mode in force (`tbr_theme`)
 * gets that mode; anyone else follows the system, which only CSS can know: `system-dark`, whose
 * rules apply under `prefers-color-scheme: dark` (src/tools/system-dark-css.ts).
 */
export type FirstPaintTheme = 'dark' | 'light' | 'system-dark'

export function firstPaintTheme(c: Context<AppEnv>): FirstPaintTheme {
  const mode = getCookie(c, THEME_COOKIE)
  if (getCookie(c, ACCOUNT_COOKIE) && (mode === 'dark' || mode === 'light')) return mode
  return 'system-dark'
}

/**
 * Whether this device showed dark: the signed-out pages write the system's mode into `tbr_theme`.
 * A person created here starts with it as their saved `dark_mode`, so signing up (or joining by
 * invite, or through a provider) never flips a dark screen to light.
 */
export const shownDark = (c: Context<AppEnv>) => getCookie(c, THEME_COOKIE) === 'dark'

/** The class attribute for that mode on <html> and the app container (light has none). */
export const themeAttribute = (theme: FirstPaintTheme) => (theme === 'light' ? '' : ` class="${theme}"`)

/**
 * The shell's <html> with the first paint's mode in place of the build's own class, and for a
 * chosen mode the title bar's colour in both theme-color metas (the system's stay per scheme).
 */
export function withHtmlTheme(html: string, theme: FirstPaintTheme): string {
  const withClass = html.replace(/<html\b[^>]*>/, (tag) => tag.replace(/\sclass="[^"]*"/, '').replace(/>$/, `${themeAttribute(theme)}>`))
  if (theme === 'system-dark') return withClass
  return withClass.replace(/(<meta name="theme-color" content=")[^"]*"/g, (_, head: string) => `${head}${THEME_COLOR[theme]}"`)
}
