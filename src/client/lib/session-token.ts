// decisions §6: the session token lives in localStorage; the language too, so requests made
// before the user record loads still carry it.
const TOKEN_KEY = 'token'
const LOCALE_KEY = 'locale'

export const sessionToken = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

export const storedLocale = {
  get: () => localStorage.getItem(LOCALE_KEY),
  set: (locale: string) => localStorage.setItem(LOCALE_KEY, locale),
}
