import { Trans } from '@lingui/react/macro'
import { css, cva } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { Icon } from '~/client/ui/icon'

const styles = cva({
  base: { display: 'flex', alignItems: 'center', gap: '1.5', minW: 0, fontSize: 'sm', color: 'fg.muted' },
  variants: {
    place: {
      // The phone's top bar, beside the logo: one line, cut short with an ellipsis.
      bar: { fontSize: 'xs', flex: '1' },
      // Above the page from md up, where the icon rail has no room for a name.
      strip: { display: { base: 'none', md: 'flex' }, justifyContent: 'flex-end', px: '10', pt: '4' },
      // The slide-out menu, under its title.
      menu: { mb: '4' },
    },
  },
})
const name = css({
  fontWeight: 'semibold',
  color: 'fg',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
const srOnly = css({ srOnly: true })

/**
 * The account this session is in, by name, for a person who belongs to more than one: their
 * books, team and billing differ per account, so the frame always says which one is open. With
 * one account there is nothing to tell apart and nothing is shown.
 */
export function CurrentAccount({ place }: { place: 'bar' | 'strip' | 'menu' }) {
  const { user } = useSession()
  if (!user || (user.accounts ?? []).length < 2) return null
  const account = user.account_name
  return (
    <p className={styles({ place })} data-testid="current-account">
      <Icon.Root name="users" size="sm" />
      <span className={srOnly}>
        <Trans>Current account:</Trans>
      </span>
      <span className={name} title={account}>
        {account}
      </span>
    </p>
  )
}
