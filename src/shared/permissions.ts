// decisions §4: the flags each role holds. A call requiring flag F is allowed when the
// member's role holds F. Master is also exempt from the subscription redirect (spec §6).
export const ROLES = ['master', 'owner', 'admin', 'developer', 'user'] as const
export type Role = (typeof ROLES)[number]
export type Flag = Role

export const ROLE_FLAGS: Record<Role, readonly Flag[]> = {
  master: ['master', 'owner', 'admin', 'user'],
  owner: ['owner', 'admin', 'developer', 'user'],
  admin: ['admin', 'user'],
  developer: ['developer', 'user'],
  user: ['user'],
}

export function hasFlag(role: string | undefined | null, flag: Flag): boolean {
  if (!role || !(role in ROLE_FLAGS)) return false
  return ROLE_FLAGS[role as Role].includes(flag)
}

/** The map `GET /api/user/permissions` returns: for each role, the flags it holds. */
export function permissionMap(): Record<Role, Record<Flag, boolean>> {
  return Object.fromEntries(
    ROLES.map((role) => [role, Object.fromEntries(ROLES.map((flag) => [flag, hasFlag(role, flag)]))]),
  ) as Record<Role, Record<Flag, boolean>>
}
