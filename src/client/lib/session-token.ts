import { initialLocale } from '~/client/i18n'
import { ACCOUNT_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from '~/shared/preference-cookies'

// The session token lives in localStorage; the language too, so requests made
// before the user record loads still carry it. Kept free of Dexie and the router: the
// server-rendered public page (src/client/public) reads it too.
const TOKEN_KEY = 'token'
const LOCALE_KEY = 'locale'
const ACCOUNT_KEY = 'account_id'

/** A cookie only the server's public page reads (the language and mode it renders in). */
function setPreferenceCookie(name: string, value: string | null) {
  if (typeof document === 'undefined') return
  document.cookie = `${name}=${value ?? ''}; Path=/; Max-Age=${value ? 31536000 : 0}; SameSite=Lax`
}

export const sessionToken = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

/**
 * The language the interface shows: the stored choice, else the browser's (what the app and the
 * signed-out pages activate). Requests ask the server for the same, so its messages, mails and a
 * new person's saved locale match the screen.
 */
export const shownLocale = () => initialLocale(storedLocale.get())

export const storedLocale = {
  get: () => localStorage.getItem(LOCALE_KEY),
  set: (locale: string) => {
    localStorage.setItem(LOCALE_KEY, locale)
    setPreferenceCookie(LOCALE_COOKIE, locale)
  },
}

/** The signed-in user's account id, so the public page knows a visitor's own list without Dexie. */
export const storedAccountId = {
  get: () => localStorage.getItem(ACCOUNT_KEY),
  set: (id: string | null) => {
    if (id) localStorage.setItem(ACCOUNT_KEY, id)
    else localStorage.removeItem(ACCOUNT_KEY)
    setPreferenceCookie(ACCOUNT_COOKIE, id)
  },
}

/** The display mode in force, for the server-rendered public page's first paint. */
export const storedTheme = {
  set: (dark: boolean) => setPreferenceCookie(THEME_COOKIE, dark ? 'dark' : 'light'),
}
