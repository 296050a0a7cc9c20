import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { usePublicUrl } from '~/client/lib/public-address'
import { useSession } from '~/client/lib/session'
import * as Alert from '~/client/ui/alert'
import { textRecipe } from '~/client/ui/text'
import { suggestSlug } from '../slug-schema'
import { PublicLink } from './public-link'
import { SlugForm } from './slug-form'
import { stackRecipe } from '~/client/ui/stack'

const styles = {
  stack: stackRecipe({ gap: '5' }),
  lead: textRecipe({ tone: 'muted' }),
}

/**
 * /welcome: "the user chooses a custom URL". The field starts with the slug in force or a
 * suggestion from the reader's name; once saved, the new public address is shown with a copy button.
 */
export function ChooseUrlStep() {
  const { t } = useLingui()
  const { user } = useSession()
  const [saved, setSaved] = useState<string | null>(null)
  const publicUrl = usePublicUrl()
  if (!user) return null
  const current = user.slug
  return (
    <div className={styles.stack}>
      <p className={styles.lead}>
        <Trans>
          Your list gets a public page at this address, to share with friends. You can change it later in your
          account.
        </Trans>
      </p>
      <SlugForm
        current={current}
        initial={current ?? suggestSlug(user.name)}
        from="welcome"
        quiet
        submitLabel={current ? t`Save URL` : t`Claim this URL`}
        onSaved={setSaved}
      />
      {saved && (
        <Alert.Root status="success">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <Trans>Your list is live</Trans>
            </Alert.Title>
            <Alert.Description>
              <PublicLink url={publicUrl(saved)} />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </div>
  )
}
