import { Hono } from 'hono'
import { hasFlag } from '~/shared/permissions'
import { CloseAccountInput } from '~/shared/schemas/account'
import { readBody, t, type AppEnv, type Auth, type Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { closeAccountRows, leaveAccountRows } from '../services/account-close'
import { mailSecurityNotice } from '../services/security-notice'
import { userAccounts } from '../services/users'
import { verifyCurrentPassword } from './auth'

// The Danger Zone of /account/profile: only owners delete the whole account; others delete
// only themselves. Closing the account revokes its sessions.
//
// DELETE /api/account — an owner closes the session's account: closed_at is set (the account
//   and its public page disappear; its data is kept, nothing else can reach it), its slug is
//   freed, and every session of every member in it is revoked. A member without the owner flag
//   leaves instead (the same as DELETE /api/user).
// DELETE /api/user — the caller leaves the session's account: their membership is removed and
//   their sessions in it revoked. An owner cannot leave their own account this way: they close it.
// Either way a closed_account event is recorded, and a person left without any account is
// deleted, so the address is free to sign up again (the client then goes to /signup).
//
// Anything irreversible asks for proof: closing an account, and leaving
// one when that deletes the person. The body is `{ confirm: "<account name>" }` (exactly as
// shown) or `{ password }`; a stolen session or a stray click is not enough.

async function closeAccount(c: Ctx) {
  const { db } = c.var.deps
  const auth = c.var.auth
  await closeAccountRows(db, auth)
  mailSecurityNotice(c.var.deps, auth.user, 'account_closed', { account: auth.account.name })
  return c.json({ message: t(c, 'account.closed') })
}

async function leaveAccount(c: Ctx) {
  const auth = c.var.auth
  await leaveAccountRows(c.var.deps, auth)
  mailSecurityNotice(c.var.deps, auth.user, 'account_left', { account: auth.account.name })
  return c.json({ message: t(c, 'account.left') })
}

/**
 * The proof of CloseAccountInput. The typed name decides when given; otherwise the password is
 * checked, wrong guesses counting toward the sign-in limit.
 */
async function requireProof(c: Ctx) {
  const input = await readBody(c, CloseAccountInput)
  const { auth } = c.var
  if (input.confirm) {
    if (input.confirm !== auth.account.name)
      throw new ApiError(400, 'account.confirm_mismatch', { inputError: 'confirm' })
    return
  }
  if (input.password !== undefined) return verifyCurrentPassword(c, auth.user, input.password, 'password')
  throw new ApiError(400, 'account.confirm_required', { inputError: 'confirm' })
}

const isOwner = (auth: Auth) => hasFlag(auth.role, 'owner')

/** Leaving the last account deletes the person (deleteIfAlone): that is irreversible too. */
async function leaveWithProofIfLast(c: Ctx) {
  const accountsLeft = await userAccounts(c.var.deps.db, c.var.auth.user.id)
  if (accountsLeft.every((a) => a.id === c.var.auth.account.id)) await requireProof(c)
  return leaveAccount(c)
}

export const accountClose = new Hono<AppEnv>().delete('/', async (c) => {
  if (!isOwner(c.var.auth)) return leaveWithProofIfLast(c)
  await requireProof(c)
  return closeAccount(c)
})

export const userLeave = new Hono<AppEnv>().delete('/', (c) => {
  if (isOwner(c.var.auth)) throw new ApiError(403, 'account.owner_must_close')
  return leaveWithProofIfLast(c)
})
