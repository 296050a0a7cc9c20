import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { send } from '~/client/lib/http'
import type { SignInResponse } from '~/client/lib/session/completion'

// Signing in with a passkey, with SimpleWebAuthn loaded when a ceremony starts:
// the server-rendered /signin must not load it with the page.

type WebAuthn = typeof import('@simplewebauthn/browser')
let loaded: WebAuthn | null = null
const webAuthn = async () => (loaded ??= await import('@simplewebauthn/browser'))

/** SimpleWebAuthn's browserSupportsWebAuthn, without loading it. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

/**
 * The person closed the browser's dialog, or another ceremony replaced this one: not an error to
 * report. (SimpleWebAuthn's WebAuthnError is recognised by its code, so this needs no import.)
 */
export function isCeremonyCancelled(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  if (error instanceof Error && (code === 'ERROR_CEREMONY_ABORTED' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))
    return true
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')
}

/**
 * Signs in with a passkey of this site. `autofill`: conditional UI, the browser offers passkeys
 * in the email field's suggestions and the promise waits until one is picked (or it is aborted).
 */
export async function signInWithPasskey(autofill: boolean) {
  const lib = await webAuthn()
  if (autofill && !(await lib.browserSupportsWebAuthnAutofill())) return null
  const options = await send<PublicKeyCredentialRequestOptionsJSON>('post', 'auth/passkey/options')
  const response = await lib.startAuthentication({ optionsJSON: options.data!, useBrowserAutofill: autofill })
  const res = await send<SignInResponse>('post', 'auth/passkey', { response })
  return res.data!
}

/** Ends a waiting ceremony (leaving /signin ends its autofill request). */
export const cancelCeremony = () => loaded?.WebAuthnAbortService.cancelCeremony()
