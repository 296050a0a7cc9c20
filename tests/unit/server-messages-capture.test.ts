import { describe, expect, test } from 'vitest'
import { translate, type MessageKey } from '~/server/messages'
import captured from './fixtures/server-messages.json'

// Every server message as the API and the mails answered it before the messages moved into the
// Lingui catalogs (recorded from the old hand-written table, with a sample value for each
// placeholder): the same call must keep answering the same English and Spanish text.

const entries = Object.entries(
  captured as Record<string, { params: Record<string, string | number>; en: string; es: string }>,
)

describe('server messages answer what they answered before', () => {
  test('the record covers the whole former table', () => {
    expect(entries.length).toBeGreaterThanOrEqual(332)
  })

  test.each(['en', 'es'] as const)('%s', (locale) => {
    const changed = entries
      .map(([key, record]) => ({ key, was: record[locale], now: translate(locale, key as MessageKey, record.params) }))
      .filter(({ was, now }) => was !== now)
    expect(changed).toEqual([])
  })
})
