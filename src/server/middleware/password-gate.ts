import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { refuseWhenPasswordsBusy } from '../lib/crypto'

// Hardening item 15. The calls that derive a password (scrypt) also write rate-limit counters and
// look the user up first. While the derivations are saturated, those calls are refused at the
// door (429 + Retry-After, like the derivation itself would answer), before that database work: a
// client hammering sign-in then costs the API next to nothing, and a refused attempt, which tested
// no password, does not count toward the brute-force limit either.

export const PASSWORD_CALLS = [
  ['POST', '/api/auth'],
  ['POST', '/api/account'],
  ['POST', '/api/auth/password/reset'],
  ['PUT', '/api/user/password'],
] as const

export const passwordGate = createMiddleware<AppEnv>(async (_c, next) => {
  refuseWhenPasswordsBusy()
  await next()
})
