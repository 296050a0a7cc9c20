import { Hono } from 'hono'
import { NotificationInput } from '~/shared/schemas/notification'
import { readBody, t, type AppEnv } from '../context'
import { readSettings, writeSettings } from '../services/notifications'

// GET and PATCH /api/notification: one boolean per name, for the signed-in
// user only (the settings are the user's, whichever account the session is in).

export const notification = new Hono<AppEnv>()

notification.get('/', async (c) =>
  c.json({ data: await readSettings(c.var.deps.db, c.var.auth.user.id) }),
)

notification.patch('/', async (c) => {
  const input = await readBody(c, NotificationInput)
  const data = await writeSettings(c.var.deps.db, c.var.auth.user.id, input)
  return c.json({ message: t(c, 'notification.updated'), data })
})
