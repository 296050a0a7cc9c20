/** PostgreSQL's unique_violation (23505), as raised by pg and PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true
  }
  return false
}

/** The database cannot be reached (refused, reset, closed pool or PGlite instance). */
export function isConnectionError(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003'].includes(e.code)) return true
    if (e.message && /PGlite is closed|Cannot use a pool after calling end|Connection terminated/i.test(e.message)) return true
  }
  return false
}
