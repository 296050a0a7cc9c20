import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { signOut, tokenStore } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import { buttonRecipe } from '~/client/ui/button'
import { Link } from '~/client/ui/link'
import { revertEmail } from '../api'
import { AuthHeading } from '~/client/ui/auth-heading'
import { AuthFailure, AuthPending } from '~/client/ui/auth-status'

const styles = {
  actions: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '6' }),
}

type State = { step: 'pending' } | { step: 'done'; email: string } | { step: 'failed'; message?: string }

/**
 * /email/revert?token=…: the link mailed to the old address after an email change
 * (decision 21). It works signed out, in any browser: opening it restores that address and signs
 * out every device, so the reader is offered a password reset (someone else may know the
 * password) and sign-in. A bad link says so: the server's message when it has one (e.g. the old
 * address now belongs to another account).
 */
export function EmailRevertPage({ token }: { token?: string }) {
  const { t } = useLingui()
  const [state, setState] = useState<State>(token ? { step: 'pending' } : { step: 'failed' })
  useDocumentTitle(state.step === 'done' ? t`Your email address is restored` : t`Restore your email address`)

  useEffect(() => {
    if (!token) return
    let live = true
    revertEmail(token).then(
      async ({ email }) => {
        // Every session of that user is over; a session kept on this device would only fail later.
        if (tokenStore.get()) await signOut({ stay: true })
        if (live) setState({ step: 'done', email })
      },
      async (error) => {
        if (!live) return
        if (!(error instanceof ApiRequestError)) await handleError(error)
        setState({ step: 'failed', message: error instanceof ApiRequestError && error.status === 400 ? error.message : undefined })
      },
    )
    return () => {
      live = false
    }
  }, [token])

  if (state.step === 'pending') {
    return (
      <AuthPending>
        <Trans>Restoring your email address…</Trans>
      </AuthPending>
    )
  }
  if (state.step === 'done') {
    const email = state.email
    return (
      <>
        <AuthHeading
          title={<Trans>Your email address is restored</Trans>}
          description={<Trans>Your account uses {email} again, and every device has been signed out.</Trans>}
        />
        <Alert.Root status="warning">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>
              <Trans>If you did not change your address yourself, someone else may know your password: reset it now.</Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <div className={styles.actions}>
          <Link to="/forgotpassword" className={buttonRecipe({ size: 'lg', fullWidth: true })}>
            <Trans>Reset your password</Trans>
          </Link>
          <Link to="/signin" className={buttonRecipe({ variant: 'outline', size: 'lg', fullWidth: true })}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </>
    )
  }
  return (
    <AuthFailure title={<Trans>This link cannot be used</Trans>}>
      {state.message ?? <Trans>This link is invalid, has expired or has already been used. Each link works once, for 7 days.</Trans>}
    </AuthFailure>
  )
}
