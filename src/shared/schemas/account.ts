import * as v from 'valibot'

/**
 * DELETE /api/account (and DELETE /api/user when leaving would delete the person): proof that the
 * owner means it, as the account name typed exactly as shown, or the current password.
 * Which one is missing or wrong is named in `inputError`.
 */
export const CloseAccountInput = v.strictObject(
  {
    confirm: v.optional(v.pipe(v.string(), v.maxLength(200))),
    password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
  },
  'validation.user.unknown_field',
)
export type CloseAccountInput = v.InferOutput<typeof CloseAccountInput>
