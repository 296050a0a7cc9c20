import { mergeUser } from '~/client/db'
import { send } from '~/client/lib/http'
import type { SessionUser, UpdateUserInput } from '~/shared/schemas/user'

/** spec §7 PATCH /api/user with the changed profile fields; the answer updates the stored user. */
export async function updateProfile(fields: UpdateUserInput) {
  const res = await send<SessionUser>('patch', 'user', fields)
  if (res.data) await mergeUser(res.data)
  return res
}
