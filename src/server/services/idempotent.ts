import { and, eq } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { canonicalJson } from '~/shared/sync/protocol'
import { readJson, validate, type Ctx } from '../context'
import { idempotencyKeys } from '../db/schema'
import { translate } from '../messages'
import { readIdempotencyKey } from './books'
import { sha256 } from '../lib/crypto'
import { ApiError } from '../lib/errors'

// Exactly-once paying calls: the Idempotency-Key handling of book writes
// for one request at a time. The key is claimed before the call runs, so a replay that arrives
// while the first is still paying is a 409 rather than a second charge; the answer (a success
// or a refusal the caller caused, as Stripe keeps them) is stored under the key, and a replay of
// the same request answers it again with `Idempotent-Replayed: true`. A server failure releases
// the key, so the client's retry runs the call afresh.

const PENDING = 0

export async function idempotent(c: Ctx, run: () => Promise<Response>): Promise<Response> {
  const key = readIdempotencyKey(c.req.header('idempotency-key'))
  if (!key) return run()
  const db = c.var.deps.db
  const accountId = c.var.auth.account.id
  // Text that cannot be stored (a lone surrogate, NUL) is refused before anything is kept under the key.
  const body = validate(v.unknown(), await readJson(c))
  const requestHash = sha256(canonicalJson({ method: c.req.method, path: c.req.path, body }))
  const where = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key))
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ accountId, key, requestHash, status: PENDING, body: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (!claimed.length) {
    const [prior] = await db.select().from(idempotencyKeys).where(where)
    if (!prior) return idempotent(c, run) // released meanwhile: claim it again
    if (prior.requestHash !== requestHash) throw new ApiError(422, 'idempotency.key_reused')
    if (prior.status === PENDING) throw new ApiError(409, 'idempotency.in_progress', { headers: { 'Retry-After': '1' } })
    c.header('Idempotent-Replayed', 'true')
    return c.json(prior.body as object, prior.status as ContentfulStatusCode)
  }
  try {
    const res = await run()
    await db.update(idempotencyKeys).set({ status: res.status, body: await res.clone().json() }).where(where)
    return res
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 409 && err.status !== 429) {
      const body = {
        message: translate(c.var.locale, err.key, err.opts.params),
        ...(err.opts.inputError ? { inputError: err.opts.inputError } : {}),
        ...err.opts.extra,
      }
      await db.update(idempotencyKeys).set({ status: err.status, body }).where(where)
    } else {
      await db.delete(idempotencyKeys).where(where).catch(() => {})
    }
    throw err
  }
}
