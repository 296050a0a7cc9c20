import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { pathParam, type AppEnv, type Ctx } from '../context'
import { shownDark } from '../first-paint-theme'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { findProvider, finishSocialSignIn, socialSignInToken, startSocialSignIn } from '../services/social'

// Social sign-in for /signin/social (decision 39). GET /api/auth/social lists the configured
// providers
// (the buttons); GET /:provider sends the browser to the provider; the provider sends it back to
// /:provider/callback, which ends on /signin/social?provider=…&token=… (the screen exchanges the
// token like any sign-in, 2FA included) or, on any failure, /signin/social?provider=…&error=failed
// ('Something Went Wrong, Please try signing in again.').

/** Holds the flow's state in the browser that started it (SameSite=Lax: the provider's redirect back is a top-level GET). */
const STATE_COOKIE = 'tbr_social_state'
const COOKIE_PATH = '/api/auth/social'

export const authSocial = new Hono<AppEnv>()

authSocial.get('/', (c) => c.json({ data: c.var.deps.socialProviders.map((p) => ({ id: p.id, name: p.name })) }))

function provider(c: Ctx) {
  const p = findProvider(c.var.deps, pathParam(c, 'provider'))
  if (!p) throw new ApiError(404, 'social.unknown_provider')
  return p
}

const secure = (c: Ctx) => c.var.deps.appUrl.startsWith('https:')

authSocial.get('/:provider', ipLimit('auth'), async (c) => {
  const p = provider(c)
  try {
    const { url, state } = await startSocialSignIn(c.var.deps, p)
    setCookie(c, STATE_COOKIE, state, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(c),
      maxAge: 600,
    })
    return c.redirect(url, 302)
  } catch {
    // The provider's discovery document could not be read: the same failure screen.
    return c.redirect(`/signin/social?provider=${p.id}&error=failed`, 302)
  }
})

authSocial.get('/:provider/callback', ipLimit('auth'), async (c) => {
  const p = provider(c)
  const deps = c.var.deps
  const query = new URL(c.req.url).searchParams
  const cookieState = getCookie(c, STATE_COOKIE)
  deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure: secure(c) })
  const user = await finishSocialSignIn(deps, p, query, cookieState, {
    locale: c.var.locale,
    darkMode: shownDark(c),
  })
  if (!user) return c.redirect(`/signin/social?provider=${p.id}&error=failed`, 302)
  const token = await socialSignInToken(deps, user, p)
  return c.redirect(`/signin/social?provider=${p.id}&token=${encodeURIComponent(token)}`, 302)
})
