import { describe, expect, test } from 'vitest'
import { localeFromHeader, translate } from '~/server/messages'
import { serverMessages, type MessageKey } from '~/shared/messages'

// Server messages and mails (decisions: Accept-Language picks en or es, fallback en).

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('server messages in the catalogs', () => {
  const keys = Object.keys(serverMessages) as MessageKey[]

  test('each id is defined once, with its English text as the catalog says', () => {
    for (const key of keys) expect(translate('en', key), key).toBe(serverMessages[key].message)
  })

  test('every message is translated: non-empty, with the same placeholders', () => {
    for (const key of keys) {
      const es = translate('es', key)
      expect(es.trim(), key).not.toBe('')
      expect(placeholders(es), key).toEqual(placeholders(serverMessages[key].message))
    }
    // No message was left in English in the Spanish catalog.
    expect(keys.filter((key) => translate('es', key) === translate('en', key))).toEqual([])
  })
})

describe('translate', () => {
  test('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'error.rate_limited', { minutes: 15 })).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    )
    expect(translate('es', 'error.rate_limited', { minutes: 3 })).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 3 minutos.',
    )
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
