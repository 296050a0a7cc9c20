import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Flag } from '~/shared/permissions'
import type { Capability } from '~/shared/schemas/billing'

// Secondary account navigation: entries show with the user permission; billing and
// upgrade need owner, users admin, API keys developer.
export interface AccountNavEntry {
  label: MessageDescriptor
  to: string
  permission?: Flag
  /** What the account's plan must unlock; without it the entry shows an upgrade hint. */
  capability?: Capability
  /** Hidden when the account is already on the dearest plan (nothing to upgrade to). */
  hideOnTopPlan?: true
}

export const ACCOUNT_NAV: AccountNavEntry[] = [
  { label: msg`Overview`, to: '/account' },
  { label: msg`Profile`, to: '/account/profile' },
  { label: msg`Custom URL`, to: '/account/url' },
  { label: msg`Password`, to: '/account/password' },
  { label: msg`Two-factor authentication`, to: '/account/2fa' },
  { label: msg`Notifications`, to: '/account/notifications' },
  { label: msg`Billing`, to: '/account/billing', permission: 'owner' },
  { label: msg`Upgrade`, to: '/account/upgrade', permission: 'owner', hideOnTopPlan: true },
  { label: msg`Users`, to: '/account/users', permission: 'admin', capability: 'team' },
  { label: msg`API keys`, to: '/account/apikeys', permission: 'developer', capability: 'api_keys' },
]

/** Shown to masters only (account-layout.tsx; decision 31). */
export const SUPPORT_NAV: AccountNavEntry = { label: msg`Support`, to: '/account/support' }
