import { showDisplayMode } from '~/client/lib/display-mode'
import { THEME_COOKIE } from '~/shared/preference-cookies'

/**
 * The server-rendered public page: the server drew the mode the cookie names (the one
 * last in force on this device); a signed-in visitor keeps it (it is their saved choice, written by
 * the app's SessionProvider), anyone else follows the system. Corrected here if it differs.
 */
export function applyTheme(signedIn: boolean) {
  const cookie = new RegExp(`(?:^|; )${THEME_COOKIE}=(dark|light)`).exec(document.cookie)?.[1]
  const system = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false
  showDisplayMode(signedIn && cookie ? cookie === 'dark' : system)
}

/**
 * The server-rendered signed-out screens: the mode follows the system, also when it
 * changes while the page is open (as the app's SessionProvider does signed out).
 */
export function followSystemTheme() {
  applyTheme(false)
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(false))
}
