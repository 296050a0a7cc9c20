import { Hono } from 'hono'
import { EventInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv } from '../context'
import { RETRY_AFTER_SECONDS } from '../db/errors'
import { notFound } from '../lib/errors'
import { recordEvent } from '../services/events'
import { readOutbox } from '../services/mail'

export const health = new Hono<AppEnv>().get('/', async (c) => {
  const ok = await c.var.deps.database.ping()
  if (ok) return c.json({ status: 'ok' })
  c.header('Retry-After', String(RETRY_AFTER_SECONDS))
  return c.json({ status: 'unavailable' }, 503)
})

export const event = new Hono<AppEnv>().post('/', async (c) => {
  const body = await readBody(c, EventInput)
  const { auth } = c.var
  await recordEvent(c.var.deps.db, {
    name: body.name,
    metadata: body.metadata ?? null,
    userId: auth.user.id,
    accountId: auth.account.id,
  })
  return c.json({ message: t(c, 'event.recorded') })
})

// The dev outbox exists only while mail goes to the outbox outside production.
export const devOutbox = new Hono<AppEnv>().get('/outbox', async (c) => {
  const { config, mailer, db } = c.var.deps
  if (config.NODE_ENV === 'production' || mailer.kind !== 'outbox') throw notFound()
  const to = c.req.query('to')
  if (!to) return c.json({ message: t(c, 'error.query_to_required'), inputError: 'to' }, 400)
  // Some links are mailed after their call has answered (so the answer reveals nothing by its
  // timing): what is still being sent is in the outbox before anyone reads it.
  await c.var.deps.background.settled()
  return c.json({ data: await readOutbox(db, to) })
})
