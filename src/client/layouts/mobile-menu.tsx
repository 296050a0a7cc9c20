import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Menu, X } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { Button } from '~/client/ui/button'
import * as Drawer from '~/client/ui/drawer'
import { Icon } from '~/client/ui/icon'
import { CurrentAccount } from './current-account'
import { useNavOptions } from './nav-context'
import { navItemsFor, navKey, type NavItem } from './nav-items'
import { runNavAction } from './side-rail'

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    w: 'full',
    px: '3',
    h: '11',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    '&[data-status=active]': { bg: 'accent.subtle', color: 'accent' },
  }),
  bottom: css({ mt: 'auto' }),
}

/** On small screens the rail is replaced by a slide-out menu from the left (max 15rem). */
export function MobileMenu() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const [open, setOpen] = useState(false)
  const items = navItemsFor(user?.permission, useNavOptions())
  const close = () => setOpen(false)
  const entry = (item: NavItem) => (
    <li key={navKey(item)}>
      {item.to ? (
        <Link to={item.to} className={styles.item} onClick={close}>
          <Icon.Root name={item.icon} size="md" />
          {i18n._(item.label)}
        </Link>
      ) : (
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            close()
            runNavAction(item.action!)
          }}
        >
          <Icon.Root name={item.icon} size="md" />
          {i18n._(item.label)}
        </button>
      )}
    </li>
  )
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Drawer.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`Open menu`}>
          <Menu aria-hidden size={22} />
        </Button>
      </Drawer.Trigger>
      <Drawer.Content>
        <Drawer.Title>{t`Menu`}</Drawer.Title>
        <CurrentAccount place="menu" />
        <Drawer.CloseTrigger aria-label={t`Close menu`}>
          <X aria-hidden size={18} />
        </Drawer.CloseTrigger>
        <nav aria-label={t`Main`}>
          <ul className={styles.list}>{items.filter((i) => i.position === 'top').map(entry)}</ul>
        </nav>
        <ul className={cx(styles.list, styles.bottom)}>{items.filter((i) => i.position === 'bottom').map(entry)}</ul>
      </Drawer.Content>
    </Drawer.Root>
  )
}
