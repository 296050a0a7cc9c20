import { Hono } from 'hono'
import { CATALOG_QUERY, normaliseIsbn, normaliseQuery } from '~/shared/schemas/catalog'
import type { AppEnv } from '../context'
import { ApiError } from '../lib/errors'
import { lookUpIsbn, searchCatalog } from '../services/catalog'

// The book catalogue through our server, for signed-in readers only (a session;
// API keys reach only /api/books… and the usage/public reads; decision 48).
//   GET /api/catalog/search?q=   { data: CatalogBook[] }   (shared/schemas/catalog.ts)
//   GET /api/catalog/isbn/:isbn  { data: CatalogBook }, 404 when the catalogue has no such book
// A bad query or ISBN is 400 with inputError; upstream trouble is 503 (down, slow, busy) or 502.

export const catalog = new Hono<AppEnv>()

catalog.get('/search', async (c) => {
  const q = normaliseQuery(c.req.query('q') ?? '')
  if ([...q].length < CATALOG_QUERY.min || [...q].length > CATALOG_QUERY.max) {
    throw new ApiError(400, 'validation.catalog.q.invalid', { inputError: 'q' })
  }
  return c.json({ data: await searchCatalog(c.var.deps, q) })
})

catalog.get('/isbn/:isbn', async (c) => {
  const isbn = normaliseIsbn(c.req.param('isbn'))
  if (!isbn) throw new ApiError(400, 'validation.catalog.isbn.invalid', { inputError: 'isbn' })
  const book = await lookUpIsbn(c.var.deps, isbn)
  if (!book) throw new ApiError(404, 'catalog.not_found')
  return c.json({ data: book })
})
