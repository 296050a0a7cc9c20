import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { KEY_PREFIX } from '~/shared/schemas/key'

// The API key format, after GitHub's token format: `tbr_` + 32 base62 characters of
// randomness (~190 bits) + a 6-character base62 CRC-32 of everything before it.
// - The fixed prefix makes a leaked key recognisable to secret scanners and to people.
// - The checksum lets the server refuse a mistyped or made-up key without a database look-up
//   (and lets scanners avoid false positives).
// - base62 keeps the key one "word" (double-click selects it whole; no URL escaping).

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const SECRET_LENGTH = 32
const CHECKSUM_LENGTH = 6
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH + CHECKSUM_LENGTH}}$`)

/** A fresh full key. */
export function generateKey(): string {
  let secret = ''
  // Rejection sampling: 248 = 4 × 62, so every character is equally likely.
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH * 2)) {
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % 62]
    }
  }
  const body = KEY_PREFIX + secret
  return body + checksum(body)
}

/** True when `token` has the key's shape (the prefix): the auth middleware routes it to keys. */
export const looksLikeKey = (token: string) => token.startsWith(KEY_PREFIX)

/** True when `token` is well formed and its checksum matches; no database involved. */
export function isValidKey(token: string): boolean {
  if (!KEY_PATTERN.test(token)) return false
  const body = token.slice(0, -CHECKSUM_LENGTH)
  return checksum(body) === token.slice(-CHECKSUM_LENGTH)
}

/** What answers show after creation: the public prefix, a few characters, and the last four. */
export function displayKey(fullKey: string): string {
  return `${fullKey.slice(0, KEY_PREFIX.length + 4)}…${fullKey.slice(-4)}`
}

function checksum(body: string): string {
  let n = crc32(Buffer.from(body, 'utf8'))
  let out = ''
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[n % 62] + out
    n = Math.floor(n / 62)
  }
  return out
}
