import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Two-factor secrets are encrypted at rest (decision 30):
// AES-256-GCM under a server key, so a copy of the database alone does not
// yield the codes. The key is HKDF-SHA-256 of TOTP_ENCRYPTION_KEY, or of the session token
// secret when that is unset (README Configuration). Stored as `v1.<iv>.<tag>.<ciphertext>`.

const INFO = 'tbr totp secret v1'

export function deriveKey(material: Uint8Array | string): Buffer {
  const ikm = typeof material === 'string' ? Buffer.from(material, 'utf8') : Buffer.from(material)
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), INFO, 32))
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/** The plain text, or null when the box is not ours (another key, tampered, or not a box). */
export function open(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
