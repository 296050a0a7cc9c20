import { expect, test } from 'vitest'
import { CreateBookInput } from '~/shared/schemas/book'
import { newBook } from '~/shared/sync/book-rules'
import * as v from 'valibot'
import { bookFromShare, findRetailerLink, isShare } from './share'

const AMAZON = 'https://www.amazon.com/Dune-Frank-Herbert/dp/0441013597/ref=sr_1_1'

test('the shared title wins; a retailer link beside it still travels (ISBN/ASIN)', () => {
  expect(bookFromShare({ title: 'Dune', text: 'Look at this', url: AMAZON })).toEqual({ title: 'Dune', link: AMAZON })
  expect(bookFromShare({ title: '  Dune  ' })).toEqual({ title: 'Dune' })
})

test('without a title, a retailer link in url or text names the book', () => {
  expect(bookFromShare({ url: AMAZON })).toEqual({ link: AMAZON })
  expect(bookFromShare({ text: `You should read this: ${AMAZON}.` })).toEqual({ link: AMAZON })
  const out = newBook(v.parse(CreateBookInput, bookFromShare({ text: AMAZON })), {
    id: 'b1',
    accountId: 'a1',
    now: '2024-05-01T10:00:00.000Z',
    version: 1,
  })
  expect(out).toMatchObject({ title: 'Dune Frank Herbert', isbn: '0441013597', asin: '0441013597' })
})

test('a product link without a title takes the words around it', () => {
  expect(bookFromShare({ text: 'Project Hail Mary https://amazon.com/dp/B08FHBV4ZX' })).toEqual({
    title: 'Project Hail Mary',
    link: 'https://amazon.com/dp/B08FHBV4ZX',
  })
  expect(bookFromShare({ url: 'https://amazon.com/dp/B08FHBV4ZX' })).toBeNull()
})

test('otherwise the text itself is the title (links removed, length capped)', () => {
  expect(bookFromShare({ text: 'The Left Hand of Darkness' })).toEqual({ title: 'The Left Hand of Darkness' })
  expect(bookFromShare({ text: 'Piranesi https://example.com/blog' })).toEqual({ title: 'Piranesi' })
  expect(bookFromShare({ text: 'x'.repeat(500) })!.title).toHaveLength(300)
  expect(bookFromShare({ url: 'https://example.com/some-page' })).toEqual({ title: 'https://example.com/some-page' })
  expect(bookFromShare({ title: ' ', text: '' })).toBeNull()
})

test('isShare and findRetailerLink', () => {
  expect(isShare({})).toBe(false)
  expect(isShare({ text: ' ' })).toBe(false)
  expect(isShare({ title: 'Dune' })).toBe(true)
  expect(findRetailerLink('nothing here https://example.com', `and (${AMAZON})`)).toBe(AMAZON)
})
