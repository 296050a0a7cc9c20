import { mergeUser } from '~/client/db'
import { send } from '~/client/lib/http'
import type { SessionUser, UpdateUserInput } from '~/shared/schemas/user'

/** The changed profile fields, and a newly chosen picture. */
export interface ProfileChange {
  fields: UpdateUserInput
  picture?: File
}

/**
 * PATCH /api/user with the changed profile fields; the answer updates the stored user.
 * With a picture the body is multipart: the file as `avatar`, the other fields as text parts.
 */
export async function updateProfile({ fields, picture }: ProfileChange) {
  let res
  if (picture) {
    const body = new FormData()
    for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) body.append(key, String(value))
    body.append('avatar', picture)
    res = await send<SessionUser>('patch', 'user', undefined, { body })
  } else res = await send<SessionUser>('patch', 'user', fields)
  if (res.data) await mergeUser(res.data)
  return res
}
