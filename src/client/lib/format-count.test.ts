import { describe, expect, test } from 'vitest'
import { countIn, formatCount } from './format-count'

describe('formatCount', () => {
  test('writes every count as Intl.NumberFormat does, in English and Spanish', () => {
    for (const locale of ['en', 'es']) {
      const intl = new Intl.NumberFormat(locale)
      for (const n of [0, 1, 2, 7, 42, 999, 1000, 1234, 12_345, 1_000_000]) {
        expect(formatCount(n, (x) => intl.format(x)), `${locale} ${n}`).toBe(intl.format(n))
      }
    }
  })

  test('asks for the formatter only from 1,000 on', () => {
    const asked: number[] = []
    const format = (n: number) => (asked.push(n), `#${n}`)
    expect(formatCount(999, format)).toBe('999')
    expect(formatCount(1000, format)).toBe('#1000')
    expect(formatCount(2.5, format)).toBe('#2.5')
    expect(asked).toEqual([1000, 2.5])
  })

  test('countIn writes a count as the language does', () => {
    for (const locale of ['en', 'es'])
      for (const n of [3, 1234, 12_345]) expect(countIn(locale, n)).toBe(new Intl.NumberFormat(locale).format(n))
  })
})
