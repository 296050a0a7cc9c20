import type { Hono } from 'hono'
import { API_CALLS } from '~/shared/api/calls'
import { API_INTRODUCTION, introductionValues } from '~/shared/api/introduction'
import { inEnglish } from '../messages'
import type { AppEnv } from '../context'
import { operation } from './operation'

// `GET /api/openapi.json` is an OpenAPI 3.1 document generated from the table of calls
// (shared/api/calls.ts), the same declarations the policy enforces, naming the same valibot
// schemas the routes validate and answer with: every call, its security, parameters, body and
// every status it can answer. The reference page that renders it is the app's own screen
// /account/apikeys/docs (features/api-keys/reference), built into the client bundle, so it needs
// no third-party script or CDN (it works offline and under the app's CSP); `GET /api/docs`
// redirects there.

let built: unknown

/** The document, built once: the table does not change while the server runs. */
export function apiDocument() {
  built ??= {
    openapi: '3.1.0',
    info: { title: 'TBR API', version: '1.0.0', description: inEnglish(API_INTRODUCTION, introductionValues()) },
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
