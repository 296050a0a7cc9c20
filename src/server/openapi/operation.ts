import { toJsonSchema } from '@valibot/to-json-schema'
import type { GenericSchema } from 'valibot'
import { JsonAnswer } from '~/shared/api/answers'
import { needsNoSession, type ApiCall } from '~/shared/api/calls'
import { statusesOf } from '~/shared/api/statuses'
import { ErrorAnswer } from '~/shared/schemas/api-responses'
import { inEnglish } from '../messages'

// One OpenAPI operation from one declaration of the table of calls: its security, typed
// parameters, request body, and every status the call can answer.

type Json = Record<string, unknown>

/** Input schemas carry transforms (trim, derived fields): the document says what a client sends. */
export function jsonSchema(schema: GenericSchema, mode: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = toJsonSchema(schema as never, {
    target: 'draft-2020-12',
    typeMode: mode,
    errorMode: 'ignore',
  }) as Json
  return rest
}

const json = (schema: Json) => ({ 'application/json': { schema } })

const ERRORS: Record<number, string> = {
  // Some refusals depend on stored state or on another field, which no JSON Schema can state.
  400:
    'Bad input: `inputError` names the field. Besides the schema’s rules, a well-formed value is refused when what it names does not exist or is no longer valid (a mailed link’s `token` or `jwt`, an `invite_id`, a payment’s `client_secret` or `payment_intent`, a `plan`, a card `number` the payment provider does not know, a `default_account` the person is not a member of, a wrong current `password`, a second factor’s `code` that is wrong or not expected now, a passkey `response` that does not answer its challenge, a `permission` (role) that is not below the caller’s own) or when it must repeat another value (`confirm_password` the password, `confirm` the account’s name). A 400 with no `inputError` refuses the call in the caller’s state: ending a support session outside one, adding a book from one’s own list',
  401: 'No credentials, or an expired or revoked session, or an invalid, revoked or deleted key',
  402: 'The account’s plan does not include this: `plan` names the cheapest plan that does',
  403: 'Not permitted: the role lacks the flag, the key lacks the scope or keys may not make this call, or a support session may not',
  404: 'Not found (including another account’s ids)',
  409: 'Conflict: the same Idempotency-Key is still in progress, or the id is taken',
  413: 'The body is too large',
  422: 'The Idempotency-Key was used before with another request',
  429: 'Too many calls: see Retry-After (and the RateLimit-* headers of a key)',
  502: 'An upstream service answered badly',
  503: 'Busy or unavailable: see Retry-After',
}

function success(call: ApiCall, status: number): Json {
  if (status === 304) return { description: 'Not modified (the ETag matched)' }
  if (call.produces === 'redirect')
    return { description: 'A redirect', headers: { Location: { schema: { type: 'string' } } } }
  if (call.produces)
    return { description: 'Success', content: { [call.produces]: { schema: { type: 'string', format: 'binary' } } } }
  return { description: 'Success', content: json(jsonSchema(call.answer ?? JsonAnswer, 'output')) }
}

function whoNote(call: ApiCall): string {
  const needs =
    call.who === 'none' || call.who === 'optional'
      ? 'Needs no credentials.'
      : call.who === 'staff'
        ? 'Needs a session of support staff.'
        : `Needs a session of a member whose role holds the \`${call.who}\` flag`
  const key = call.key
    ? ` or an API key with the \`${call.key}\` scope.`
    : call.who === 'none' || call.who === 'optional' || call.who === 'staff'
      ? ''
      : ' (API keys cannot make it).'
  return needs + key
}

export function operation(call: ApiCall): Json {
  const input = call.input ?? {}
  const parameters = [
    ...Object.entries(input.params ?? {}).map(([name, p]) => ({
      name,
      in: 'path',
      required: true,
      description: inEnglish(p.description),
      schema: jsonSchema(p.schema, 'input'),
    })),
    ...Object.entries(input.query ?? {}).map(([name, p]) => ({
      name,
      in: 'query',
      required: p.required ?? false,
      description: inEnglish(p.description),
      schema: jsonSchema(p.schema, 'input'),
    })),
    ...Object.entries(input.headers ?? {}).map(([name, p]) => ({
      name,
      in: 'header',
      required: false,
      description: inEnglish(p.description),
      schema: jsonSchema(p.schema, 'input'),
    })),
  ]
  const responses: Json = {}
  for (const status of statusesOf(call)) {
    responses[status] =
      status < 400
        ? success(call, status)
        : { description: ERRORS[status] ?? 'Error', content: json(jsonSchema(ErrorAnswer, 'output')) }
  }
  const body = input.body ? jsonSchema(input.body, 'input') : undefined
  return {
    summary: inEnglish(call.summary),
    description: [call.description && inEnglish(call.description), whoNote(call)].filter(Boolean).join('\n\n'),
    tags: [call.tag],
    // An empty requirement first: the call may be made with no credentials at all.
    security: needsNoSession(call) ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    ...(call.key ? { 'x-scope': call.key } : {}),
    'x-support-session': call.support === true,
    // The usual success among the 2xx answers (201 for a creation that may also answer 200 on a
    // replay): JSON object keys keep numeric order, so the order of `responses` cannot say it.
    'x-success-status': call.status ?? 200,
    ...(call.stepUp ? { 'x-step-up': true } : {}),
    ...(call.plan ? { 'x-plan-capability': call.plan } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: {
              ...json(body),
              ...(input.multipart ? { 'multipart/form-data': { schema: { type: 'object' } } } : {}),
            },
          },
        }
      : {}),
    responses,
  }
}
