import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { useBuiltRoutes } from '~/client/lib/built-routes'
import { useSession } from '~/client/lib/session'
import { CardGrid } from '~/client/ui/card-grid'
import { Icon } from '~/client/ui/icon'
import type { IconName } from '~/client/ui/icon/registry'
import { panelRecipe } from '~/client/ui/panel'
import { hasFlag, type Flag } from '~/shared/permissions'
import type { SessionUser } from '~/shared/schemas/user'

// /account: a hub of cards (at most 8) linking to custom URL, profile, password
// (create or change), 2FA (enable or manage) and notifications; owners, admins and developers
// also find billing, users and API keys.
interface HubCard {
  to: string
  icon: IconName
  title: MessageDescriptor
  description: MessageDescriptor
  permission?: Flag
}

export function hubCards(user: Pick<SessionUser, 'has_password' | '2fa_enabled' | 'permission'>): HubCard[] {
  const cards: HubCard[] = [
    { to: '/account/profile', icon: 'user', title: msg`Profile`, description: msg`Your name, email address and picture.` },
    { to: '/account/url', icon: 'link', title: msg`Custom URL`, description: msg`The public address of your list.` },
    user.has_password
      ? { to: '/account/password', icon: 'lock', title: msg`Change password`, description: msg`Choose a new password.` }
      : { to: '/account/password', icon: 'lock', title: msg`Create a password`, description: msg`Sign in with a password as well as a link.` },
    user['2fa_enabled']
      ? { to: '/account/2fa', icon: 'shield', title: msg`Manage two-factor authentication`, description: msg`Your second sign-in step is on.` }
      : { to: '/account/2fa', icon: 'shield', title: msg`Enable two-factor authentication`, description: msg`Add a code from your phone to each sign-in.` },
    { to: '/account/notifications', icon: 'bell', title: msg`Notifications`, description: msg`Choose which emails we send you.` },
    { to: '/account/billing', icon: 'credit-card', title: msg`Billing`, description: msg`Your plan, card and invoices.`, permission: 'owner' },
    { to: '/account/users', icon: 'users', title: msg`Users`, description: msg`Invite people and manage their access.`, permission: 'admin' },
    { to: '/account/apikeys', icon: 'key', title: msg`API keys`, description: msg`Keys for your own tools and scripts.`, permission: 'developer' },
  ]
  return cards.filter((c) => !c.permission || hasFlag(user.permission, c.permission))
}

const styles = {
  card: css({
    position: 'relative',
    h: 'full',
    transition: 'border-color 0.15s, box-shadow 0.15s',
    _hover: { borderColor: 'accent', boxShadow: 'md' },
    '&:has(a:focus-visible)': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
  }),
  icon: css({ display: 'inline-flex', p: '2.5', borderRadius: 'lg', bg: 'accent.subtle', color: 'accent', flexShrink: 0 }),
  title: css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg' }),
  // The whole card is the link's target (one tab stop, named by the title).
  link: css({ color: 'inherit', outline: 'none', _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'xl' } }),
  description: css({ mt: '1', fontSize: 'sm', color: 'fg.muted' }),
}

export function AccountHub() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const cards = useBuiltRoutes(user ? hubCards(user) : [])
  if (!user) return null
  return (
    <CardGrid.Root max={CardGrid.CARD_GRID_MAX.accountHub} label={t`Account settings`} columns={2}>
      {cards.map((card) => (
        <div key={card.to + i18n._(card.title)} className={cx(panelRecipe({ layout: 'row', padding: 'lg', gap: '4', raised: true }), styles.card)}>
          <span className={styles.icon}>
            <Icon.Root name={card.icon} size="md" />
          </span>
          <div>
            <h2 className={styles.title}>
              <Link to={card.to} className={styles.link}>
                {i18n._(card.title)}
              </Link>
            </h2>
            <p className={styles.description}>{i18n._(card.description)}</p>
          </div>
        </div>
      ))}
    </CardGrid.Root>
  )
}
