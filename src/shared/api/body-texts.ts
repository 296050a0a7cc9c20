import type { ApiText } from './types'

// The words the request bodies' schemas give their fields and rules (a JSON Schema `description`).
// The OpenAPI document states them in English, for tools; the reference page finds each by that
// English text and shows its catalog message in the reader's language. A schema describes a field
// only with one of these, so no body text can reach the page without its Spanish.

export const BODY_TEXTS = {
  utf16Length: /*i18n*/ {
    id: 'api.body.utf16_length',
    message:
      'Trimmed; the length counts UTF-16 units, so a character outside the Basic Multilingual Plane (most emoji) counts as two.',
  },
  isbn: /*i18n*/ {
    id: 'api.body.isbn',
    message: 'An ISBN-10 or ISBN-13 with a valid check digit; hyphens and spaces are ignored.',
  },
  readOnly: /*i18n*/ { id: 'api.body.read_only', message: 'Read-only: accepted and ignored.' },
  datesInOrder: /*i18n*/ {
    id: 'api.body.dates_in_order',
    message: '`finished_at` is not before `started_at` (the same day is fine).',
  },
  datesInOrderAlone: /*i18n*/ {
    id: 'api.body.dates_in_order_alone',
    message:
      '`finished_at` is not before `started_at` (the same day is fine). A date sent alone is checked against the book’s other date.',
  },
} satisfies Record<string, ApiText>

const byEnglish = new Map<string, ApiText>(Object.values(BODY_TEXTS).map((text) => [text.message, text]))

/** The catalog text a body schema's English `description` was written from, if it is one. */
export const bodyText = (english: string): ApiText | undefined => byEnglish.get(english)
