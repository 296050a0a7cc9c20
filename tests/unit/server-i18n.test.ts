import { describe, expect, test } from 'vitest'
import { catalogs, localeFromHeader, translate } from '~/server/i18n'

// Server messages and mails (decisions §2: Accept-Language picks en or es, fallback en).

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('server catalogs', () => {
  test('en and es have exactly the same keys', () => {
    expect(Object.keys(catalogs.es).sort()).toEqual(Object.keys(catalogs.en).sort())
  })

  test('every message is translated: non-empty, with the same placeholders', () => {
    for (const [key, en] of Object.entries(catalogs.en)) {
      const es = catalogs.es[key as keyof typeof catalogs.es]
      expect(en.trim(), key).not.toBe('')
      expect(es.trim(), key).not.toBe('')
      expect(placeholders(es), key).toEqual(placeholders(en))
    }
    // No message was left in English in the Spanish catalog.
    const same = Object.keys(catalogs.en).filter((k) => catalogs.en[k as never] === catalogs.es[k as never])
    expect(same).toEqual([])
  })
})

describe('translate', () => {
  test('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'error.rate_limited', { minutes: 15 })).toBe('Too many attempts. Please try again in 15 minutes.')
    expect(translate('es', 'error.rate_limited', { minutes: 3 })).toBe('Demasiados intentos. Vuelve a intentarlo en 3 minutos.')
    expect(translate('en', 'error.rate_limited')).toContain('{minutes}')
  })
})

describe('localeFromHeader', () => {
  test.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['ES-mx', 'es'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.8', 'es'],
    ['de, fr', 'en'],
    ['*', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale)
  })
})
