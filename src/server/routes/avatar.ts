import { Hono } from 'hono'
import { pathParam, type AppEnv } from '../context'
import { notFound } from '../lib/errors'
import { readAvatar } from '../services/avatars'

// GET /api/avatar/{id}.webp: an uploaded avatar, public like the public list
// that shows it. Each upload gets a new id (services/avatars.ts), so an answer
// never changes: browsers and the service worker keep it for a year without asking again.
export const avatar = new Hono<AppEnv>()

const FILE = /^([0-9a-f-]{36})\.webp$/

avatar.get('/:file', async (c) => {
  const match = FILE.exec(pathParam(c, 'file'))
  const row = match ? await readAvatar(c.var.deps.db, match[1]!) : null
  if (!row) throw notFound()
  return c.body(row.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': row.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Length': String(row.bytes.byteLength),
  })
})
