import { Hono } from 'hono'
import { CreateKeyInput, DeleteKeysInput, KEY_SCOPES, UpdateKeyInput } from '~/shared/schemas/key'
import { pathId, readBody, t, type AppEnv } from '../context'
import { AUTH_WINDOW_MS, tooMany } from '../middleware/rate-limit'
import { hit } from '../services/rate-limit'
import { mailSecurityNotice } from '../services/security-notice'
import { createKey, deleteKeys, getKey, listKeys, updateKey } from '../services/api-keys'

// The API key calls, for the developer flag (owner and developer). A person's calls: an API key
// itself gets 403 here (middleware/key-auth.ts). Keys are a
// paid capability (402 on plans without `api_keys`).
//
//   GET    /api/key           { data: ApiKeyView[] }            newest first
//   GET    /api/key/scopes    { data: [{ value, label }] }
//   GET    /api/key/{id}      { data: ApiKeyView }              `key`: prefix + last four only
//   POST   /api/key           { data: CreatedApiKey, message }  the only answer with full_key
//   PATCH  /api/key/{id}      { data: ApiKeyView, message }     active: true on a revoked key: 400
//   DELETE /api/key {id: []}  { data: { deleted }, message }

export const keys = new Hono<AppEnv>()

keys.get('/', async (c) => c.json({ data: await listKeys(c.var.deps.db, c.var.auth.account.id) }))

keys.get('/scopes', (c) => c.json({ data: KEY_SCOPES.map((value) => ({ value, label: t(c, `key.scope.${value}`) })) }))

keys.get('/:id', async (c) => c.json({ data: await getKey(c.var.deps.db, c.var.auth.account.id, pathId(c, 'id')) }))

keys.post('/', async (c) => {
  const { password: _proof, ...input } = await readBody(c, CreateKeyInput)
  // At most KEY_CREATE_LIMIT new keys per account per 15 minutes (429 + Retry-After past it).
  const { db, config } = c.var.deps
  const w = await hit(db, `key-create:${c.var.auth.account.id}`, AUTH_WINDOW_MS)
  if (w.count > config.KEY_CREATE_LIMIT) throw tooMany(w)
  const data = await createKey(c.var.deps.db, c.var.auth.account.id, c.var.auth.user.id, input)
  mailSecurityNotice(c.var.deps, c.var.auth.user, 'api_key_created', { key: data.name })
  return c.json({ data, message: t(c, 'key.created') })
})

keys.patch('/:id', async (c) => {
  const id = pathId(c, 'id')
  const input = await readBody(c, UpdateKeyInput)
  const data = await updateKey(c.var.deps.db, c.var.auth.account.id, id, input)
  return c.json({ data, message: t(c, input.active === false ? 'key.revoked' : 'key.updated') })
})

keys.delete('/', async (c) => {
  const { id } = await readBody(c, DeleteKeysInput)
  const deleted = await deleteKeys(c.var.deps.db, c.var.auth.account.id, id)
  return c.json({ data: { deleted }, message: t(c, 'key.deleted', { count: deleted }) })
})
