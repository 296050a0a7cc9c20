import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { Icon } from '~/client/ui/icon'
import { Logo } from '~/client/ui/logo'
import * as Tooltip from '~/client/ui/tooltip'
import { useNavOptions } from './nav-context'
import { navItemsFor, navKey, type NavAction, type NavItem } from './nav-items'
import { requestSignOut } from './sign-out'
import { UserMenu } from './user-menu'

const styles = {
  rail: css({
    display: { base: 'none', md: 'flex' },
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'space-between',
    w: '16',
    flexShrink: 0,
    py: '4',
    position: 'sticky',
    top: '0',
    h: '100dvh',
    bg: 'bg.panel',
    borderRightWidth: '1px',
    borderColor: 'border',
  }),
  group: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' }),
  logo: css({ color: 'accent', mb: '4', borderRadius: 'md' }),
  item: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'lg',
    color: 'fg.muted',
    cursor: 'pointer',
    transition: 'background 0.15s, color 0.15s',
    _hover: { bg: 'bg.muted', color: 'fg' },
    // The active link is highlighted.
    '&[data-status=active]': { bg: 'accent.subtle', color: 'accent' },
  }),
}

/** Runs a navigation item's action (items have a link or an action). */
export function runNavAction(action: NavAction) {
  if (action === 'signout') void requestSignOut()
}

export function RailItem({ item }: { item: NavItem }) {
  const { i18n } = useLingui()
  const label = i18n._(item.label)
  const icon = <Icon.Root name={item.icon} size="md" />
  return (
    <Tooltip.Root content={label}>
      {item.to ? (
        <Link to={item.to} className={styles.item} aria-label={label}>
          {icon}
        </Link>
      ) : (
        <button type="button" className={styles.item} aria-label={label} onClick={() => runNavAction(item.action!)}>
          {icon}
        </button>
      )}
    </Tooltip.Root>
  )
}

/** A side icon rail (top: dashboard, account; bottom: help, sign out), hidden on small screens. */
export function SideRail() {
  const { t } = useLingui()
  const { user } = useSession()
  const items = navItemsFor(user?.permission, useNavOptions())
  return (
    <nav aria-label={t`Main`} className={styles.rail}>
      <div className={styles.group}>
        <Link to="/" className={styles.logo} aria-label={t`TBR home`}>
          <Logo markOnly size="md" />
        </Link>
        {items
          .filter((item) => item.position === 'top')
          .map((item) => (
            <RailItem key={navKey(item)} item={item} />
          ))}
      </div>
      <div className={styles.group}>
        {items
          .filter((item) => item.position === 'bottom')
          .map((item) => (
            <RailItem key={navKey(item)} item={item} />
          ))}
        <UserMenu placement="right-end" />
      </div>
    </nav>
  )
}
