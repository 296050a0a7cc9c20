import { setupI18n, type MessageDescriptor } from '@lingui/core'
import { describe, expect, test } from 'vitest'
import { messages as en } from '~/client/i18n/locales/en/messages.po'
import { messages as es } from '~/client/i18n/locales/es/messages.po'
import { messageDescriptor } from '~/client/ui/form/messages'
import { translate } from '~/server/messages'
import { validationMessages } from '~/shared/messages/validation'
import { withValues } from '~/shared/schemas/message-values'

// A validation message is written once: the form under the field and the API's 400 answer show
// the same text, in English and in Spanish, from the same catalog entry.

const catalogs = { en, es }
// The ids a form words for its reader rather than for an API caller (both texts stay).
const formWorded = [
  'validation.locale.invalid',
  'validation.token.required',
  'validation.token.invalid',
  'validation.book.date.invalid',
]

describe.each(['en', 'es'] as const)('%s', (locale) => {
  const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] as never } })
  const shown = (message: string) => {
    const descriptor = messageDescriptor(message)
    return typeof descriptor === 'string' ? descriptor : i18n._(descriptor as MessageDescriptor)
  }

  test('the form shows what the API answers for each shared validation message', () => {
    const differ = validationMessages
      .filter(({ id }) => !formWorded.includes(id))
      .map(({ id, message }) => {
        const values = Object.fromEntries([...message.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `<${name}>`]))
        return { id, form: shown(withValues(id, values)), api: translate(locale, id, values) }
      })
      .filter(({ form, api }) => form !== api)
    expect(differ).toEqual([])
  })

  test('values travel with the id', () => {
    expect(shown(withValues('validation.avatar.too_large', { max: 5 }))).toBe(
      translate(locale, 'validation.avatar.too_large', { max: 5 }),
    )
  })
})
