import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { useCompleteSignIn } from '~/client/lib/session/completion'
import { useOnline } from '~/client/lib/use-online'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import { Icon } from '~/client/ui/icon'
import { cancelCeremony, isCeremonyCancelled, passkeysSupported, signInWithPasskey } from '../sign-in'
import { stackRecipe } from '~/client/ui/stack'

// /signin: "Sign in with a passkey", and conditional UI where the browser offers
// it (the email field's suggestions list this site's passkeys, autocomplete="username webauthn").
// A passkey sign-in is both factors: it never asks for a code.

const wrap = stackRecipe({ gap: '3' })

export function PasskeySignIn({ redirect }: { redirect?: string }) {
  const online = useOnline()
  const completeSignIn = useCompleteSignIn()
  // Drawn as supported first (the server-rendered /signin has no browser to ask, and hydration
  // must match it), then hidden where WebAuthn is missing.
  const [supported, setSupported] = useState(true)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const finish = async (run: Promise<Awaited<ReturnType<typeof signInWithPasskey>>>, fromButton: boolean) => {
    try {
      const data = await run
      if (data) await completeSignIn(data, redirect)
    } catch (error) {
      if (isCeremonyCancelled(error)) return
      if (error instanceof ApiRequestError && error.status === 401) {
        setFailure(error.message)
        return
      }
      // The autofill request fails quietly (the button is still there); the button's go to the handler.
      if (fromButton) await handleError(error)
    }
  }

  // Conditional UI: waits in the background for a passkey picked from the email field's list.
  useEffect(() => {
    setSupported(passkeysSupported())
    if (!passkeysSupported()) return
    void finish(signInWithPasskey(true), false)
    return () => cancelCeremony()
  }, [])

  if (!supported) return null
  return (
    <div className={wrap}>
      {failure && (
        <Alert.Root status="error">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Button
        type="button"
        variant="outline"
        fullWidth
        icon={<Icon.Root name="key" />}
        loading={busy}
        disabled={!online}
        onClick={async () => {
          setFailure(null)
          setBusy(true)
          // Starting a ceremony aborts the waiting autofill one (SimpleWebAuthn's abort service).
          await finish(signInWithPasskey(false), true)
          setBusy(false)
        }}
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
    </div>
  )
}
