import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { patchUser } from '~/client/sync'

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '2xl' }),
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight' }),
  lead: css({ color: 'fg.muted', fontSize: 'lg' }),
  steps: css({ display: 'flex', flexDirection: 'column', gap: '2', pl: '5', listStyle: 'decimal', color: 'fg' }),
}

/**
 * /welcome: the first stop after choosing a plan (spec §2). The full onboarding wizard comes
 * later; this page greets the user, warns a duplicate user first, and marks onboarding done.
 */
export function WelcomePage() {
  const { t } = useLingui()
  useDocumentTitle(t`Welcome`)
  const { user } = useSession()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const name = user?.name ?? ''

  const finish = async () => {
    setBusy(true)
    try {
      // spec §4 Onboarding: the user is marked onboarded first (through the sync outbox, so it
      // also works offline), then goes on to the dashboard.
      await patchUser({ onboarded: true })
      await navigate({ to: '/dashboard' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.stack}>
      <h1 className={styles.title}>
        <Trans>Welcome to TBR, {name}!</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>Your account is ready. Here is how your reading list will work.</Trans>
      </p>
      {user?.duplicate_user && (
        <Alert.Root status="warning">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <Trans>You now have two accounts</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>
                This email already had an account, so a second one was created. Both use the same password; you can
                switch between them from your account.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Getting started</Trans>
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <ol className={styles.steps}>
            <li>
              <Trans>Add the books you mean to read, even offline.</Trans>
            </li>
            <li>
              <Trans>Rate and review them as you finish.</Trans>
            </li>
            <li>
              <Trans>Share your list with a personal link.</Trans>
            </li>
          </ol>
        </Card.Body>
        <Card.Footer>
          <Button size="lg" loading={busy} onClick={() => void finish()}>
            <Trans>Go to the dashboard</Trans>
          </Button>
        </Card.Footer>
      </Card.Root>
    </div>
  )
}
