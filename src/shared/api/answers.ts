import * as v from 'valibot'
import { ApiKeyView, CreatedApiKey, KeyScopeOption } from '../schemas/key'

// Answer shapes the table names that have no schema of their own elsewhere in src/shared.

export const KeyListAnswer = v.object({ data: v.array(ApiKeyView) })
export const KeyScopesAnswer = v.object({ data: v.array(KeyScopeOption) })
export const KeyAnswer = v.object({ data: ApiKeyView })
export const KeyCreatedAnswer = v.object({ data: CreatedApiKey, message: v.string() })
export const KeyUpdatedAnswer = v.object({ data: ApiKeyView, message: v.string() })
export const KeysDeletedAnswer = v.object({ data: v.object({ deleted: v.number() }), message: v.string() })

/** Any JSON answer of the API: `{ data?, message? }` (the call's own schema is not written yet). */
export const JsonAnswer = v.looseObject({ data: v.optional(v.unknown()), message: v.optional(v.string()) })

/** `GET /api/health`: `ok`, or `unavailable` (503) while the database does not answer. */
export const HealthAnswer = v.strictObject({ status: v.picklist(['ok', 'unavailable']) })
