import { queryOptions } from '@tanstack/react-query'
import { startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { getData, send } from '~/client/lib/http'
import type { Passkey } from '~/shared/schemas/passkey'

// Passkeys: the calls and the browser's WebAuthn ceremonies (SimpleWebAuthn:
// registration here, sign-in in sign-in.ts, which loads it when a ceremony starts). Online only.

export const passkeysQuery = queryOptions({
  queryKey: ['passkeys'],
  queryFn: ({ signal }) => getData<Passkey[]>('user/2fa/passkeys', { signal }),
})

export { passkeysSupported, isCeremonyCancelled, signInWithPasskey, cancelCeremony } from './sign-in'

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
