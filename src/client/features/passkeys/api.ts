import { queryOptions } from '@tanstack/react-query'
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { getData, send } from '~/client/lib/http'
import type { SignInResponse } from '~/client/lib/session'
import type { Passkey } from '~/shared/schemas/passkey'

// Passkeys (issue 14 item 2): the calls and the browser's WebAuthn ceremonies (SimpleWebAuthn;
// only this module imports it). Online only (decisions §7).

export const passkeysQuery = queryOptions({
  queryKey: ['passkeys'],
  queryFn: ({ signal }) => getData<Passkey[]>('user/2fa/passkeys', { signal }),
})

export const passkeysSupported = () => browserSupportsWebAuthn()

/** The person closed the browser's dialog, or another ceremony replaced this one: not an error to report. */
export function isCeremonyCancelled(error: unknown) {
  if (error instanceof WebAuthnError)
    return error.code === 'ERROR_CEREMONY_ABORTED' || error.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')
}

/** This authenticator already holds a passkey for this person (the options excluded it). */
export const isAlreadyRegistered = (error: unknown) =>
  error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'

/**
 * Options from the server (after the password, or a recent sign-in for a reader without one), the
 * browser's ceremony, then the signed answer back: a new passkey.
 */
export async function addPasskey(name: string, password?: string) {
  const options = await send<PublicKeyCredentialCreationOptionsJSON>('post', 'user/2fa/passkeys/options', password ? { password } : {})
  const response = await startRegistration({ optionsJSON: options.data! })
  return send<Passkey>('post', 'user/2fa/passkeys', { name, response })
}

export const renamePasskey = (id: string, name: string) =>
  send<Passkey>('patch', `user/2fa/passkeys/${encodeURIComponent(id)}`, { name })

export const removePasskey = (id: string) => send('delete', `user/2fa/passkeys/${encodeURIComponent(id)}`)

/**
 * Signs in with a passkey of this site. `autofill`: conditional UI, the browser offers passkeys
 * in the email field's suggestions and the promise waits until one is picked (or it is aborted).
 */
export async function signInWithPasskey(autofill: boolean) {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return null
  const options = await send<PublicKeyCredentialRequestOptionsJSON>('post', 'auth/passkey/options')
  const response = await startAuthentication({ optionsJSON: options.data!, useBrowserAutofill: autofill })
  const res = await send<SignInResponse>('post', 'auth/passkey', { response })
  return res.data!
}

/** Ends a waiting ceremony (leaving /signin ends its autofill request). */
export const cancelCeremony = () => WebAuthnAbortService.cancelCeremony()
