import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { navigateTo } from '~/client/lib/navigation'
import { signOut, useSession } from '~/client/lib/session'
import { stepUpDialogMounted, stepUpStore, type StepUpRequest } from '~/client/lib/step-up'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import * as Field from '~/client/ui/field'
import { PasswordInput } from '~/client/ui/password-input'

// decisions: step-up. When a security change needs a recent proof, the HTTP client asks here
// (lib/step-up.ts): a reader with a password types it and the call is repeated with it; a reader
// without one is told why and signs in again, coming back to the page they were on. Mounted once
// in each signed-in layout, like the sign-out guard.

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' })

function PasswordProof({ request }: { request: StepUpRequest }) {
  const { t } = useLingui()
  const [password, setPassword] = useState('')
  return (
    <form
      className={form}
      onSubmit={(e) => {
        e.preventDefault()
        if (password) request.answer(password)
      }}
    >
      <Dialog.Description>
        <Trans>For your security, enter your password to make this change.</Trans>
      </Dialog.Description>
      <Field.Root invalid={request.error !== undefined} required>
        <Field.Label>{t`Your password`}</Field.Label>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-step-up-password
        />
        {request.error && <Field.ErrorText>{request.error}</Field.ErrorText>}
      </Field.Root>
      <Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <Button type="button" variant="outline">{t`Cancel`}</Button>
        </Dialog.CloseTrigger>
        <Button type="submit" disabled={!password}>{t`Confirm`}</Button>
      </Dialog.Footer>
    </form>
  )
}

function SignInAgain({ request }: { request: StepUpRequest }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  return (
    <>
      <Dialog.Description>
        <Trans>
          For your security, this change needs a recent sign-in. Your account has no password, so sign in again (with an
          email link, a passkey or the service you use), and you will come back to this page to make the change.
        </Trans>
      </Dialog.Description>
      <Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <Button type="button" variant="outline">{t`Cancel`}</Button>
        </Dialog.CloseTrigger>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true)
            const back = window.location.pathname + window.location.search
            request.answer(null)
            await signOut({ stay: true })
            navigateTo('/signin', { redirect: back })
          }}
        >
          {t`Sign in again`}
        </Button>
      </Dialog.Footer>
    </>
  )
}

export function StepUpDialog() {
  const { t } = useLingui()
  const request = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.get, () => null)
  const hasPassword = useSession().user?.has_password ?? true
  useEffect(() => stepUpDialogMounted(), [])
  return (
    <Dialog.Root
      open={request !== null}
      onOpenChange={(e) => {
        if (!e.open) request?.answer(null)
      }}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-step-up-password]')}
    >
      <Dialog.Content>
        <Dialog.Title>{t`Confirm it is you`}</Dialog.Title>
        {request && (hasPassword ? <PasswordProof key={request.error ?? ''} request={request} /> : <SignInAgain request={request} />)}
      </Dialog.Content>
    </Dialog.Root>
  )
}
