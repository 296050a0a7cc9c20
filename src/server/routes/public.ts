import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { pathParam, type AppEnv } from '../context'
import { notFound } from '../lib/errors'
import { bearer } from '../middleware/auth'
import { authenticate } from '../services/sessions'
import type { PublicAnswer } from '../services/public-cache'
import { loadPublicAnswer } from '../services/views'

// GET /api/public/{slug} needs no credentials and answers
//   { data: { books: PublicBook[], account: { avatar, owner_name, id }, affiliate_tag,
//             viewer?: { account_id, own } } }
// `books` carry only the public fields (services/views.ts PublicBook), in the owner's "Up next"
// order (books without a position last, newest first). `viewer` is
// there only when a valid session token came with the call: `own` is true on the reader's own
// list, so the page hides "Add to my list". A bad token is ignored, not a 401: the
// list is public. An unknown slug or a closed account is a JSON 404. Every answered load (a 304
// too) counts one view (the dashboard's TBR views). `affiliate_tag` is the configured AFFILIATE_TAG the page
// attaches to its retailer search links, so the server config stays the one source.

export type { PublicPageData } from '~/shared/responses/public-page'

export const publicPage = new Hono<AppEnv>()

publicPage.get(
  '/:slug',
  async (c) => {
    const { deps } = c.var
    const token = bearer(c.req.header('authorization'))
    const viewer = token ? await authenticate(deps, token) : null
    const answer = await loadPublicAnswer(deps.db, pathParam(c, 'slug'), { ownerAccountId: viewer?.account.id })
    if (!answer) throw notFound()
    const seen = viewer ? { account_id: viewer.account.id, own: viewer.account.id === answer.page.account.id } : null
    // The service worker keeps the last answer for offline use (sw/sw.ts: network first, kept
    // under the bare URL; the page works `own` out itself). HTTP caches must revalidate, and an
    // answer for one bearer is not an answer for another (`viewer`).
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Authorization')
    // The ETag covers everything in the answer: the list (its cache fingerprint), the configured
    // tag and the viewer part, so another bearer or a changed list never matches. A 304 is still
    // a load of the page: it was counted above.
    const tail = `"affiliate_tag":${JSON.stringify(deps.config.AFFILIATE_TAG)}${seen ? `,"viewer":${JSON.stringify(seen)}` : ''}`
    const { etag, body } = seen ? encoded(answer, tail) : anonymousAnswer(answer, tail)
    c.header('ETag', etag)
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304)
    c.header('Content-Type', 'application/json')
    return c.body(body)
  },
)

/** The answer's tag and body as bytes: the page's JSON is kept serialised (public-cache.ts). */
function encoded(answer: PublicAnswer, tail: string) {
  const etag = `W/"${createHash('sha1').update(answer.tag).update(tail).digest('base64url').slice(0, 27)}"`
  return { etag, body: Buffer.from(`{"data":{${answer.json},${tail}}}`), tail }
}

/**
 * A visitor's answer (no viewer part) is the same bytes for every load of one cached list: kept
 * beside that list's answer (and dropped with it), so a load neither hashes nor encodes the page.
 */
const anonymous = new WeakMap<PublicAnswer, ReturnType<typeof encoded>>()

function anonymousAnswer(answer: PublicAnswer, tail: string) {
  const kept = anonymous.get(answer)
  if (kept?.tail === tail) return kept
  const made = encoded(answer, tail)
  anonymous.set(answer, made)
  return made
}

/** If-None-Match (RFC 9110 §13.1.2): `*` or a list of tags, compared weakly. */
function matches(header: string | undefined, etag: string) {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare)
}
