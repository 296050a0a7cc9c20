import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { usePublicUrl } from '~/client/lib/public-address'
import { useSession } from '~/client/lib/session'
import * as Alert from '~/client/ui/alert'
import * as Card from '~/client/ui/card'
import { textRecipe } from '~/client/ui/text'
import { hasFlag } from '~/shared/permissions'
import { AccountLink } from './components/account-link'
import { PublicLink } from './components/public-link'
import { SlugForm } from './components/slug-form'

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '2xl' }),
  none: textRecipe({ tone: 'muted' }),
}

/**
 * /account/url: the current public link (with a copy button) and the form to change the
 * slug, with the notice that the change is immediate and the old link stops working.
 * The account layout draws the title and breadcrumbs (and the document title) from the route.
 */
export function CustomUrlPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const publicUrl = usePublicUrl()
  if (!user) return null
  const slug = user.slug
  // Only the owner or an admin changes the account's address (the server refuses the others).
  if (!hasFlag(user.permission, 'admin')) {
    return (
      <div className={styles.stack}>
        <Card.Root>
          <Card.Header>
            <Card.Title>
              <Trans>Your account's public list</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>Anyone with this link can see the list; they do not need an account.</Trans>
            </Card.Description>
          </Card.Header>
          <Card.Body>
            <AccountLink slug={slug} />
          </Card.Body>
        </Card.Root>
      </div>
    )
  }
  return (
    <div className={styles.stack}>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Your public list</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Anyone with this link can see your list; they do not need an account.</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          {slug ? (
            <PublicLink url={publicUrl(slug)} />
          ) : (
            <p className={styles.none}>
              <Trans>You have not chosen a custom URL yet, so your list has no public page.</Trans>
            </p>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Card.Title>{slug ? <Trans>Change your URL</Trans> : <Trans>Choose your URL</Trans>}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Alert.Root status="warning">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Description>
                <Trans>
                  A change is immediate: the old link stops working at once, and anyone who opens it sees a page
                  not found.
                </Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <SlugForm key={slug ?? ''} current={slug} from="account" submitLabel={slug ? t`Change URL` : t`Save URL`} />
        </Card.Body>
      </Card.Root>
    </div>
  )
}
