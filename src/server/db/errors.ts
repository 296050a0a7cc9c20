/** PostgreSQL's unique_violation (23505), as raised by pg and PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true
  }
  return false
}

/**
 * Error codes meaning "the database is not reachable right now", seen while PostgreSQL restarts:
 * socket errors while connecting or talking, and the server's own codes for
 * a shutdown (57P01 administrator command, 57P02 crash of another backend, 57P03 starting up or
 * shutting down), class 08 connection exceptions, and 53300 too many connections.
 */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])

/**
 * pg's own messages for the same situations (they carry no code): the connection closed under a
 * query or a checked-out client, the pool's connect timeout, a client already known broken, and
 * a closed pool or PGlite instance (shutting down).
 */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Cannot use a pool after calling end|PGlite is closed/i

/** Retry-After of a 503 while the database is away: about what a PostgreSQL restart takes. */
export const RETRY_AFTER_SECONDS = 5

/** The database cannot be reached: the request may be retried later (503), it was not at fault. */
export function isConnectionError(err: unknown): boolean {
  type E = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  for (let e = err as E | undefined; e && typeof e === 'object'; e = e.cause as E | undefined) {
    if (typeof e.code === 'string' && CODES.has(e.code)) return true
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true
    // Connecting to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an
    // AggregateError holding one error per address.
    if (Array.isArray(e.errors) && e.errors.some(isConnectionError)) return true
  }
  return false
}
