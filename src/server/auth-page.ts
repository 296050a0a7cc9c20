import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { ACCOUNT_COOKIE } from '~/shared/preference-cookies'
import { AUTH_DATA_ID, AUTH_SCREENS, type AuthPayload, type AuthScreen } from '~/shared/public-ssr'
import type { AppEnv } from './context'
import { pageHtml, pagePreferences, type PublicBuild } from './public-page'

// The server-rendered signed-out screens /, /signin, /signup, /forgotpassword and /magic
// (decision 53): the whole screen in the HTML
// answer, rendered with the auth routes' own components (dist/server-render/render.js) and
// hydrated by the light entry src/client/public/auth-main.tsx. The other auth routes
// (/signin/otp, /signup/verify, …) stay the app's.

/** The signed-out screen at `path`, if it is one. */
export function authScreenAt(path: string): AuthScreen | null {
  const normal = path.length > 1 ? path.replace(/\/+$/, '') : path
  return (AUTH_SCREENS as Record<string, AuthScreen>)[normal] ?? null
}

/**
 * A reader signed in on this device (the account cookie the app writes) opening `/` gets the app,
 * which sends them on as a sign-in would (routes/_auth.index.tsx redirectIfSignedIn), with no
 * sign-in form drawn first.
 */
export function wantsTheApp(c: Context<AppEnv>, screen: AuthScreen) {
  return screen === 'home' && !!getCookie(c, ACCOUNT_COOKIE)
}

const QUERY = ['error', 'redirect', 'token'] as const

/**
 * The screen's whole page and the <title> it asks for, or null when the light entry was not built
 * (the app's shell then).
 */
export function renderAuthPage(
  c: Context<AppEnv>,
  build: PublicBuild,
  shell: string,
  screen: AuthScreen,
): { html: string; title: string | null } | null {
  if (!build.scripts.auth) return null
  // Signed out, the mode is the system's: CSS draws it (decision 52).
  const { locale } = pagePreferences(c)
  const search: AuthPayload['search'] = {}
  for (const key of QUERY) {
    const value = c.req.query(key)
    if (value) search[key] = value
  }
  const payload: AuthPayload = {
    screen,
    locale,
    search,
    providers: c.var.deps.socialProviders.map((p) => ({ id: p.id, name: p.name })),
    // The auth layout's quote of the day (layouts/quote-panel.tsx quoteOfTheDay), the server's day.
    quote: new Date().getDate(),
    messages: build.renderer.messagesFor(locale, build.ids.auth),
  }
  const { html: markup, title } = build.renderer.renderAuthPage(payload)
  return { html: pageHtml(shell, { locale, theme: 'system-dark', scripts: build.scripts.auth, markup, dataId: AUTH_DATA_ID, data: payload }), title }
}
