import { describe, expect, test } from 'vitest'
import { buyUrl, couldBeSlug, filterBooks, isStatusFilter } from './list-model'

const books = [
  { title: 'Cien años de soledad', author: 'Gabriel García Márquez', status: 'reading' as const },
  { title: 'Dune', author: 'Frank Herbert', status: 'finished' as const },
  { title: 'Walden', author: null, status: 'not_started' as const },
]

describe('filterBooks', () => {
  test('matches title or author, any case, without accents, every word', () => {
    expect(filterBooks(books, 'dune', 'any').map((b) => b.title)).toEqual(['Dune'])
    expect(filterBooks(books, 'HERBERT', 'any').map((b) => b.title)).toEqual(['Dune'])
    expect(filterBooks(books, 'garcia anos', 'any').map((b) => b.title)).toEqual(['Cien años de soledad'])
    expect(filterBooks(books, 'dune walden', 'any')).toEqual([])
    expect(filterBooks(books, '  ', 'any')).toHaveLength(3)
  })

  test('narrows by derived status; any keeps all', () => {
    expect(filterBooks(books, '', 'not_started').map((b) => b.title)).toEqual(['Walden'])
    expect(filterBooks(books, '', 'reading').map((b) => b.title)).toEqual(['Cien años de soledad'])
    expect(filterBooks(books, 'dune', 'reading')).toEqual([])
  })

  test('status filter values', () => {
    expect(['any', 'not_started', 'reading', 'finished'].every(isStatusFilter)).toBe(true)
    expect(isStatusFilter('done')).toBe(false)
    expect(isStatusFilter(undefined)).toBe(false)
  })
})

describe('buyUrl', () => {
  test('a retailer search for "title author" carrying the affiliate tag', () => {
    const url = new URL(buyUrl({ title: 'Dune', author: 'Frank Herbert' }, 'tbrlist-20'))
    expect(url.origin + url.pathname).toBe('https://www.amazon.com/s')
    expect(url.searchParams.get('k')).toBe('Dune Frank Herbert')
    expect(url.searchParams.get('tag')).toBe('tbrlist-20')
  })

  test('encodes what it must; no author, no trailing space', () => {
    const link = buyUrl({ title: 'Q&A #1', author: null }, 'a-b')
    expect(new URL(link).searchParams.get('k')).toBe('Q&A #1')
    expect(link).toContain('k=Q%26A+%231')
  })
})

describe('couldBeSlug', () => {
  test('only well-formed, unreserved slugs reach the server', () => {
    expect(couldBeSlug('ada-reads')).toBe(true)
    expect(couldBeSlug('Ada_2')).toBe(true)
    for (const s of ['a', 'ab', '-ada', 'ada-', 'favicon.ico', 'dashboard', 'WELCOME', 'x'.repeat(41)]) expect(couldBeSlug(s), s).toBe(false)
  })
})
