import { and, eq, ne } from 'drizzle-orm'
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '~/shared/schemas/user'
import type { Db, Tx } from '../db/client'
import { avatars, users } from '../db/schema'
import { newId } from '../lib/crypto'
import { ApiError } from '../lib/errors'

// Avatar upload (at most one file per request; decision 46).
// The picture is checked by its content (never the name or the declared type), cropped to a
// centred square, re-encoded as WebP without metadata (sharp keeps none unless asked: no EXIF
// location, no camera serial), and stored in the database, so every API process on one
// PostgreSQL serves it.

/** Where an avatar is served (routes/avatar.ts); a new id per upload, so the URL never changes content. */
export const avatarUrl = (id: string) => `/api/avatar/${id}.webp`
const STORED_TYPE = 'image/webp'

/** The image type by its first bytes: JPEG, PNG, GIF or WebP, or null for anything else. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  return null
}

const tooLarge = () =>
  new ApiError(400, 'validation.avatar.too_large', { inputError: 'avatar', params: { max: AVATAR_MAX_BYTES / 1024 / 1024 } })
export const avatarTooLarge = tooLarge

/**
 * The uploaded file as the stored square WebP. A file that is not one of the four types, larger
 * than AVATAR_MAX_BYTES, or that the decoder cannot read to its end is a 400 on `avatar`.
 */
export async function squareAvatar(file: Blob): Promise<Uint8Array> {
  if (file.size > AVATAR_MAX_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!sniffImage(bytes)) throw new ApiError(400, 'validation.avatar.not_image', { inputError: 'avatar' })
  // Loaded on the first upload, not with the server: most processes never resize an avatar.
  const { default: sharp } = await import('sharp')
  try {
    // failOn 'error' (which implies truncation): a damaged or cut-off file is refused rather than stored half grey. pages 1: an
    // animated GIF or WebP keeps its first frame. The pixel bound stops a small file that
    // declares a huge canvas (a decompression bomb) before it is decoded.
    return await sharp(bytes, { failOn: 'error', pages: 1, limitInputPixels: 50_000_000 })
      .rotate() // the EXIF orientation, applied before the metadata is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new ApiError(400, 'validation.avatar.corrupt', { inputError: 'avatar' })
  }
}

/**
 * The one writer of users.avatar (the public list's cache keys on it, services/views.ts): sets
 * the caller's avatar to an uploaded image, an address, or nothing, and deletes the image the
 * caller stored before. Only rows of `userId` are ever touched, so nobody can replace or delete
 * another person's picture, whatever they send.
 */
export async function replaceAvatar(tx: Tx, userId: string, next: { image: Uint8Array } | { url: string | null }) {
  let url: string | null
  let keep: string | null = null
  if ('image' in next) {
    keep = newId()
    await tx.insert(avatars).values({ id: keep, userId, contentType: STORED_TYPE, bytes: next.image })
    url = avatarUrl(keep)
  } else url = next.url
  await tx.delete(avatars).where(keep ? and(eq(avatars.userId, userId), ne(avatars.id, keep)) : eq(avatars.userId, userId))
  await tx.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId))
}

/** A stored avatar by id, or null. */
export async function readAvatar(db: Db, id: string) {
  const [row] = await db.select({ contentType: avatars.contentType, bytes: avatars.bytes }).from(avatars).where(eq(avatars.id, id))
  return row ?? null
}
