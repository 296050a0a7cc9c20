import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LogOut, Menu, X } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { signOut, useSession } from '~/client/lib/session'
import { Button } from '~/client/ui/button'
import * as Drawer from '~/client/ui/drawer'
import { hasFlag } from '~/shared/permissions'
import { LocaleSwitch } from './locale-switch'
import { NAV_ITEMS } from './nav-items'

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
  footer: css({ mt: 'auto', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' }),
}

/** spec §2: on small screens the rail is replaced by a slide-out menu from the left. */
export function MobileMenu() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const [open, setOpen] = useState(false)
  const items = NAV_ITEMS.filter((item) => !item.permission || hasFlag(user?.permission, item.permission))
  const close = () => setOpen(false)
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Drawer.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`Open menu`}>
          <Menu aria-hidden size={22} />
        </Button>
      </Drawer.Trigger>
      <Drawer.Content>
        <Drawer.Title>{t`Menu`}</Drawer.Title>
        <Drawer.CloseTrigger aria-label={t`Close menu`}>
          <X aria-hidden size={18} />
        </Drawer.CloseTrigger>
        <nav aria-label={t`Main`}>
          <ul className={styles.list}>
            {items.map((item) => {
              const Icon = item.icon
              return (
                <li key={item.to}>
                  <Link to={item.to} className={styles.item} onClick={close}>
                    <Icon aria-hidden size={20} />
                    {i18n._(item.label)}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <div className={styles.footer}>
          <LocaleSwitch />
          <button
            type="button"
            className={styles.item}
            onClick={() => {
              close()
              void signOut()
            }}
          >
            <LogOut aria-hidden size={20} />
            {t`Sign out`}
          </button>
        </div>
      </Drawer.Content>
    </Drawer.Root>
  )
}
