import * as v from 'valibot'
import { Email, Name, OpaqueToken, Password } from './common'
import { documents } from './json-schema-rules'

// The inputs of the session and account calls.

export const SignUpInput = v.pipe(
  v.object({
    name: Name,
    email: Email,
    password: Password,
    confirm_password: v.optional(v.string()),
  }),
  v.forward(
    v.check((i) => i.confirm_password === undefined || i.confirm_password === i.password, 'validation.password.mismatch'),
    ['confirm_password'],
  ),
)
export type SignUpInput = v.InferOutput<typeof SignUpInput>

export const SignInInput = v.union([
  v.object({ email: Email, password: v.pipe(v.string('validation.password.required'), v.nonEmpty('validation.password.required'), v.maxLength(200)) }),
  v.object({ token: OpaqueToken }),
])

export const SignInPasswordForm = v.object({
  email: Email,
  password: v.pipe(v.string(), v.nonEmpty('validation.password.required')),
})

export const EmailInput = v.object({ email: Email })
export const TokenInput = v.object({ token: OpaqueToken })

export const OtpInput = v.object({
  code: v.pipe(v.string('validation.otp.required'), v.trim(), v.regex(/^(\d{6}|[A-Za-z0-9-]{8,40})$/, 'validation.otp.invalid')),
  jwt: OpaqueToken,
})

export const PasswordResetInput = v.object({
  jwt: OpaqueToken,
  email: v.optional(Email),
  password: Password,
})

export const EventInput = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.event.name'), v.maxLength(64), v.regex(/^[a-z0-9_.-]+$/i, 'validation.event.name')),
  // A plain object (not an array) of at most 4 KB as JSON.
  metadata: v.optional(
    v.nullable(
      v.pipe(
        v.custom<Record<string, unknown>>(
          (m) => typeof m === 'object' && m !== null && !Array.isArray(m) && JSON.stringify(m).length <= 4096,
          'validation.event.metadata',
        ),
        // The document states a narrower rule whose JSON always stays under 4 KB: up to 8 fields
        // with short plain names, each a number, boolean, null or a string of at most 64
        // characters that JSON writes as itself (no quote, backslash or control character).
        documents({
          type: 'object',
          maxProperties: 8,
          propertyNames: { pattern: '^[A-Za-z0-9_]{1,20}$' },
          additionalProperties: {
            type: ['string', 'number', 'boolean', 'null'],
            maxLength: 64,
            pattern: '^[^"\\\\\\u0000-\\u001F\\uD800-\\uDFFF]*$',
          },
        }),
      ),
    ),
  ),

})

export const SwitchAccountInput = v.object({ account: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) })
