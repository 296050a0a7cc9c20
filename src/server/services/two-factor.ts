import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { HOTP, Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { sha256 } from '../lib/crypto'
import { deriveKey, open, seal } from '../lib/secret-box'

// TOTP with the authenticator-app defaults (SHA-1, 6 digits, 30 s). What is
// stored: the secret encrypted with the server key (lib/secret-box.ts), the last 30-second step
// a code was accepted for (each code is good once), and the SHA-256 of one backup code.

export const PERIOD = 30
export const DIGITS = 6
/** One step either way: a phone clock up to 30 s off still works (±1 step). */
export const DRIFT_STEPS = 1
const ISSUER = 'TBR'

type UserRow = typeof users.$inferSelect

const keys = new WeakMap<Deps, Buffer>()
function serverKey(deps: Deps): Buffer {
  let key = keys.get(deps)
  if (!key) keys.set(deps, (key = deriveKey(deps.config.TOTP_ENCRYPTION_KEY ?? deps.secret)))
  return key
}

export function sealSecret(deps: Deps, base32: string) {
  return seal(serverKey(deps), base32)
}

function openSecret(deps: Deps, user: UserRow): string | null {
  return user.totpSecret ? open(serverKey(deps), user.totpSecret) : null
}

/** A new secret and what the set-up screen shows: the QR code (a PNG data URL) and the URL in it. */
export async function newEnrolment(email: string) {
  const secret = new Secret({ size: 20 })
  const totp = new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret })
  const otpauthUrl = totp.toString()
  const qrCode = await QRCode.toDataURL(otpauthUrl, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 })
  return { secret: secret.base32, otpauthUrl, qrCode }
}

export const currentStep = (now = Date.now()) => Math.floor(now / 1000 / PERIOD)

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The step (within ±DRIFT_STEPS of now) whose code `code` is, or null. */
function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const secret = Secret.fromBase32(base32)
  const step = currentStep(now)
  for (let delta = -DRIFT_STEPS; delta <= DRIFT_STEPS; delta++) {
    const expected = HOTP.generate({ secret, algorithm: 'SHA1', digits: DIGITS, counter: step + delta })
    if (sameCode(expected, code)) return step + delta
  }
  return null
}

export type CodeCheck = 'ok' | 'wrong' | 'used'

/**
 * Checks a 6-digit code against the user's secret and uses it up: the step is stored only when
 * it is later than the last one used (one conditional UPDATE, so two requests racing with one
 * code cannot both pass).
 */
export async function useTotpCode(deps: Deps, user: UserRow, code: string): Promise<CodeCheck> {
  const secret = openSecret(deps, user)
  if (!secret || !/^\d{6}$/.test(code)) return 'wrong'
  const step = matchingStep(secret, code)
  if (step === null) return 'wrong'
  const [row] = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id })
  return row ? 'ok' : 'used'
}

// 16 characters of base32 without look-alikes: 80 bits, shown as XXXX-XXXX-XXXX-XXXX.
const BACKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export function newBackupCode(): string {
  const bytes = randomBytes(16)
  const chars = Array.from(bytes, (b) => BACKUP_ALPHABET[b % 32]!)
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

/** What is hashed: the code without dashes or spaces, upper-case, so it may be typed either way. */
export const hashBackupCode = (code: string) => sha256(code.replace(/[\s-]/g, '').toUpperCase())

/** Uses up the backup code when it is the user's (single use: the hash is cleared atomically). */
export async function useBackupCode(deps: Deps, user: UserRow, code: string): Promise<boolean> {
  if (!user.backupCodeHash) return false
  const hash = hashBackupCode(code)
  if (!sameCode(hash, user.backupCodeHash)) return false
  const [row] = await deps.db
    .update(users)
    .set({ backupCodeHash: null })
    .where(and(eq(users.id, user.id), eq(users.backupCodeHash, hash)))
    .returning({ id: users.id })
  return row !== undefined
}

/** A current code or the backup code: what each second-factor check accepts. */
export async function useSecondFactor(deps: Deps, user: UserRow, code: string): Promise<CodeCheck | 'backup'> {
  if (/^\d{6}$/.test(code)) return useTotpCode(deps, user, code)
  return (await useBackupCode(deps, user, code)) ? 'backup' : 'wrong'
}

/** Keeps a new secret as pending: it turns 2FA on only once a code proves the phone has it. */
export async function storePendingSecret(deps: Deps, userId: string, base32: string) {
  await deps.db
    .update(users)
    .set({ totpSecret: sealSecret(deps, base32), totpLastStep: null, backupCodeHash: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
}

/** Turns 2FA off and forgets the secret and the backup code; answers the updated user. */
export async function turnOffTwoFactor(db: Db, userId: string) {
  const [updated] = await db
    .update(users)
    .set({ twoFactorEnabled: false, totpSecret: null, totpLastStep: null, backupCodeHash: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
  return updated!
}

/** Turns 2FA on with its first backup code (only the code's hash is kept). */
export async function turnOnTwoFactor(db: Db, userId: string, backupCode: string) {
  await db
    .update(users)
    .set({ twoFactorEnabled: true, backupCodeHash: hashBackupCode(backupCode), updatedAt: new Date() })
    .where(eq(users.id, userId))
}

/** A new backup code replaces the old one, which stops working. */
export async function replaceBackupCode(db: Db, userId: string, backupCode: string) {
  await db
    .update(users)
    .set({ backupCodeHash: hashBackupCode(backupCode), updatedAt: new Date() })
    .where(eq(users.id, userId))
}
