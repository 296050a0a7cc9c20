import { THEME_COLOR } from '~/client/pwa/theme-color'
import { storedTheme } from '~/client/lib/session-token'
import { THEME_COOKIE } from '~/shared/preference-cookies'

/**
 * spec §4 on the server-rendered public page: the server drew the mode the cookie names (the one
 * last in force on this device); a signed-in visitor keeps it (it is their saved choice, written by
 * the app's SessionProvider), anyone else follows the system. Corrected here if it differs.
 */
export function applyTheme(signedIn: boolean) {
  const cookie = new RegExp(`(?:^|; )${THEME_COOKIE}=(dark|light)`).exec(document.cookie)?.[1]
  const system = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false
  const dark = signedIn && cookie ? cookie === 'dark' : system
  document.documentElement.classList.toggle('dark', dark)
  document.getElementById('root')?.classList.toggle('dark', dark)
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', dark ? THEME_COLOR.dark : THEME_COLOR.light)
  }
  storedTheme.set(dark)
}
