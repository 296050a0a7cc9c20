import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import { createGenerator } from 'json-schema-faker'
import { describe, expect, test } from 'vitest'
import { isIsoDate, isPositionKey, parseRetailerLink } from './book'
import { POSITION_KEY_PATTERN, RETAILER_LINK_PATTERN, RETAILER_LINK_WITH_TITLE_PATTERN } from './book-json-schema'
import { isHttpUrl } from './common'
import { HTTP_URL_PATTERN, ISO_DATE, NOT_BLANK_TEXT, WELL_FORMED_TEXT } from './json-schema-rules'

// The document's patterns state rules the code checks in code. Each must be exact or narrower:
// every value drawn from a pattern passes the code's check. And it must not be narrower than the
// values the app itself makes (its own "Up next" keys, its own dates).

const gen = createGenerator({ seed: 4242 })
const draw = async (pattern: string, n = 400) => {
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push((await gen.generate({ type: 'string', pattern })) as string)
  return out
}
const matches = (pattern: string, s: string) => new RegExp(pattern, 'u').test(s)

describe('every value the document allows passes the code', () => {
  test('"Up next" keys', async () => {
    for (const key of await draw(POSITION_KEY_PATTERN)) {
      if (key.length <= 200) expect(isPositionKey(key), key).toBe(true)
    }
  })

  test('retailer links, and a link with a title reads as one', async () => {
    for (const link of await draw(RETAILER_LINK_PATTERN)) expect(parseRetailerLink(link), link).not.toBeNull()
    for (const link of await draw(RETAILER_LINK_WITH_TITLE_PATTERN))
      expect(parseRetailerLink(link)?.title, link).toBeTruthy()
  })

  test('http URLs', async () => {
    for (const url of await draw(HTTP_URL_PATTERN)) expect(isHttpUrl(url), url).toBe(true)
  })

  test('dates: years before 100 are out (the code reads them as 19xx)', () => {
    expect(matches(ISO_DATE.pattern, '2024-02-29')).toBe(true)
    expect(matches(ISO_DATE.pattern, '0099-12-31')).toBe(false)
    expect(isIsoDate('0099-12-31')).toBe(false)
    expect(isIsoDate('0100-01-01')).toBe(true)
  })
})

describe('the document is not narrower than what the app sends', () => {
  test('the keys the app places books with', () => {
    const keys = [
      generateKeyBetween(null, null),
      ...generateNKeysBetween('a0', 'a1', 50),
      generateKeyBetween(null, 'a0'),
    ]
    let low = 'a0'
    for (let i = 0; i < 200; i++) low = generateKeyBetween(null, low)
    for (const key of [...keys, low]) expect(matches(POSITION_KEY_PATTERN, key), key).toBe(true)
  })

  test('text: any well-formed text, emoji included; titles need more than white space', () => {
    expect(matches(WELL_FORMED_TEXT, 'Cien años de soledad 📚')).toBe(true)
    expect(matches(WELL_FORMED_TEXT, 'a\u0000b')).toBe(false)
    expect(matches(WELL_FORMED_TEXT, 'a\ud800b')).toBe(false)
    expect(matches(NOT_BLANK_TEXT, '  Dune ')).toBe(true)
    expect(matches(NOT_BLANK_TEXT, ' \t\u00a0')).toBe(false)
  })

  test('the retailer links the app documents as examples', () => {
    for (const link of [
      'https://www.amazon.com/Piranesi-Susanna-Clarke/dp/1635575637',
      'https://www.goodreads.com/book/show/50202953-piranesi',
      'https://bookshop.org/p/books/piranesi-susanna-clarke/14364349?ean=9781635575637',
    ])
      expect(matches(RETAILER_LINK_WITH_TITLE_PATTERN, link), link).toBe(true)
  })
})
