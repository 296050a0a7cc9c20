import * as v from 'valibot'
import { documents, NOT_BLANK_TEXT, WELL_FORMED_TEXT } from './json-schema-rules'

// API keys: their fields, scopes and calls. Shared by the
// key screens, the /api/key routes, the key branch of the auth middleware and the OpenAPI
// document. Messages are translation ids (see common.ts).

/** What a key may be granted. Labels are translated where they are shown. */
export const KEY_SCOPES = ['books.read', 'books.write', 'account.read'] as const
export type KeyScope = (typeof KEY_SCOPES)[number]

/** Every key starts with this, so a leaked key is recognisable. */
export const KEY_PREFIX = 'tbr_'
export const KEY_NAME_MAX = 100
/** At most this many ids in one bulk delete. */
export const KEY_BULK_MAX = 100

export const KeyName = v.pipe(
  v.string('validation.key.name.required'),
  documents({ pattern: NOT_BLANK_TEXT }),
  v.trim(),
  v.minLength(1, 'validation.key.name.required'),
  v.maxLength(KEY_NAME_MAX, 'validation.key.name.max_length'),
)

/** At least one scope ('Please select at least one scope'); repeats collapse. */
export const KeyScopes = v.pipe(
  v.array(v.picklist(KEY_SCOPES, 'validation.key.scope.invalid'), 'validation.key.scope.required'),
  v.minLength(1, 'validation.key.scope.required'),
  v.transform((scopes) => [...new Set(scopes)]),
)

/**
 * A missing key reads as that field's "required" message (name, scope; id for deletes); a key
 * that is not a field of a key reads as unknown.
 */
const objectMessage = (issue: v.BaseIssue<unknown>) => {
  const field = issue.path?.at(-1)?.key
  if (issue.expected === 'never' || typeof field !== 'string') return 'validation.key.unknown_field'
  return `validation.key.${field}.required`
}

/** POST /api/key */
export const CreateKeyInput = v.strictObject(
  {
    name: KeyName,
    scope: KeyScopes,
    /** The current password, when the session's sign-in is not recent (decisions: step-up). */
    password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
  },
  objectMessage,
)
export type CreateKeyInput = v.InferOutput<typeof CreateKeyInput>

/** PATCH /api/key/{id}: any of name, scope, active; `active: true` on a revoked key is refused. */
export const UpdateKeyInput = v.pipe(
  v.strictObject(
    {
      name: v.optional(KeyName),
      scope: v.optional(KeyScopes),
      active: v.optional(v.boolean('validation.key.active.invalid')),
    },
    objectMessage,
  ),
  documents({ anyOf: [{ required: ['name'] }, { required: ['scope'] }, { required: ['active'] }] }),
  v.check((o) => Object.keys(o).length > 0, 'validation.key.nothing_to_update'),
)
export type UpdateKeyInput = v.InferOutput<typeof UpdateKeyInput>

/** DELETE /api/key { id: string[] }. */
export const DeleteKeysInput = v.strictObject(
  {
    id: v.pipe(
      v.array(
        v.pipe(
          v.string('validation.key.id.invalid'),
          documents({ pattern: WELL_FORMED_TEXT }),
          v.maxLength(200, 'validation.key.id.invalid'),
        ),
        'validation.key.id.required',
      ),
      v.minLength(1, 'validation.key.id.required'),
      v.maxLength(KEY_BULK_MAX, 'validation.key.id.too_many'),
    ),
  },
  objectMessage,
)

/** A key as every answer but the creating one shows it: `key` is the prefix and last four. */
export const ApiKeyView = v.strictObject({
  id: v.string(),
  name: v.string(),
  scope: v.array(v.picklist(KEY_SCOPES)),
  key: v.string(),
  active: v.boolean(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
})
export type ApiKeyView = v.InferOutput<typeof ApiKeyView>

/** POST /api/key's answer: the only one that carries `full_key`. */
export const CreatedApiKey = v.strictObject({ ...ApiKeyView.entries, full_key: v.string() })
export type CreatedApiKey = v.InferOutput<typeof CreatedApiKey>

export const KeyScopeOption = v.strictObject({ value: v.picklist(KEY_SCOPES), label: v.string() })
export type KeyScopeOption = v.InferOutput<typeof KeyScopeOption>
