import { THEME_COLOR } from '~/shared/theme-color'
import { storedTheme } from './session-token'

/**
 * Shows the display mode: the dark class on html and the app container, the browser's
 * and the installed app's title bar (index.html starts with one colour per system scheme), and
 * the mode remembered for the server-rendered public page's first paint. Used by the app
 * (SessionProvider) and the public page's light entry; free of Dexie and the router.
 */
export function showDisplayMode(dark: boolean) {
  // The first paint's `system-dark` (decision 52) gives way to the mode now in force.
  for (const element of [document.documentElement, document.getElementById('root')]) {
    element?.classList.remove('system-dark')
    element?.classList.toggle('dark', dark)
  }
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', dark ? THEME_COLOR.dark : THEME_COLOR.light)
  }
  storedTheme.set(dark)
}
