// The reader's language and display mode, mirrored from the client's own storage into cookies so
// the server can render a public list (/{slug}) in them before any script runs
// (decision 50). Only choices, never a session: the token stays
// in localStorage.
export const LOCALE_COOKIE = 'tbr_locale'
/** `dark` or `light`: the mode last in force on this device (the user's choice, else the system's). */
export const THEME_COOKIE = 'tbr_theme'
/**
 * The signed-in account's id (not a credential: account ids are in every public answer). The
 * server draws "My books" and the owner's own view from it and does not count the owner's own
 * loads of their list as views, as the API does for a bearer.
 */
export const ACCOUNT_COOKIE = 'tbr_account'
