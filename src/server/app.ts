import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppEnv, Deps } from './context'
import { localeFromHeader, translate } from './messages'
import { isConnectionError, RETRY_AFTER_SECONDS } from './db/errors'
import { ApiError } from './lib/errors'
import { AVATAR_MAX_BYTES } from '~/shared/schemas/user'
import { isWellFormedText } from './lib/input'
import { log } from './lib/log'
import { admission, admissionLimits } from './middleware/admission'
import { bodyLimit } from './middleware/body-limit'
import { apiPolicy } from './middleware/policy'
import { stepUp } from './middleware/step-up'
import { devOnly } from './middleware/dev-only'
import { mountApiDocs } from './openapi/document'
import { keys } from './routes/keys'
import { account } from './routes/account'
import { billing } from './routes/billing'
import { devBilling } from './routes/dev-billing'
import { payment } from './routes/payment'
import { accountClose, userLeave } from './routes/account-close'
import { add } from './routes/add'
import { auth } from './routes/auth'
import { authOtp } from './routes/auth-otp'
import { authPasskey } from './routes/passkeys'
import { authSocial } from './routes/social'
import { impersonate } from './routes/impersonate'
import { support } from './routes/support'
import { books } from './routes/books'
import { goals } from './routes/goals'
import { syncStream } from './routes/sync-stream'
import { catalog } from './routes/catalog'
import { demo } from './routes/demo'
import { feedback } from './routes/feedback'
import { devOutbox, event, health } from './routes/misc'
import { notification } from './routes/notification'
import { publicPage } from './routes/public'
import { url } from './routes/url'
import { usage } from './routes/usage'
import { user } from './routes/user'
import { avatar } from './routes/avatar'
import { AVATAR_BODY_LIMIT, isMultipart } from './routes/user-input'
import { invite } from './routes/invite'
import { teamMember, teamUsers } from './routes/team'
import { utility } from './routes/utility'

/** Builds the Hono app: `/api/*` plus, when given, the static client (see static.ts). */
export function createApp(deps: Deps, opts: { staticHandler?: (app: Hono<AppEnv>) => void } = {}) {
  const app = new Hono<AppEnv>()

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' compiles WebAssembly only (the barcode reader's ZXing), not
        // JavaScript strings.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Covers come from the catalogue's covers host (https: in production; a configured
        // http CATALOG_COVERS_URL is allowed by name).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', new URL(deps.config.CATALOG_COVERS_URL).origin],
        // The service worker fetches covers to keep them offline: a worker's fetch()
        // is governed by connect-src, not img-src.
        connectSrc: ["'self'", 'https://api.stripe.com', new URL(deps.config.CATALOG_COVERS_URL).origin],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        frameAncestors: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      xFrameOptions: 'SAMEORIGIN',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      strictTransportSecurity: deps.config.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    }),
  )

  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('locale', localeFromHeader(c.req.header('accept-language')))
    c.set('ip', clientIp(c, deps.config.TRUST_PROXY))
    await next()
  })

  const bodyLimitOf = bodyLimit(deps.config.BODY_LIMIT_KB * 1024)
  // An avatar upload (multipart PATCH /api/user) may carry a picture of up to
  // AVATAR_MAX_BYTES; past that it is the avatar field's 400, not the generic 413.
  const avatarUploadLimit = bodyLimit(Math.max(AVATAR_BODY_LIMIT, deps.config.BODY_LIMIT_KB * 1024), {
    tooLarge: () =>
      new ApiError(400, 'validation.avatar.too_large', {
        inputError: 'avatar',
        params: { max: AVATAR_MAX_BYTES / 1024 / 1024 },
      }),
  })
  app.use('/api/*', (c, next) =>
    c.req.method === 'PATCH' && c.req.path === '/api/user' && isMultipart(c.req.header('content-type'))
      ? avatarUploadLimit(c, next)
      : bodyLimitOf(c, next),
  )
  // Query strings are input too: refused at the boundary like bodies and path ids (lib/input.ts).
  app.use('/api/*', async (c, next) => {
    for (const [name, values] of Object.entries(c.req.queries())) {
      if (!isWellFormedText(name) || !values.every(isWellFormedText)) {
        throw new ApiError(400, 'validation.text.invalid_char', { inputError: name })
      }
    }
    await next()
  })
  // Private API answers must never be stored by shared caches or the browser's HTTP cache.
  app.use('/api/*', async (c, next) => {
    await next()
    if (!c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store')
  })
  // The development tools: loopback only, never in production (middleware/dev-only.ts).
  app.use('/api/dev/*', devOnly)
  // Sheds load early with 503 + Retry-After instead of letting requests queue without bound.
  app.use('/api/*', admission(admissionLimits(deps)))
  // Who may call what: every /api call is declared once (shared/api/calls.ts) and this one
  // policy enforces the declaration (session, role flag, key scope, plan, support session,
  // password gate) before any handler; an undeclared call never reaches one.
  // A call the table marks `stepUp: true` needs a recent proof before its handler runs.
  app.use('/api/*', apiPolicy({ extra: (call) => (call.stepUp === true ? stepUp : undefined) }))

  app.route('/api/health', health)
  app.route('/api/auth/otp', authOtp)
  app.route('/api/auth/passkey', authPasskey)
  app.route('/api/auth/social', authSocial)
  app.route('/api/auth/impersonate', impersonate)
  app.route('/api/auth', auth)
  app.route('/api/support', support)
  // Before /api/account, so no middleware that sub-app may add under '*' runs first.
  app.route('/api/account/usage', usage)
  app.route('/api/account/users', teamUsers)
  app.route('/api/account', billing)
  app.route('/api/account', account)
  app.route('/api/account', accountClose)
  app.route('/api/user', user)
  app.route('/api/avatar', avatar)
  app.route('/api/user', userLeave)
  app.route('/api/user', teamMember)
  app.route('/api/invite', invite)
  app.route('/api/utility', utility)
  app.route('/api/event', event)
  app.route('/api/dev', devOutbox)
  app.route('/api/dev', devBilling)
  app.route('/api/payment', payment)
  app.route('/api/feedback', feedback)
  app.route('/api/books', books)
  app.route('/api/goals', goals)
  app.route('/api/sync', syncStream)
  app.route('/api/catalog', catalog)
  app.route('/api/url', url)
  app.route('/api/public', publicPage)
  app.route('/api/add', add)
  app.route('/api/demo', demo)
  app.route('/api/notification', notification)
  app.route('/api/key', keys)
  mountApiDocs(app)

  app.all('/api/*', (c) => c.json({ message: translate(c.var.locale, 'error.not_found') }, 404))

  opts.staticHandler?.(app)

  app.notFound((c) => c.json({ message: translate(c.var.locale ?? 'en', 'error.not_found') }, 404))

  app.onError((err, c) => {
    const locale = c.var.locale ?? 'en'
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.opts.headers ?? {})) c.header(k, v)
      return c.json(
        {
          message: translate(locale, err.key, err.opts.params),
          ...(err.opts.inputError ? { inputError: err.opts.inputError } : {}),
          ...err.opts.extra,
        },
        err.status,
      )
    }
    log.error(c.req.method, c.req.path, err)
    // The database being unreachable is the server's trouble, not the request's: 503, retryable
    // in a few seconds (e.g. while PostgreSQL restarts).
    if (isConnectionError(err)) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS))
      return c.json({ message: translate(locale, 'error.unavailable') }, 503)
    }
    return c.json({ message: translate(locale, 'error.generic') }, 500)
  })

  return app
}

function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export type AppType = ReturnType<typeof createApp>
