import { Secret, TOTP } from 'otpauth'
import type { TestServer } from './harness'

// Codes as an authenticator app makes them (SHA-1, 6 digits, 30 s; decision 30), from the
// secret the set-up answered, at any moment: the tests move the phone's clock, not the server's.

export const STEP_MS = 30_000

export function codeAt(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at })
}

/** Six digits that are the code of none of the steps the server accepts now (±1). */
export function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => codeAt(secret, Date.now() + d * STEP_MS)))
  for (let n = 0; ; n++) {
    const candidate = String((Number(codeAt(secret)) + 1 + n * 7919) % 1_000_000).padStart(6, '0')
    if (!near.has(candidate)) return candidate
  }
}

/**
 * Waits, when less than `margin` ms are left of the current 30 s step, for the next one: a test
 * that sends a code of a chosen step (the one before, two ahead) then gets its answer for the step
 * it meant, also on a busy machine, instead of one a step boundary moved in between.
 */
export async function clearOfStepEdge(margin = 3_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS)
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 50))
}

/** Signs up a verified user and turns 2FA on; answers the secret and the backup code too. */
export async function userWith2fa(s: TestServer, opts: { name?: string } = {}) {
  const u = await s.signUp({ name: opts.name })
  const setup = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })
  if (setup.status !== 200) throw new Error(`2fa set-up: ${setup.status} ${JSON.stringify(setup.body)}`)
  const secret: string = setup.body.data.secret
  // The code of the previous step: the sign-ins that follow can use the current one.
  await clearOfStepEdge()
  const on = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(secret, Date.now() - STEP_MS) } })
  if (on.status !== 200) throw new Error(`2fa verify: ${on.status} ${JSON.stringify(on.body)}`)
  return { ...u, secret, backupCode: on.body.data.backup_code as string }
}

/** A password sign-in that stops at the second factor: answers its pending token. */
export async function pendingToken(s: TestServer, email: string, password: string): Promise<string> {
  const res = await s.api('POST', '/api/auth', { body: { email, password } })
  if (res.status !== 200 || res.body.data['2fa_required'] !== true) {
    throw new Error(`expected 2fa_required: ${res.status} ${JSON.stringify(res.body)}`)
  }
  return res.body.data.token
}
