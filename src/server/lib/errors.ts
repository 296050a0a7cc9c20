import type { MessageKey } from '../messages'

/**
 * An error the API answers as `{ message, inputError? }` with its status.
 * `message` is a server catalog key, translated per request.
 */
export class ApiError extends Error {
  constructor(
    public status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 502 | 503,
    public key: MessageKey,
    public opts: {
      inputError?: string
      params?: Record<string, string | number>
      extra?: Record<string, unknown>
      headers?: Record<string, string>
    } = {},
  ) {
    super(key)
  }
}

export const notFound = () => new ApiError(404, 'error.not_found')
export const unauthorized = () => new ApiError(401, 'error.unauthorized')
export const forbidden = () => new ApiError(403, 'error.forbidden')
