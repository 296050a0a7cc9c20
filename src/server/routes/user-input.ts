import { AVATAR_MAX_BYTES, UpdateUserInput } from '~/shared/schemas/user'
import { readBody, validate, type Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { avatarTooLarge } from '../services/avatars'

// PATCH /api/user takes JSON or, to upload an avatar, multipart/form-data: the
// picture as the one file part `avatar`, the other fields as text parts, checked by
// the same shared schema as the JSON form.

const BOOLEAN_FIELDS = new Set(['support_enabled', 'onboarded', 'dark_mode'])

export const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\b/i.test(contentType ?? '')

/** The body-limit of an avatar upload: the largest picture plus room for the other fields. */
export const AVATAR_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024

export interface UserChange {
  input: UpdateUserInput
  /** The uploaded picture, still to be checked (services/avatars.ts squareAvatar). */
  file: File | null
}

export async function readUserChange(c: Ctx): Promise<UserChange> {
  if (!isMultipart(c.req.header('content-type'))) return { input: await readBody(c, UpdateUserInput), file: null }
  let form: FormData
  try {
    // The body was read once already (middleware/admission.ts); Hono keeps that copy.
    const headers = { 'content-type': c.req.header('content-type')! }
    form = await new Response(await c.req.arrayBuffer(), { headers }).formData()
  } catch {
    throw new ApiError(400, 'error.bad_request')
  }
  const raw: Record<string, unknown> = {}
  let file: File | null = null
  for (const [key, value] of form.entries()) {
    if (key in raw || (key === 'avatar' && file)) {
      // At most one avatar file; any other field once.
      throw new ApiError(400, key === 'avatar' ? 'validation.avatar.one_file' : 'error.bad_request', { inputError: key })
    }
    if (typeof value !== 'string') {
      if (key !== 'avatar') throw new ApiError(400, 'validation.invalid', { inputError: key })
      if (value.size > AVATAR_MAX_BYTES) throw avatarTooLarge()
      file = value
      continue
    }
    raw[key] = BOOLEAN_FIELDS.has(key) && (value === 'true' || value === 'false') ? value === 'true' : value
  }
  return { input: validate(UpdateUserInput, raw), file }
}
