import * as v from 'valibot'

// Passkeys (decision 39). The browser's WebAuthn answers travel as SimpleWebAuthn's JSON
// shapes; the server checks their shape here and their signatures in services/passkeys.ts.

const B64Url = v.pipe(
  v.string('validation.passkey.invalid'),
  v.maxLength(16384, 'validation.passkey.invalid'),
  v.regex(/^[A-Za-z0-9_-]*$/, 'validation.passkey.invalid'),
)

const Credential = <T extends v.ObjectEntries>(response: T) =>
  v.object(
    {
      id: v.pipe(B64Url, v.nonEmpty('validation.passkey.invalid'), v.maxLength(1024, 'validation.passkey.invalid')),
      rawId: B64Url,
      type: v.literal('public-key', 'validation.passkey.invalid'),
      response: v.looseObject(response, 'validation.passkey.invalid'),
      clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
      authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
    },
    'validation.passkey.invalid',
  )

export const RegistrationResponse = Credential({
  clientDataJSON: B64Url,
  attestationObject: B64Url,
  transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(32)))),
})

export const AuthenticationResponse = Credential({
  clientDataJSON: B64Url,
  authenticatorData: B64Url,
  signature: B64Url,
  userHandle: v.optional(B64Url),
})

/** A passkey's name as its owner will recognise it ("Laptop", "Phone"). */
export const PasskeyName = v.pipe(
  v.string('validation.passkey_name.required'),
  v.trim(),
  v.nonEmpty('validation.passkey_name.required'),
  v.maxLength(60, 'validation.passkey_name.max_length'),
)

/**
 * POST /api/user/2fa/passkeys/options: a passkey signs in alone (both factors), so adding one
 * needs a step-up: a recent sign-in, or the current password here (middleware/step-up.ts).
 */
export const PasskeyOptionsInput = v.strictObject(
  { password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))) },
  'validation.user.unknown_field',
)
/** POST /api/user/2fa/passkeys: the name and the browser's answer to the registration options. */
export const PasskeyRegisterInput = v.object({ name: PasskeyName, response: RegistrationResponse })
export const PasskeyRenameInput = v.object({ name: PasskeyName })
/** POST /api/auth/passkey: the browser's answer to the sign-in options. */
export const PasskeySignInInput = v.object({ response: AuthenticationResponse })

/** GET /api/user/2fa/passkeys rows. */
export interface Passkey {
  id: string
  name: string
  backed_up: boolean
  created_at: string
  last_used_at: string | null
}
