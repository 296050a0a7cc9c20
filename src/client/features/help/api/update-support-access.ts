import { mergeUser } from '~/client/db'
import { send } from '~/client/lib/http'
import type { SessionUser } from '~/shared/schemas/user'

/** /help support-access switch: PATCH /api/user {support_enabled} (online only). */
export async function updateSupportAccess(enabled: boolean) {
  const res = await send<SessionUser>('patch', 'user', { support_enabled: enabled })
  await mergeUser({ support_enabled: res.data?.support_enabled ?? enabled })
  return res
}
