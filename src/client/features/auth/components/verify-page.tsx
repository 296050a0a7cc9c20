import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { completeSignIn, nextPathAfterVerify, signOut, storeSession, useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Button } from '~/client/ui/button'
import { Link } from '~/client/ui/link'
import { Spinner } from '~/client/ui/spinner'
import { toast } from '~/client/ui/toast'
import type { SignInData } from '~/shared/schemas/user'
import { requestVerification, verifyEmail } from '../api'
import { useVerifiedElsewhere } from '../use-verified-elsewhere'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'
import { AuthFailure } from '~/client/ui/auth-status'

const styles = {
  actions: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '6' }),
  pending: css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' }),
  icon: css({ w: '12', h: '12', color: 'accent', mb: '4' }),
}

function ResendButton() {
  const resend = useMutation({
    mutationFn: requestVerification,
    onSuccess: (res) => {
      if (res.message) toast({ variant: 'success', title: res.message })
    },
    onError: (error) => void handleError(error),
  })
  return (
    <Button variant="outline" size="lg" fullWidth loading={resend.isPending} onClick={() => resend.mutate()}>
      <Trans>Resend verification email</Trans>
    </Button>
  )
}

/**
 * Without a token: ask the user to open the mailed link (/signup/verify), and move on by
 * itself once it has been opened, here or elsewhere.
 */
function CheckEmail() {
  const { user } = useSession()
  useVerifiedElsewhere()
  const email = user?.email ?? ''
  return (
    <>
      <MailCheck aria-hidden className={styles.icon} />
      <AuthHeading
        title={<Trans>Check your email</Trans>}
        description={
          <Trans>We sent a verification link to {email}. Open it to confirm your address and continue.</Trans>
        }
      />
      <div className={styles.actions}>
        <ResendButton />
        <Button variant="ghost" size="lg" fullWidth onClick={() => void signOut()}>
          <Trans>Sign in with another account</Trans>
        </Button>
      </div>
    </>
  )
}

/**
 * With ?token: verify the address. Success stores the new session and routes on;
 * 401 signs out; any other failure shows the expired-link error with a resend button.
 */
function VerifyToken({ token }: { token: string }) {
  const navigate = useNavigate()
  const { token: session } = useSession()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    verifyEmail(token).then(
      async (data) => {
        if (!live) return
        toast({ variant: 'success', title: <Trans>Your email address is verified</Trans> })
        // Opened signed out by a user with 2FA on: the code page completes the sign-in.
        if (data['2fa_required']) return void (await completeSignIn(data))
        const user = data as SignInData
        await storeSession(user)
        await navigate({ to: nextPathAfterVerify(user), replace: true })
      },
      async (error) => {
        if (!live) return
        if (error instanceof ApiRequestError && error.status === 401) return void signOut()
        if (!(error instanceof ApiRequestError)) await handleError(error)
        setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [token, navigate])

  if (!failed) {
    return (
      <div className={styles.pending} role="status">
        <Spinner size="md" />
        <Trans>Verifying your email…</Trans>
      </div>
    )
  }
  return (
    <AuthFailure
      title={<Trans>Verification Link Has Expired</Trans>}
      footer={
        <div className={styles.actions}>
          {session ? (
            <ResendButton />
          ) : (
            <p className={authFooter}>
              <Trans>
                <Link to="/signin">Sign in</Link> to get a new verification link.
              </Trans>
            </p>
          )}
        </div>
      }
    >
      <Trans>This link is invalid or has already been used. Ask for a new one and open the latest email.</Trans>
    </AuthFailure>
  )
}

export function VerifyPage({ token }: { token?: string }) {
  const { t } = useLingui()
  useDocumentTitle(t`Verify your email`)
  return token ? <VerifyToken token={token} /> : <CheckEmail />
}
