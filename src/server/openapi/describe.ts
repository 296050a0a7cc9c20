import { toJsonSchema } from '@valibot/to-json-schema'
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
  query?: Parameter[]
  params?: Parameter[]
  /** Extra headers the call reads (Idempotency-Key on book writes). */
  headers?: Parameter[]
  description?: string
}

/** A parameter, typed by the shared schema the server checks it with (a plain string without one). */
export interface Parameter {
  name: string
  description: string
  schema?: GenericSchema
}

const paramSchema = (schema?: GenericSchema): { type: 'string' } => {
  if (!schema) return { type: 'string' }
  const { $schema: _, ...rest } = toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' })
  return rest as { type: 'string' } // any JSON Schema; the OpenAPI types only know 3.0's shapes
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
        ...p,
        schema: paramSchema(p.schema),
      })),
      ...(op.query ?? []).map((p) => ({
        in: 'query' as const,
        required: false,
        ...p,
        schema: paramSchema(p.schema),
      })),
      ...(op.headers ?? []).map((p) => ({
        in: 'header' as const,
        required: false,
        ...p,
        schema: paramSchema(p.schema),
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
