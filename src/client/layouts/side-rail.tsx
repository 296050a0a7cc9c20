import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LogOut } from 'lucide-react'
import { css } from 'styled-system/css'
import { signOut, useSession } from '~/client/lib/session'
import { Logo } from '~/client/ui/logo'
import { hasFlag } from '~/shared/permissions'
import { LocaleSwitch } from './locale-switch'
import { NAV_ITEMS, type NavItem } from './nav-items'
import { ThemeToggle } from './theme-toggle'

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
    // spec §2: the active link is highlighted.
    '&[data-status=active]': { bg: 'accent.subtle', color: 'accent' },
  }),
}

export function RailLink({ item }: { item: NavItem }) {
  const { i18n } = useLingui()
  const label = i18n._(item.label)
  const Icon = item.icon
  return (
    <Link to={item.to} className={styles.item} aria-label={label} title={label}>
      <Icon aria-hidden size={20} />
    </Link>
  )
}

/** spec §2: a side icon rail (top: dashboard, account; bottom: help, sign out), hidden on small screens. */
export function SideRail() {
  const { t } = useLingui()
  const { user } = useSession()
  const items = NAV_ITEMS.filter((item) => !item.permission || hasFlag(user?.permission, item.permission))
  return (
    <nav aria-label={t`Main`} className={styles.rail}>
      <div className={styles.group}>
        <Link to="/" className={styles.logo} aria-label={t`TBR home`}>
          <Logo markOnly size="md" />
        </Link>
        {items
          .filter((item) => item.position === 'top')
          .map((item) => (
            <RailLink key={item.to} item={item} />
          ))}
      </div>
      <div className={styles.group}>
        {items
          .filter((item) => item.position === 'bottom')
          .map((item) => (
            <RailLink key={item.to} item={item} />
          ))}
        <ThemeToggle />
        <LocaleSwitch orientation="vertical" />
        <button type="button" className={styles.item} aria-label={t`Sign out`} title={t`Sign out`} onClick={() => void signOut()}>
          <LogOut aria-hidden size={20} />
        </button>
      </div>
    </nav>
  )
}
