import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { IconName } from '~/client/ui/icon/registry'
import { hasFlag, type Flag } from '~/shared/permissions'

// Navigation items are data — label, icon (an Icon registry name), link or action,
// position (top or bottom) and an optional permission.
export type NavAction = 'signout'

interface NavItemBase {
  label: MessageDescriptor
  icon: IconName
  position: 'top' | 'bottom'
  permission?: Flag
}
export type NavItem = NavItemBase & ({ to: string; action?: never } | { action: NavAction; to?: never })

export const NAV_ITEMS: NavItem[] = [
  { label: msg`Dashboard`, icon: 'dashboard', to: '/dashboard', position: 'top', permission: 'user' },
  { label: msg`Books`, icon: 'book', to: '/books', position: 'top', permission: 'user' },
  { label: msg`Stats`, icon: 'chart', to: '/stats', position: 'top', permission: 'user' },
  { label: msg`Account`, icon: 'user', to: '/account', position: 'top', permission: 'user' },
  { label: msg`Help`, icon: 'help', to: '/help', position: 'bottom', permission: 'user' },
  { label: msg`Sign out`, icon: 'signout', action: 'signout', position: 'bottom' },
]

/**
 * The items a role sees, in order. `accountTo` is the account layout's variant that links the
 * account item to /account/profile instead of the hub.
 */
export function navItemsFor(role: string | null | undefined, opts: { accountTo?: string } = {}): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.permission || hasFlag(role, item.permission)).map((item) =>
    opts.accountTo && item.to === '/account' ? { ...item, to: opts.accountTo } : item,
  )
}

/** A stable key for an item (a link's path or an action's name). */
export const navKey = (item: NavItem) => item.to ?? `action:${item.action}`
