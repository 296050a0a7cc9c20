import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { completeSignIn, replacingSession, useSession, type SignInResponse } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import { AuthHeading } from '~/client/ui/auth-heading'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import * as Form from '~/client/ui/form'
import { Spinner } from '~/client/ui/spinner'
import { AcceptExistingForm, AcceptNewUserInput, type InviteInfo } from '~/shared/schemas/team'
import { acceptSignedIn, inviteInfoQuery } from '../api'

const pending = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })
// A line above the form or button, spaced like the form's fields.
const lead = css({ color: 'fg.muted', mb: '5' })

/**
 * /signup/user?invite_id=…&token=…. A new person sets name and password; a
 * person with a user signs in (or, signed in as the invited address, just joins). An expired,
 * used or withdrawn invite says so and offers nothing else.
 */
export function AcceptInvitePage({ inviteId, token }: { inviteId?: string; token?: string }) {
  const { t } = useLingui()
  const info = useQuery({ ...inviteInfoQuery(inviteId ?? '', token ?? ''), enabled: !!inviteId && !!token })
  useDocumentTitle(t`Accept your invite`)

  if (!inviteId || !token || info.isError) {
    const message = info.error instanceof ApiRequestError ? info.error.message : t`This invite link is not valid. Ask the person who invited you for a new one.`
    return (
      <>
        <AuthHeading title={<Trans>This invite cannot be used</Trans>} />
        <Alert.Root status="error">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>{message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </>
    )
  }
  if (!info.data) {
    return (
      <div className={pending} role="status">
        <Spinner size="md" />
        <Trans>Opening your invite…</Trans>
      </div>
    )
  }
  const invite = info.data
  const account = invite.account_name
  return (
    <>
      <AuthHeading
        title={<Trans>Join {account}</Trans>}
        description={
          invite.inviter ? (
            <Trans>{invite.inviter} invited you to join the account “{account}” on TBR.</Trans>
          ) : (
            <Trans>You were invited to join the account “{account}” on TBR.</Trans>
          )
        }
      />
      {invite.existing_user ? <ExistingUser invite={invite} token={token} /> : <NewUser invite={invite} token={token} />}
    </>
  )
}

function NewUser({ invite, token }: { invite: InviteInfo; token: string }) {
  const { t } = useLingui()
  return (
    <Form.Root
      schema={AcceptNewUserInput}
      defaultValues={{ name: '', email: invite.email, password: '', confirm_password: '', invite_id: invite.id, token }}
      url="user"
      onlineOnly
      aria-label={t`Accept your invite`}
      onSuccess={(res) => completeSignIn(res.data as SignInResponse)}
    >
      <Form.Hidden name="invite_id" />
      <Form.Hidden name="token" />
      <Form.Text name="name" label={t`First name`} autoComplete="given-name" required />
      <Form.Email name="email" label={t`Email`} readOnly required />
      <Form.NewPassword name="password" label={t`Password`} required />
      <Form.Password name="confirm_password" label={t`Confirm password`} autoComplete="new-password" required />
      <Form.Submit>{t`Join`}</Form.Submit>
    </Form.Root>
  )
}

/** Signed in as the invited address: one click. Otherwise the person signs in to accept. */
function ExistingUser({ invite, token }: { invite: InviteInfo; token: string }) {
  const { t } = useLingui()
  const { user } = useSession()
  const online = useOnline()
  const [busy, setBusy] = useState(false)
  if (user && user.email.toLowerCase() === invite.email.toLowerCase()) {
    const join = async () => {
      setBusy(true)
      try {
        await replacingSession(async () => completeSignIn(await acceptSignedIn(invite.id, token)))
      } catch (error) {
        await handleError(error)
        setBusy(false)
      }
    }
    return (
      <>
        {!online && <p className={lead}>{t`You are offline. Connect to the internet to accept the invite.`}</p>}
        <Button onClick={() => void join()} loading={busy} disabled={!online}>
          {t`Join ${invite.account_name}`}
        </Button>
      </>
    )
  }
  return (
    <>
      <p className={lead}>{t`You already have a TBR user: sign in with it to join.`}</p>
      <Form.Root
        schema={AcceptExistingForm}
        defaultValues={{ email: invite.email, password: '', invite_id: invite.id, token }}
        url="invite/accept"
        onlineOnly
        aria-label={t`Sign in to accept`}
        onSuccess={(res) => completeSignIn(res.data as SignInResponse)}
      >
        <Form.Hidden name="invite_id" />
        <Form.Hidden name="token" />
        <Form.Email name="email" label={t`Email`} readOnly required />
        <Form.Password name="password" label={t`Password`} autoComplete="current-password" required />
        <Form.Submit>{t`Sign in and join`}</Form.Submit>
      </Form.Root>
    </>
  )
}
