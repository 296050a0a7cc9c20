import { describe, expect, test } from 'vitest'
import { hubCards } from '~/client/features/account/components/account-hub'
import { secondaryNavValue, visibleEntries } from '~/client/ui/secondary-nav'
import { routeExists } from '~/client/lib/built-routes'
import { ACCOUNT_NAV } from './account-nav'
import { NAV_ITEMS, navItemsFor } from './nav-items'

// Navigation data, the secondary account navigation and the account hub, each entry shown for the flags it needs.

describe('rail and menu items', () => {
  test('top: dashboard, account; bottom: help, sign out — each with an icon and a link or an action', () => {
    const names = (position: 'top' | 'bottom') => NAV_ITEMS.filter((i) => i.position === position).map((i) => i.to ?? i.action)
    expect(names('top')).toEqual(expect.arrayContaining(['/dashboard', '/account']))
    expect(names('bottom')).toEqual(['/help', 'signout'])
    for (const item of NAV_ITEMS) expect(!!item.to !== !!item.action).toBe(true)
  })

  test('items needing a permission hide without it; sign out needs none', () => {
    expect(navItemsFor('user').map((i) => i.icon)).toEqual(expect.arrayContaining(['dashboard', 'user', 'help', 'signout']))
    expect(navItemsFor(undefined).map((i) => i.action)).toEqual(['signout'])
  })

  test('the profile variant links the account item to /account/profile', () => {
    expect(navItemsFor('owner').find((i) => i.icon === 'user')!.to).toBe('/account')
    expect(navItemsFor('owner', { accountTo: '/account/profile' }).find((i) => i.icon === 'user')!.to).toBe('/account/profile')
  })
})

describe('secondary account navigation', () => {
  test('its selected value is the first three path segments', () => {
    expect(secondaryNavValue('/account')).toBe('/account')
    expect(secondaryNavValue('/account/')).toBe('/account')
    expect(secondaryNavValue('/account/profile')).toBe('/account/profile')
    expect(secondaryNavValue('/account/apikeys/create')).toBe('/account/apikeys')
    expect(secondaryNavValue('/account/apikeys/edit?id=1'.split('?')[0]!)).toBe('/account/apikeys')
  })

  const paths = (role: string | undefined) => visibleEntries(ACCOUNT_NAV, role).map((e) => e.to)
  const base = ['/account', '/account/profile', '/account/url', '/account/password', '/account/2fa', '/account/notifications']

  test('entries show only with the user flag; billing/upgrade owner, users admin, API keys developer', () => {
    expect(paths(undefined)).toEqual([])
    expect(paths('nobody')).toEqual([])
    expect(paths('user')).toEqual(base)
    expect(paths('developer')).toEqual([...base, '/account/apikeys'])
    expect(paths('admin')).toEqual([...base, '/account/users'])
    expect(paths('owner')).toEqual([...base, '/account/billing', '/account/upgrade', '/account/users', '/account/apikeys'])
    expect(paths('master')).toEqual([...base, '/account/billing', '/account/upgrade', '/account/users'])
  })
})

describe('account hub', () => {
  const user = { has_password: true, '2fa_enabled': false, permission: 'user' }
  test('password card: create or change; 2FA card: enable or manage', () => {
    const titles = (u: typeof user) => hubCards(u).map((c) => c.title.message ?? c.title.id)
    expect(titles(user)).toEqual(expect.arrayContaining(['Change password', 'Enable two-factor authentication']))
    expect(titles({ ...user, has_password: false, '2fa_enabled': true })).toEqual(
      expect.arrayContaining(['Create a password', 'Manage two-factor authentication']),
    )
  })
  test('links to custom URL, profile, password, 2FA and notifications; at most 8 cards for any role', () => {
    expect(hubCards(user).map((c) => c.to)).toEqual(['/account/profile', '/account/url', '/account/password', '/account/2fa', '/account/notifications'])
    for (const permission of ['master', 'owner', 'admin', 'developer', 'user']) {
      expect(hubCards({ ...user, permission }).length).toBeLessThanOrEqual(8)
    }
    expect(hubCards({ ...user, permission: 'owner' }).map((c) => c.to)).toContain('/account/billing')
  })
})

describe('entries of screens not in this build', () => {
  // The router's routesByPath is keyed by full path; index routes may carry a trailing slash.
  const routes = { '/account/': {}, '/account/profile': {}, '/dashboard': {} }
  test('are found by path, with or without a trailing slash; others are left out', () => {
    expect(routeExists(routes, '/account')).toBe(true)
    expect(routeExists(routes, '/account/')).toBe(true)
    expect(routeExists(routes, '/account/profile')).toBe(true)
    expect(routeExists(routes, '/account/billing')).toBe(false)
    expect(ACCOUNT_NAV.filter((e) => routeExists(routes, e.to)).map((e) => e.to)).toEqual(['/account', '/account/profile'])
  })
})
