import * as v from 'valibot'
import { expect, test } from 'vitest'
import { changedFields, EditBookSchema, EMPTY_BOOK, NewBookSchema, toCreateInput } from './form-schema'

const messages = (r: v.SafeParseResult<typeof NewBookSchema>) =>
  Object.fromEntries((r.issues ?? []).map((i) => [i.path?.[0]?.key, i.message]))

test('a title is required; an empty link is no link', () => {
  expect(messages(v.safeParse(NewBookSchema, { ...EMPTY_BOOK, link: '' }))).toEqual({ title: 'validation.book.title.required' })
  const ok = v.safeParse(NewBookSchema, { ...EMPTY_BOOK, link: '', title: 'Dune' })
  expect(ok.success).toBe(true)
  expect(toCreateInput(ok.output as never)).not.toHaveProperty('link')
})

test('a retailer link names the book; the form keeps the link so ISBN/ASIN travel with it', () => {
  const link = 'https://www.amazon.com/Dune-Frank-Herbert/dp/0441013597'
  const r = v.safeParse(NewBookSchema, { ...EMPTY_BOOK, link })
  expect(r.success).toBe(true)
  expect(toCreateInput(r.output as never)).toMatchObject({ link })
  expect(toCreateInput(r.output as never)).not.toHaveProperty('title')
  expect(messages(v.safeParse(NewBookSchema, { ...EMPTY_BOOK, link: 'https://amazon.com/dp/B08FHBV4ZX' }))).toEqual({ link: 'validation.book.link.no_title' })
  expect(messages(v.safeParse(NewBookSchema, { ...EMPTY_BOOK, link: 'https://example.com/x' }))).toEqual({ link: 'validation.book.link.unsupported' })
})

test('shared field rules and the url rule for the cover', () => {
  const bad = v.safeParse(NewBookSchema, { ...EMPTY_BOOK, title: 'Dune', rating: 9, started_at: '2024-02-30', imageUrl: 'ftp://example.com/a.jpg' })
  expect(messages(bad)).toEqual({
    rating: 'validation.book.rating.invalid',
    started_at: 'validation.book.date.invalid',
    imageUrl: 'validation.book.image_url.invalid',
  })
  expect(messages(v.safeParse(NewBookSchema, { ...EMPTY_BOOK, title: '', imageUrl: 'not a url' }))).toEqual({
    title: 'validation.book.title.required',
    imageUrl: 'global.form.url.error.invalid',
  })
  expect(messages(v.safeParse(NewBookSchema, { ...EMPTY_BOOK, title: 'Dune', imageUrl: 'http://localhost/cover.jpg' }))).toEqual({
    imageUrl: 'global.form.url.error.invalid',
  })
  expect(v.safeParse(EditBookSchema, { ...EMPTY_BOOK, title: 'Dune', imageUrl: 'https://covers.example.org/dune.jpg' }).success).toBe(true)
})

test('only the changed fields are sent on edit', () => {
  const initial = { ...EMPTY_BOOK, title: 'Dune', author: 'Frank Herbert' }
  expect(changedFields(initial, { ...initial, rating: 5, author: 'Frank Herbert' })).toEqual({ rating: 5 })
  expect(changedFields(initial, { ...initial, author: '' })).toEqual({ author: '' })
  expect(changedFields(initial, initial)).toEqual({})
})

test('a finished date before the started date is refused on finished_at, in both forms', () => {
  const values = { ...EMPTY_BOOK, title: 'Dune', started_at: '2024-03-10', finished_at: '2024-03-09' }
  expect(messages(v.safeParse(NewBookSchema, { ...values, link: '' }))).toEqual({ finished_at: 'validation.book.dates.order' })
  expect(messages(v.safeParse(EditBookSchema, values))).toEqual({ finished_at: 'validation.book.dates.order' })
  expect(v.safeParse(EditBookSchema, { ...values, finished_at: '2024-03-10' }).success).toBe(true)
})
