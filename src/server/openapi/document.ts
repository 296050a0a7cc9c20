import type { Hono } from 'hono'
import { API_CALLS } from '~/shared/api/calls'
import { KEY_SCOPES } from '~/shared/schemas/key'
import type { AppEnv } from '../context'
import { operation } from './operation'

// `GET /api/openapi.json` is an OpenAPI 3.1 document generated from the table of calls
// (shared/api/calls.ts), the same declarations the policy enforces, naming the same valibot
// schemas the routes validate and answer with: every call, its security, parameters, body and
// every status it can answer. The reference page that renders it is the app's own screen
// /account/apikeys/docs (features/api-keys/reference), built into the client bundle, so it needs
// no third-party script or CDN (it works offline and under the app's CSP); `GET /api/docs`
// redirects there.

const DESCRIPTION = `Script your to-be-read list: add books from a shortcut, export them, show them on a blog.

Authenticate with \`Authorization: Bearer <key>\`. Create keys on /account/apikeys (owners and developers, on a plan that includes API keys). A key starts with \`tbr_\`, acts for the account (never for a person), and may call only what its scopes allow: ${KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}. Anything else is 403; a revoked or deleted key is 401. Calls that need no credentials answer the same with or without a key.

Each key may make a limited number of calls per minute: answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; past the limit the answer is 429 with \`Retry-After\`.

Book writes accept an \`Idempotency-Key\` header, so a retried call is applied once. A method a path does not support answers 405 with an \`Allow\` header.`

let built: unknown

/** The document, built once: the table does not change while the server runs. */
export function apiDocument() {
  built ??= {
    openapi: '3.1.0',
    info: { title: 'TBR API', version: '1.0.0', description: DESCRIPTION },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`tbr_…`) or a session token.',
        },
      },
    },
    security: [{ bearerAuth: [] }],
    paths: pathsOf(),
  }
  return built
}

function pathsOf() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const call of API_CALLS) (paths[call.path] ??= {})[call.method.toLowerCase()] = operation(call)
  return paths
}

export function mountApiDocs(app: Hono<AppEnv>) {
  app.get('/api/openapi.json', (c) => c.json(apiDocument()))
  app.get('/api/docs', (c) => c.redirect('/account/apikeys/docs', 302))
}
