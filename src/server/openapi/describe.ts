import { describeRoute, resolver } from 'hono-openapi'
import type { GenericSchema } from 'valibot'
import { ErrorAnswer } from '~/shared/schemas/api-responses'
import type { KeyScope } from '~/shared/schemas/key'

// One helper for every documented operation, so the routes declare their OpenAPI entry from the
// same valibot schemas they validate and answer with (issue 13 item 4: generated, not written).
// hono-openapi collects these middlewares from the mounted routes (openapi/document.ts).

export interface Operation {
  summary: string
  tag: 'Books' | 'Account' | 'Public' | 'API keys'
  /** The key scope this call needs (shared/key-routes.ts), or 'session' for session-only calls. */
  auth: KeyScope | 'session'
  /** Request body schema; validated with the input (not output) type. */
  body?: GenericSchema
  answer: GenericSchema
  /** Status of a successful answer (default 200). */
  status?: 200 | 201
  query?: { name: string; description: string }[]
  params?: { name: string; description: string }[]
  /** Extra headers the call reads (Idempotency-Key on book writes). */
  headers?: { name: string; description: string }[]
  description?: string
}

const json = (schema: GenericSchema, opts?: Record<string, unknown>) => ({
  'application/json': { schema: resolver(schema as never, opts) },
})

// Input schemas carry transforms (trim, derived fields): document what a client sends.
const INPUT = { typeMode: 'input', errorMode: 'ignore' }

const error = (description: string) => ({ description, content: json(ErrorAnswer) })

export function documented(op: Operation) {
  const scopeNote =
    op.auth === 'session'
      ? 'Needs a session token of a member with the developer role (API keys cannot call it).'
      : `An API key needs the \`${op.auth}\` scope.`
  return describeRoute({
    summary: op.summary,
    description: [op.description, scopeNote].filter(Boolean).join('\n\n'),
    tags: [op.tag],
    security: [{ bearerAuth: [] }],
    ...(op.auth !== 'session' ? { 'x-scope': op.auth } : {}),
    parameters: [
      ...(op.params ?? []).map((p) => ({
        in: 'path' as const,
        required: true,
        schema: { type: 'string' as const },
        ...p,
      })),
      ...(op.query ?? []).map((p) => ({
        in: 'query' as const,
        required: false,
        schema: { type: 'string' as const },
        ...p,
      })),
      ...(op.headers ?? []).map((p) => ({
        in: 'header' as const,
        required: false,
        schema: { type: 'string' as const },
        ...p,
      })),
    ],
    ...(op.body ? { requestBody: { required: true, content: json(op.body, INPUT) } } : {}),
    responses: {
      [op.status ?? 200]: { description: 'Success', content: json(op.answer) },
      400: error('Bad input: `inputError` names the field'),
      401: error('No credentials, or an invalid, revoked or deleted key'),
      402: error('The account’s plan does not include API keys'),
      403: error('Not permitted: the key lacks the scope, or keys may not make this call'),
      ...(op.params ? { 404: error('Not found (including another account’s ids)') } : {}),
      429: error('Rate limited: see Retry-After and the RateLimit-* headers'),
    },
  })
}
