import ky, { HTTPError, isNetworkError, isTimeoutError, type Options } from 'ky'
import { isPublicApiCall } from '~/shared/public-api'
import { sessionToken, shownLocale } from './session-token'
import { askForProof, isStepUpRequired } from './step-up'

// The one HTTP client (only this module imports ky, decision 62). Every call carries
// the bearer token and Accept-Language. Failures go to the central error handler,
// which the app installs at start with configureErrorHandling().

export interface ApiErrorBody {
  message?: string
  inputError?: string
  plan?: string
  [key: string]: unknown
}

export class ApiRequestError extends Error {
  constructor(
    public status: number,
    public body: ApiErrorBody,
    message: string,
    /** The session token the call carried (null: none), so a 401 is matched to its session. */
    public sentToken: string | null = null,
  ) {
    super(message)
  }
}

export interface ErrorHandlers {
  /**
   * 401; `message` is the server's, for callers without a session (a failed sign-in);
   * `sentToken` the session token the refused call carried (null: it carried none).
   */
  unauthorized(message: string, sentToken: string | null): void
  notFound(): void
  paymentRequired(plan: string | undefined): void
  /** 429 and other statuses: an error toast; description is the server's message or body. */
  toast(title: 'rate_limited' | 'error', description: string): void
  /** Errors without a response (network, offline). */
  network(error: unknown): void
}

/**
 * A call that needs a session, refused here because there is none (without this,
 * reads still mounted at sign-out left with no token and came back 401). Nothing was sent;
 * callers see it as the 401 the server would have answered.
 */
export class SignedOutError extends Error {
  constructor(method: string, path: string) {
    super(`${method} ${path} needs a session`)
  }
}

let handlers: ErrorHandlers | null = null
export function configureErrorHandling(h: ErrorHandlers) {
  handlers = h
}

export const http = ky.create({
  prefix: '/api',
  timeout: 20_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = sessionToken.get()
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
        const path = new URL(request.url).pathname
        if (!request.headers.has('Authorization') && !isPublicApiCall(request.method, path))
          throw new SignedOutError(request.method, path)
        request.headers.set('Accept-Language', shownLocale())
      },
    ],
  },
})

/** Turns a ky failure into an ApiRequestError carrying status and body. */
export async function toApiError(error: unknown): Promise<ApiRequestError | null> {
  if (error instanceof ApiRequestError) return error
  if (error instanceof SignedOutError) return new ApiRequestError(401, {}, '')
  if (error instanceof HTTPError) {
    // ky 2 reads the body into `error.data` (the response body itself is already consumed).
    const data: unknown = error.data
    const body: ApiErrorBody =
      data && typeof data === 'object' ? (data as ApiErrorBody) : { message: typeof data === 'string' ? data : undefined }
    const sentToken = error.request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null
    return new ApiRequestError(error.response.status, body, body.message || error.message, sentToken)
  }
  return null
}

/** The central error handler. Answers the normalised error so callers can still read it. */
export async function handleError(error: unknown): Promise<ApiRequestError | null> {
  const apiError = await toApiError(error)
  if (!handlers) return apiError
  if (!apiError) {
    // No answer is an expected, transient failure (offline, a dropped connection): the reader is
    // told by a toast, and the console stays quiet. Anything else
    // here is a bug in our code and is logged as one.
    if (isNetworkError(error) || isTimeoutError(error)) console.debug(error)
    else console.error(error)
    handlers.network(error)
    return null
  }
  switch (apiError.status) {
    case 401:
      handlers.unauthorized(apiError.message, apiError.sentToken)
      break
    case 404:
      handlers.notFound()
      break
    case 402:
      handlers.paymentRequired(apiError.body.plan)
      break
    case 429:
      handlers.toast('rate_limited', apiError.body.message ?? JSON.stringify(apiError.body))
      break
    default:
      handlers.toast('error', apiError.message)
  }
  return apiError
}

/** GET that reads `data.data` (the data loader's shape). */
export async function getData<T>(path: string, options?: Options): Promise<T> {
  const body = await http.get(path, options).json<{ data: T }>()
  return body.data
}

/** The same GET, with the answer's headers (e.g. a service worker's saved copy and its Date). */
export async function getDataAndHeaders<T>(path: string, options?: Options): Promise<{ data: T; headers: Headers }> {
  const res = await http.get(path, options)
  const body = await res.json<{ data: T }>()
  return { data: body.data, headers: res.headers }
}

/** Writes answer `{ data?, message? }`. */
export interface ApiResponse<T = unknown> {
  data?: T
  message?: string
  [key: string]: unknown
}

/** A write; answers the whole body `{ data?, message? }`. Errors are thrown as ApiRequestError. */
export async function send<T = unknown>(
  method: 'post' | 'patch' | 'put' | 'delete',
  path: string,
  json?: unknown,
  options?: Options,
): Promise<ApiResponse<T>> {
  try {
    return await sendOnce<T>(method, path, json, options)
  } catch (error) {
    const apiError = (await toApiError(error)) ?? error
    if (apiError instanceof ApiRequestError && isStepUpRequired(apiError.status, apiError.body))
      return repeatWithProof<T>(method, path, json, options, apiError)
    throw apiError
  }
}

async function sendOnce<T>(method: string, path: string, json: unknown, options?: Options): Promise<ApiResponse<T>> {
  const res = await http(path, { method, json, ...options })
  const text = await res.text()
  return text ? JSON.parse(text) : {}
}

/** The call's body with the current password added (JSON or a multipart form). */
function withPassword(json: unknown, options: Options | undefined, password: string) {
  if (options?.body instanceof FormData) {
    const body = new FormData()
    for (const [k, v] of options.body) if (k !== 'password') body.append(k, v)
    body.append('password', password)
    return { json, options: { ...options, body } }
  }
  const base = json && typeof json === 'object' && !Array.isArray(json) ? json : {}
  return { json: { ...base, password }, options }
}

/**
 * decisions: step-up. The server wants a recent proof: the dialog (lib/step-up.ts) asks for the
 * password and the call is repeated with it, until it goes through or the reader gives up (then
 * the 403 reaches the caller as is). A wrong password opens the dialog again with its message.
 */
async function repeatWithProof<T>(
  method: string,
  path: string,
  json: unknown,
  options: Options | undefined,
  refused: ApiRequestError,
): Promise<ApiResponse<T>> {
  let error: string | undefined
  for (;;) {
    const password = await askForProof(refused.message, error)
    if (!password) throw refused
    const next = withPassword(json, options, password)
    try {
      return await sendOnce<T>(method, path, next.json, next.options)
    } catch (e) {
      const apiError = (await toApiError(e)) ?? e
      if (!(apiError instanceof ApiRequestError && isStepUpRequired(apiError.status, apiError.body))) throw apiError
      error = apiError.message
    }
  }
}
