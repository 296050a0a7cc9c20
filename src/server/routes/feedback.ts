import { Hono } from 'hono'
import { FeedbackInput } from '~/shared/schemas/feedback'
import { readBody, t, type AppEnv } from '../context'
import { saveFeedback } from '../services/feedback'

// POST /api/feedback {rating, comment}; the widget is shown to signed-in users only, so a
// session (or API key) is required and the row is attributed to the caller's user and account.
export const feedback = new Hono<AppEnv>().post('/', async (c) => {
  const body = await readBody(c, FeedbackInput)
  const { auth } = c.var
  await saveFeedback(c.var.deps.db, {
    rating: body.rating,
    comment: body.comment,
    userId: auth.user.id,
    accountId: auth.account.id,
  })
  return c.json({ message: t(c, 'feedback.sent') })
})
