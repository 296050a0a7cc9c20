import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto'

// Passwords: scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), random 16-byte salt.
// Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
const N = 2 ** 17
const R = 8
const P = 1
const KEYLEN = 64

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Unknown users still pay for one derivation, so timing does not reveal which emails exist.
  const parts = (stored ?? DUMMY_HASH).split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return stored != null && actual.length === expected.length && timingSafeEqual(actual, expected)
}

const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64url')}$${randomBytes(KEYLEN).toString('base64url')}`

/** A one-time token: 256 random bits, URL-safe. Only its SHA-256 is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

export function newId(): string {
  return randomUUID()
}
