import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { ApiError } from './errors'
import { Limiter, Overloaded, stepAside } from './limiter'

// Passwords: scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), random 16-byte salt.
// Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes
// (and a hash made at a test's lower cost still verifies). PASSWORD_HASH_COST sets log2 N.
let N = 2 ** 17
const R = 8
const P = 1
const KEYLEN = 64

// Each derivation holds a libuv threadpool thread (4 by default, shared with file system and zlib
// work) and a core for ~0.3–1 s. Unbounded, 20 sign-ins at once made every other request wait
// seconds. So only a few run at once, a few more wait their turn, and the rest
// are refused at once with 429 + Retry-After: the cost per password stays, the rest of the API
// keeps its threads and cores (decision 27).
export const PASSWORD_HASH_QUEUE = 8

/** On 2 cores: 1. Leaves half the machine to everything else. */
export function defaultHashConcurrency() {
  return Math.max(1, Math.floor(availableParallelism() / 2))
}

let limiter = new Limiter({ concurrency: defaultHashConcurrency(), queue: PASSWORD_HASH_QUEUE })

/**
 * Sets how many derivations run at once and how many may wait (PASSWORD_HASH_* variables) for the
 * whole process, and answers the limiter (tests hold its turn to saturate it deterministically).
 */
export function limitPasswordHashing(o: { concurrency?: number; queue?: number }): Limiter {
  limiter = new Limiter({
    concurrency: o.concurrency ?? defaultHashConcurrency(),
    queue: o.queue ?? PASSWORD_HASH_QUEUE,
  })
  return limiter
}

const busy = (retryAfterSeconds: number) =>
  new ApiError(429, 'error.password_busy', { headers: { 'Retry-After': String(retryAfterSeconds) } })

/**
 * Throws the 429 a derivation would meet now, so a call can be refused before it costs anything
 * else (the `passwordGate` calls of the table, middleware/policy.ts); the derivation itself still checks.
 */
export function refuseWhenPasswordsBusy() {
  if (limiter.wouldRefuse()) throw busy(limiter.retryAfterSeconds())
}

async function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    )
  try {
    // Waiting and deriving need neither this thread nor the database: the request's admission
    // turn (middleware/admission.ts) goes to others meanwhile.
    return await stepAside(() => limiter.run(run))
  } catch (err) {
    if (!(err instanceof Overloaded)) throw err
    throw busy(err.retryAfterSeconds)
  }
}

/** Sets scrypt's N = 2^log2n for new hashes, for the whole process (config PASSWORD_HASH_COST). */
export function setPasswordCost(log2n: number) {
  N = 2 ** log2n
  dummyHash = makeDummyHash()
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Unknown users still pay for one derivation, so timing does not reveal which emails exist.
  const parts = (stored ?? dummyHash).split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return stored != null && actual.length === expected.length && timingSafeEqual(actual, expected)
}

const makeDummyHash = () =>
  `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64url')}$${randomBytes(KEYLEN).toString('base64url')}`
let dummyHash = makeDummyHash()

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
