import { Hono } from 'hono'
import { UtilityMailInput } from '~/shared/schemas/utility'
import { readBody, t, type AppEnv } from '../context'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import { ipLimit, mailLimit } from '../middleware/rate-limit'
import { renderSupportMail } from '../services/mail'

// POST /api/utility/mail {email, name, template, message}: the /help message form. The
// mail goes to SUPPORT_EMAIL only, never to an address from the body, so the call cannot be used
// to send mail to anyone else; the body's email and name are where support should reply.
export const utility = new Hono<AppEnv>().post('/mail', ipLimit('mail'), async (c) => {
  const body = await readBody(c, UtilityMailInput)
  const { deps, auth } = c.var
  // Bounded per user like the other mails (MAIL_LIMIT per 15 minutes).
  await mailLimit(c, 'support', auth.user.id)
  const mail = renderSupportMail(c.var.locale, {
    to: deps.config.SUPPORT_EMAIL,
    name: body.name,
    email: body.email,
    account: auth.account.name,
    message: body.message,
    supportEnabled: auth.user.supportEnabled,
  })
  try {
    await deps.mailer.send(mail)
  } catch (err) {
    log.error('support mail failed', err)
    throw new ApiError(503, 'mail.send_failed')
  }
  return c.json({ message: t(c, 'utility.mail_sent') })
})
