import { Hono } from 'hono'
import { pathParam, type AppEnv } from '../context'
import { notFound } from '../lib/errors'
import { PublicListAnswer } from '~/shared/schemas/api-responses'
import { bearer } from '../middleware/auth'
import { documented } from '../openapi/describe'
import { authenticate } from '../services/sessions'
import type { PublicPageData } from '~/shared/responses/public-page'
import { loadPublicPage } from '../services/views'

// decisions §8: GET /api/public/{slug} needs no credentials and answers
//   { data: { books: PublicBook[], account: { avatar, owner_name, id }, affiliate_tag,
//             viewer?: { account_id, own } } }
// `books` carry only the public fields (services/views.ts PublicBook), in the owner's "Up next"
// order (decisions §14; books without a position last, newest first). `viewer` is
// there only when a valid session token came with the call: `own` is true on the reader's own
// list, so the page hides "Add to my list" (spec §1). A bad token is ignored, not a 401: the
// list is public. An unknown slug or a closed account is a JSON 404. Every answered load counts
// one view (the dashboard's TBR views). `affiliate_tag` is the configured AFFILIATE_TAG the page
// attaches to its retailer search links (decisions §8), so the server config stays the one source.

export type { PublicPageData } from '~/shared/responses/public-page'

export const publicPage = new Hono<AppEnv>()

publicPage.get(
  '/:slug',
  documented({
    summary: 'A public list',
    description: 'Needs no credentials; an API key calling it needs the scope below.',
    tag: 'Public',
    auth: 'account.read',
    params: [{ name: 'slug', description: 'The list’s custom URL' }],
    answer: PublicListAnswer,
  }),
  async (c) => {
    const { deps } = c.var
    const token = bearer(c.req.header('authorization'))
    const viewer = token ? await authenticate(deps, token) : null
    const page = await loadPublicPage(deps.db, pathParam(c, 'slug'), { ownerAccountId: viewer?.account.id })
    if (!page) throw notFound()
    const data: PublicPageData = { ...page, affiliate_tag: deps.config.AFFILIATE_TAG }
    if (viewer) data.viewer = { account_id: viewer.account.id, own: viewer.account.id === page.account.id }
    // The service worker keeps the last answer for offline use (sw/sw.ts: network first, kept
    // under the bare URL; the page works `own` out itself). HTTP caches must revalidate, and an
    // answer for one bearer is not an answer for another (`viewer`).
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Authorization')
    return c.json({ data })
  },
)
