import type { Ctx } from '../context'
import { clear, hit } from '../services/rate-limit'
import { AUTH_WINDOW_MS, tooMany } from './rate-limit'

// The brute-force limit on one email's password and codes, shared by sign-in, the second factor
// and the step-up check (it lives below the routes so the step-up middleware can count too).

export const FAILED_SIGNIN_LIMIT = 10

/** The brute-force counter of one email (sign-in and the old password of a change share it). */
export const failKey = (email: string) => `signin-fail:${email.toLowerCase()}`

/** Counts one sign-in attempt for `email`: 429 once the window holds too many. */
export async function countSignInAttempt(c: Ctx, email: string) {
  const w = await hit(c.var.deps.db, failKey(email), AUTH_WINDOW_MS)
  if (w.count > FAILED_SIGNIN_LIMIT) throw tooMany(w)
}

export const clearSignInAttempts = (c: Ctx, email: string) => clear(c.var.deps.db, failKey(email))
