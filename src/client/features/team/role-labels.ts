import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Role } from '~/shared/permissions'
import type { MemberStatus } from '~/shared/schemas/team'

// Role and status names as the team screens show them (the Users table's status column).
export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  master: msg`Master`,
  owner: msg`Owner`,
  admin: msg`Admin`,
  developer: msg`Developer`,
  user: msg`User`,
}

export const STATUS_LABELS: Record<MemberStatus, MessageDescriptor> = {
  Invited: msg`Invited`,
  Registered: msg`Registered`,
  Verified: msg`Verified`,
}
