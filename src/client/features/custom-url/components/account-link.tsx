import { Trans } from '@lingui/react/macro'
import { usePublicUrl } from '~/client/lib/public-address'
import { textRecipe } from '~/client/ui/text'
import { PublicLink } from './public-link'
import { stackRecipe } from '~/client/ui/stack'

const styles = {
  stack: stackRecipe({ gap: '3' }),
  muted: textRecipe({ tone: 'muted' }),
}

/**
 * The account's public address, read-only: what a member who may not change it sees (a developer
 * or user on /account/url, and anyone who joined by invite in /welcome). Changing it would move
 * every member's shared list, so it is the owner's or an admin's call.
 */
export function AccountLink({ slug }: { slug: string | null }) {
  const publicUrl = usePublicUrl()
  return (
    <div className={styles.stack}>
      {slug ? (
        <PublicLink url={publicUrl(slug)} />
      ) : (
        <p className={styles.muted}>
          <Trans>This account has not chosen a public address yet, so its list has no public page.</Trans>
        </p>
      )}
      <p className={styles.muted}>
        <Trans>Only the account owner or an admin can change this address.</Trans>
      </p>
    </div>
  )
}
