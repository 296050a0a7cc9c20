import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { Button } from '~/client/ui/button'
import { switchAccount } from './preferences'
import { requestSignOut } from './sign-out'

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' })

/**
 * The ways out of an account a member cannot use (its owner's payment is on hold): open one of
 * their other accounts, or sign out. Given to the billing screen by its route.
 */
export function AccountWayOut() {
  const { user } = useSession()
  const others = (user?.accounts ?? []).filter((a) => a.id !== user?.account_id)
  return (
    <div className={row} data-testid="account-way-out">
      {others.map((a) => (
        <Button key={a.id} size="sm" variant="outline" onClick={() => void switchAccount(a.id)}>
          <Trans>Switch to {a.name}</Trans>
        </Button>
      ))}
      <Button size="sm" variant="outline" onClick={() => void requestSignOut()}>
        <Trans>Sign out</Trans>
      </Button>
    </div>
  )
}
