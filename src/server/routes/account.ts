import { Hono } from 'hono'
import { SignUpInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv } from '../context'
import { hashPassword, newId } from '../lib/crypto'
import { shownDark } from '../first-paint-theme'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { signIn, createAccountFor, createUserWithAccount, findUserByEmail, sendTokenMail } from '../services/users'
import { checkPassword, pendingSecondFactor } from './auth'
import { isUniqueViolation } from '../db/errors'

export const account = new Hono<AppEnv>()

// Sign-up creates an account owned by the new user, mails a verification link and
// answers like a sign-in. An existing email with its correct password gets a second account
// (duplicate_user); any other password is refused exactly like a failed sign-in (same status and
// message, counted toward the sign-in limit, nothing created), so it tells nothing a failed
// sign-in would not.
account.post('/', ipLimit('auth'), async (c) => {
  const body = await readBody(c, SignUpInput)
  const deps = c.var.deps
  const userAgent = c.req.header('user-agent')
  const existing = await findUserByEmail(deps.db, body.email)
  if (existing) {
    // A wrong password answers exactly like a failed sign-in (decisions: enumeration).
    const user = await checkPassword(c, body.email, body.password)
    // A password alone creates nothing for a user with 2FA on: the account is made once the code
    // is in (decisions: second factor first; routes/auth-otp.ts).
    if (user.twoFactorEnabled) {
      const pending = await pendingSecondFactor(c, user, {
        method: 'password',
        duplicateUser: true,
        then: { k: 'signup', name: body.name },
      })
      return c.json({ data: pending })
    }
    const accountId = await createAccountFor(deps.db, user.id, body.name)
    const data = await signIn(deps, { userId: user.id, accountId, duplicateUser: true, userAgent })
    return c.json({ message: t(c, 'account.created'), data })
  }
  const userId = newId()
  const accountId = newId()
  const passwordHash = await hashPassword(body.password)
  try {
    await createUserWithAccount(deps.db, {
      userId,
      accountId,
      name: body.name,
      email: body.email,
      passwordHash,
      locale: c.var.locale,
      darkMode: shownDark(c),
    })
  } catch (err) {
    // A concurrent sign-up with the same email won the unique index.
    if (!isUniqueViolation(err)) throw err
    throw new ApiError(400, 'user.email_taken', { inputError: 'email' })
  }
  await sendTokenMail(deps, 'verify', { id: userId, email: body.email, name: body.name, locale: c.var.locale })
  const data = await signIn(deps, { userId, accountId, userAgent })
  return c.json({ message: t(c, 'account.created'), data })
})

// The plan and billing calls (GET /plans, POST and PATCH /plan, /upgrade, /card, /invoice,
// /subscription) are in routes/billing.ts, mounted before this sub-app.
