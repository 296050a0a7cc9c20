import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { AccountLink } from './account-link'

const lead = css({ color: 'fg.muted', mb: '4' })

/**
 * /welcome for someone who joined an existing account by invite: no slug to choose (the list and
 * its address belong to the account), just the address the account's list is shared at.
 */
export function AccountLinkStep() {
  const { user } = useSession()
  if (!user) return null
  const account = user.account_name
  return (
    <div>
      <p className={lead}>
        {user.slug ? (
          <Trans>You joined {account}. Its books are shared at this address:</Trans>
        ) : (
          <Trans>You joined {account}.</Trans>
        )}
      </p>
      <AccountLink slug={user.slug} />
    </div>
  )
}
