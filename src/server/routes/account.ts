import { Hono } from 'hono'
import { SignUpInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv } from '../context'
import { accounts, memberships, users } from '../db/schema'
import { hashPassword, newId } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { signIn, createAccountFor, findUserByEmail, sendTokenMail } from '../services/users'
import { checkPassword, pendingSecondFactor } from './auth'
import { isUniqueViolation } from '../db/errors'

export const account = new Hono<AppEnv>()

// decisions §5: sign-up creates an account owned by the new user, mails a verification link and
// answers like a sign-in. An existing email with its correct password gets a second account
// (duplicate_user); any other password is refused like a failed sign-in (401, counted toward the
// sign-in limit, nothing created). Sign-up already reveals that an address has an account (the
// duplicate-user path), so that refusal says so: the screen then offers sign-in and a reset.
account.post('/', ipLimit('auth'), async (c) => {
  const body = await readBody(c, SignUpInput)
  const deps = c.var.deps
  const userAgent = c.req.header('user-agent')
  const existing = await findUserByEmail(deps.db, body.email)
  if (existing) {
    const user = await checkPassword(c, body.email, body.password).catch((err: unknown) => {
      throw err instanceof ApiError && err.status === 401 ? new ApiError(401, 'account.email_has_account') : err
    })
    const accountId = await createAccountFor(deps.db, user.id, body.name)
    // A password alone does not open a session of a user with 2FA on (decisions §13).
    if (user.twoFactorEnabled) {
      const pending = await pendingSecondFactor(c, user, { method: 'password', accountId, duplicateUser: true })
      return c.json({ message: t(c, 'account.created'), data: pending })
    }
    const data = await signIn(deps, { userId: user.id, accountId, duplicateUser: true, userAgent })
    return c.json({ message: t(c, 'account.created'), data })
  }
  const userId = newId()
  const accountId = newId()
  const passwordHash = await hashPassword(body.password)
  try {
    // All or nothing: a user never exists without the account they own.
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        name: body.name,
        email: body.email,
        passwordHash,
        locale: c.var.locale,
        defaultAccount: accountId,
      })
      await tx.insert(accounts).values({ id: accountId, name: body.name })
      await tx.insert(memberships).values({ userId, accountId, role: 'owner' })
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
