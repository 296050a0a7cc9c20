import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { Avatar } from '~/client/ui/avatar'
import { Icon } from '~/client/ui/icon'
import * as Menu from '~/client/ui/menu'
import { LOCALES, type Locale } from '~/shared/schemas/common'
import { Flag } from './flags'
import { changeDarkMode, changeLocale, switchAccount } from './preferences'
import { requestSignOut } from './sign-out'

// User menu: avatar (fallback: first letter of the name) with Switch Account (only with
// more than one account), Edit Account, a Language submenu with flags and a check on the current
// one, Help, a Light/Dark mode toggle and Signout.

const NATIVE: Record<Locale, string> = { en: 'English', es: 'Español' }

const styles = {
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'full',
    cursor: 'pointer',
    _hover: { boxShadow: '0 0 0 2px token(colors.border.input)' },
    _expanded: { boxShadow: '0 0 0 2px token(colors.accent)' },
  }),
  header: css({ display: 'flex', flexDirection: 'column', px: '2.5', pt: '2', pb: '2', minW: 0 }),
  name: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  email: css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  flag: css({ display: 'inline-flex', borderRadius: '2px', overflow: 'hidden', boxShadow: '0 0 0 1px token(colors.border)' }),
}

export function UserMenu({ placement = 'bottom-end' }: { placement?: 'bottom-end' | 'right-end' }) {
  const { t, i18n } = useLingui()
  const { user, dark } = useSession()
  const navigate = useNavigate()
  if (!user) return null
  const accounts = user.accounts ?? []
  return (
    <Menu.Root positioning={{ placement, gutter: 8 }}>
      <Menu.Trigger className={styles.trigger} aria-label={t`User menu`}>
        <Avatar name={user.name} src={user.avatar} size="sm" />
      </Menu.Trigger>
      <Menu.Content>
        <div className={styles.header}>
          <span className={styles.name}>{user.name}</span>
          <span className={styles.email}>{user.email}</span>
        </div>
        <Menu.Separator />
        {accounts.length > 1 && (
          <>
            <Menu.RadioItemGroup
              value={user.account_id}
              onValueChange={(d) => {
                if (d.value !== user.account_id) void switchAccount(d.value)
              }}
            >
              <Menu.ItemGroupLabel>{t`Switch Account`}</Menu.ItemGroupLabel>
              {accounts.map((account) => (
                <Menu.RadioItem key={account.id} value={account.id}>
                  <Menu.ItemText>{account.name}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
          </>
        )}
        <Menu.Item value="profile" onSelect={() => void navigate({ to: '/account/profile' })}>
          <Icon.Root name="user" size="sm" />
          {t`Edit Account`}
        </Menu.Item>
        <Menu.Submenu>
          <Menu.TriggerItem>
            <Icon.Root name="globe" size="sm" />
            {t`Language`}
          </Menu.TriggerItem>
          <Menu.Content>
            <Menu.RadioItemGroup value={i18n.locale} onValueChange={(d) => void changeLocale(d.value as Locale)}>
              {LOCALES.map((locale) => (
                <Menu.RadioItem key={locale} value={locale} lang={locale}>
                  <span className={styles.flag}>
                    <Flag locale={locale} />
                  </span>
                  <Menu.ItemText>{NATIVE[locale]}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Submenu>
        <Menu.Item value="help" onSelect={() => void navigate({ to: '/help' })}>
          <Icon.Root name="help" size="sm" />
          {t`Help`}
        </Menu.Item>
        <Menu.Item value="theme" onSelect={() => void changeDarkMode(!dark)}>
          <Icon.Root name={dark ? 'sun' : 'moon'} size="sm" />
          {dark ? t`Light mode` : t`Dark mode`}
        </Menu.Item>
        <Menu.Separator />
        <Menu.Item value="signout" onSelect={() => void requestSignOut()}>
          <Icon.Root name="signout" size="sm" />
          {t`Sign out`}
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  )
}
