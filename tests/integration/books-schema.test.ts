import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  bookStatus,
  CreateBookInput,
  isIsbn10,
  isIsbn13,
  isIsoDate,
  parseRetailerLink,
  UpdateBookInput,
} from '~/shared/schemas/book'
import { canonicalJson } from '~/shared/sync/protocol'
import { newBook } from '~/shared/sync/book-rules'

// The shared book rules (src/shared/schemas/book.ts): one module for forms, engine and API.

describe('retailer links (built without fetching)', () => {
  const cases: [string, { title: string | null; isbn: string | null; asin: string | null } | null][] = [
    [
      'https://www.amazon.com/Dune-Frank-Herbert/dp/0441172717/ref=sr_1_1',
      { title: 'Dune Frank Herbert', isbn: '0441172717', asin: '0441172717' },
    ],
    ['https://amazon.com/dp/0441172717', { title: null, isbn: '0441172717', asin: '0441172717' }],
    ['https://www.amazon.co.uk/gp/product/B00B7NPRY8?pf_rd_r=x', { title: null, isbn: null, asin: 'B00B7NPRY8' }],
    [
      'https://www.amazon.de/Der-Schwarm-Roman/dp/3596164532',
      { title: 'Der Schwarm Roman', isbn: '3596164532', asin: '3596164532' },
    ],
    [
      'https://www.amazon.es/-/es/Gabriel-Garc%C3%ADa-M%C3%A1rquez/dp/0307474720',
      { title: 'Gabriel García Márquez', isbn: '0307474720', asin: '0307474720' },
    ],
    [
      'https://www.amazon.com/Some-Kindle-Book-ebook/dp/b0cw1sx8ym',
      { title: 'Some Kindle Book ebook', isbn: null, asin: 'B0CW1SX8YM' },
    ],
    ['https://www.amazon.com/gp/aw/d/080442957X', { title: null, isbn: '080442957X', asin: '080442957X' }],
    [
      'https://bookshop.org/p/books/the-left-hand-of-darkness-ursula-k-le-guin/9046938?ean=9780441478125',
      { title: 'The Left Hand Of Darkness Ursula K Le Guin', isbn: '9780441478125', asin: null },
    ],
    [
      'https://www.barnesandnoble.com/w/beloved-toni-morrison/1100297520?ean=9781400033416',
      { title: 'Beloved Toni Morrison', isbn: '9781400033416', asin: null },
    ],
    ['https://www.goodreads.com/book/show/234225.Dune', { title: 'Dune', isbn: null, asin: null }],
    ['https://www.amazon.com/s?k=dune', null],
    ['https://amzn.to/3xYzAbC', null],
    ['https://example.com/Dune/dp/0441172717', null],
    ['ftp://www.amazon.com/Dune/dp/0441172717', null],
    ['not a url', null],
  ]
  for (const [link, expected] of cases) {
    test(link, () => {
      const got = parseRetailerLink(link)
      expect(got && { title: got.title, isbn: got.isbn, asin: got.asin }).toEqual(expected)
    })
  }
})

test('ISBN checksums', () => {
  expect(isIsbn10('0441172717')).toBe(true)
  expect(isIsbn10('080442957X')).toBe(true)
  expect(isIsbn10('0441172718')).toBe(false)
  expect(isIsbn10('B00B7NPRY8')).toBe(false)
  expect(isIsbn13('9780441478125')).toBe(true)
  expect(isIsbn13('9780441478126')).toBe(false)
})

test('dates are real calendar dates written YYYY-MM-DD', () => {
  expect(isIsoDate('2024-02-29')).toBe(true)
  expect(isIsoDate('2023-02-29')).toBe(false)
  expect(isIsoDate('2024-13-01')).toBe(false)
  expect(isIsoDate('2024-1-01')).toBe(false)
  expect(isIsoDate('2024-01-01T00:00:00Z')).toBe(false)
})

test('status is derived from the reading dates', () => {
  expect(bookStatus({ started_at: null, finished_at: null })).toBe('not_started')
  expect(bookStatus({ started_at: '2024-01-01', finished_at: null })).toBe('reading')
  expect(bookStatus({ started_at: '2024-01-01', finished_at: '2024-02-01' })).toBe('finished')
  expect(bookStatus({ started_at: null, finished_at: '2024-02-01' })).toBe('finished')
})

test('create input: trimmed, normalised, link-derived', () => {
  const out = v.parse(CreateBookInput, {
    title: '  Emma ',
    author: ' ',
    id: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
    status: 'ignored',
  })
  // What was given, normalised; the create's defaults are newBook's alone.
  expect(out).toEqual({ id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', title: 'Emma', author: null })
  const fromLink = v.parse(CreateBookInput, {
    link: 'https://www.amazon.com/Emma-Jane-Austen/dp/0141439580',
    rating: 5,
  })
  expect(fromLink).toEqual({ title: 'Emma Jane Austen', link: 'https://www.amazon.com/Emma-Jane-Austen/dp/0141439580', rating: 5 })
  const at = { id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', accountId: 'acct', now: '2024-05-01T10:00:00.000Z', version: 1 }
  expect(newBook(fromLink, at)).toMatchObject({ title: 'Emma Jane Austen', isbn: '0141439580', source: 'link', rating: 5 })
  expect(newBook(out, at)).toMatchObject({ isbn: null, source: 'hand', added_at: '2024-05-01', review: null })
  expect(v.safeParse(CreateBookInput, { link: 'https://www.amazon.com/dp/0141439580' }).success).toBe(false)
})

test('update input keeps only the fields named', () => {
  expect(v.parse(UpdateBookInput, { rating: null, review: 'ok', version: 3 })).toEqual({ rating: null, review: 'ok' })
  expect(v.safeParse(UpdateBookInput, {}).success).toBe(false)
  expect(v.safeParse(UpdateBookInput, { title: '' }).success).toBe(false)
})

test('canonical JSON ignores key order and undefined', () => {
  expect(canonicalJson({ b: 1, a: [{ y: 2, x: undefined, z: null }] })).toBe('{"a":[{"y":2,"z":null}],"b":1}')
})
