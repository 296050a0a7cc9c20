import { Hono } from 'hono'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import {
  PasskeyOptionsInput,
  PasskeyRegisterInput,
  PasskeyRenameInput,
  PasskeySignInInput,
} from '~/shared/schemas/passkey'
import { pathParam, readBody, t, type AppEnv, type Ctx } from '../context'
import { recordEvent } from '../services/events'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import {
  listPasskeys,
  passkeyView,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  verifyPasskeySignIn,
} from '../services/passkeys'
import { mailPasskeyAdded } from '../services/passkey-notice'
import { completeSession } from './auth'

// Passkeys (decision 39). Managing passkeys lives under /api/user/2fa/passkeys, so a support
// session is
// refused every change to them like any two-factor setting (middleware/impersonation-guard.ts).
// Signing in with one is /api/auth/passkey: options, then the signed answer.

async function record(c: Ctx, name: string) {
  const { auth, deps } = c.var
  await recordEvent(deps.db, { name, userId: auth.user.id, accountId: auth.account.id })
}

export const passkeyManagement = new Hono<AppEnv>()

passkeyManagement.get('/', async (c) => {
  const rows = await listPasskeys(c.var.deps, c.var.auth.user.id)
  return c.json({ data: rows.map(passkeyView) })
})

// A passkey is a way in on its own (both factors): a stolen session must not be able to plant
// one. The options (and so the challenge the new passkey must sign) are issued only after a
// step-up (the table of calls marks it; middleware/step-up.ts); the owner is mailed when one is added.
passkeyManagement.post('/options', ipLimit('auth'), async (c) => {
  await readBody(c, PasskeyOptionsInput)
  return c.json({ data: await registrationOptions(c.var.deps, c.var.auth.user) })
})

passkeyManagement.post('/', ipLimit('auth'), async (c) => {
  const { name, response } = await readBody(c, PasskeyRegisterInput)
  const row = await registerPasskey(c.var.deps, c.var.auth.user, name, response as RegistrationResponseJSON)
  await record(c, 'passkey_added')
  const { deps, auth } = c.var
  deps.background.run('passkey_added', () => mailPasskeyAdded(deps, auth.user, row.name))
  return c.json({ message: t(c, 'passkey.added'), data: passkeyView(row) })
})

passkeyManagement.patch('/:id', async (c) => {
  const { name } = await readBody(c, PasskeyRenameInput)
  const row = await renamePasskey(c.var.deps, c.var.auth.user.id, pathParam(c, 'id'), name)
  return c.json({ message: t(c, 'passkey.renamed'), data: passkeyView(row) })
})

passkeyManagement.delete('/:id', async (c) => {
  await removePasskey(c.var.deps, c.var.auth.user.id, pathParam(c, 'id'))
  await record(c, 'passkey_removed')
  return c.json({ message: t(c, 'passkey.removed') })
})

export const authPasskey = new Hono<AppEnv>()

authPasskey.post('/options', ipLimit('auth'), async (c) => c.json({ data: await signInOptions(c.var.deps) }))

authPasskey.post('/', ipLimit('auth'), async (c) => {
  const { response } = await readBody(c, PasskeySignInInput)
  const user = await verifyPasskeySignIn(c.var.deps, response as AuthenticationResponseJSON)
  // One answer whatever went wrong (unknown passkey, bad signature, used or expired challenge).
  if (!user) throw new ApiError(401, 'passkey.signin_failed')
  // A passkey with user verification is two factors at once: no TOTP code follows.
  return c.json({ data: await completeSession(c, user, { method: 'passkey' }) })
})
