import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CircleUserRound, LayoutDashboard, LifeBuoy, type LucideIcon } from 'lucide-react'
import type { Flag } from '~/shared/permissions'

// spec §2: navigation items have label, icon, link or action, position and an optional permission.
export interface NavItem {
  label: MessageDescriptor
  icon: LucideIcon
  to: string
  position: 'top' | 'bottom'
  permission?: Flag
}

export const NAV_ITEMS: NavItem[] = [
  { label: msg`Dashboard`, icon: LayoutDashboard, to: '/dashboard', position: 'top', permission: 'user' },
  { label: msg`Account`, icon: CircleUserRound, to: '/account', position: 'top', permission: 'user' },
  { label: msg`Help`, icon: LifeBuoy, to: '/help', position: 'bottom', permission: 'user' },
]
