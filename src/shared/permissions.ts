// The flags each role holds. A call requiring flag F is allowed when the
// member's role holds F. Master is also exempt from the subscription redirect.
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

/**
 * The roles a member may give (invite or role change): every role whose
 * flags are a strict subset of their own, never owner or master. So an owner gives admin,
 * developer or user; an admin gives user; nobody grants a role above (or equal to) their own.
 */
export function grantableRoles(role: string | undefined | null): Role[] {
  if (!role || !(role in ROLE_FLAGS)) return []
  const own = ROLE_FLAGS[role as Role]
  return ROLES.filter((r) => {
    if (r === 'owner' || r === 'master') return false
    const flags = ROLE_FLAGS[r]
    return flags.length < own.length && flags.every((f) => own.includes(f))
  })
}
