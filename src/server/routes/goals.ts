import { Hono } from 'hono'
import * as v from 'valibot'
import { GoalInput, GoalYear } from '~/shared/schemas/goal'
import { readBody, type AppEnv } from '../context'
import { ApiError } from '../lib/errors'
import { readIdempotencyKey } from '../services/books'
import { listGoals, setGoal } from '../services/goals'

// Reading goals (decisions: the reader's year):
//   GET /api/goals          → { data: [{ year, books }] }, oldest year first
//   PUT /api/goals/{year}   { books } (1–1000) → { data: { year, books }, message }
// Goals belong to the session's account, like books: another account's goals are never read or
// written. Session-only: the table of calls (shared/api/calls-books.ts) gives them no key scope,
// so a key gets 403 (keys may call the books calls and little else). Writes take an Idempotency-Key as book writes do, so the device's
// outbox can retry one safely.

export const goals = new Hono<AppEnv>()

goals.get('/', async (c) => c.json({ data: await listGoals(c.var.deps.db, c.var.actor.account.id) }))

goals.put('/:year', async (c) => {
  const year = v.safeParse(GoalYear, c.req.param('year'))
  if (!year.success) throw new ApiError(400, 'validation.goal.year.invalid', { inputError: 'year' })
  const key = readIdempotencyKey(c.req.header('idempotency-key'))
  const { books } = await readBody(c, GoalInput)
  const answer = await setGoal(c.var.deps.db, c.var.actor.account.id, c.var.locale, key, { year: year.output, books })
  if (answer.replayed) c.header('Idempotent-Replayed', 'true')
  return c.json(answer.body, 200)
})
