import { Hono } from 'hono'
import { SlugInput } from '~/shared/schemas/common'
import { readBody, t, validate, type AppEnv } from '../context'
import { setSlug, slugTaken } from '../services/settings'

// PATCH /api/url: slugs are unique without regard to case and a change
// frees the old slug at once (it is simply overwritten: nothing keeps it).

export const url = new Hono<AppEnv>()

/**
 * The caller's public address: `{ data: { slug, url, base } }`. `base` is APP_URL, where every
 * public list lives (`${base}/${slug}`, as the mails and the share tags write it); the client
 * remembers it so /welcome, /account/url and the dashboard show one address, offline too.
 */
url.get('/', (c) => {
  const { deps, auth } = c.var
  const slug = auth.account.slug
  return c.json({ data: { slug, url: slug ? `${deps.appUrl}/${encodeURIComponent(slug)}` : null, base: deps.appUrl } })
})

/** Live availability for the slug field (/welcome, /account/url). */
url.get('/check', async (c) => {
  const { slug } = validate(SlugInput, { slug: c.req.query('slug') ?? '' })
  const available = !(await slugTaken(c.var.deps.db, slug, c.var.auth.account.id))
  return c.json({ data: { slug, available } })
})

// The account's public address is the owner's or an admin's to change (`who: 'admin'` in the
// table of calls); a developer or user sees it read-only (their change would rename everyone's list).
url.patch('/', async (c) => {
  const { slug } = await readBody(c, SlugInput)
  await setSlug(c.var.deps.db, c.var.auth.account.id, slug)
  return c.json({ message: t(c, 'url.updated'), data: { slug } })
})

