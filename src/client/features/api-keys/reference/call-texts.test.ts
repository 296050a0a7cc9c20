import { setupI18n } from '@lingui/core'
import { expect, test } from 'vitest'
import { messages as en } from '~/client/i18n/locales/en/messages.po'
import { messages as es } from '~/client/i18n/locales/es/messages.po'
import { BODY_TEXTS } from '~/shared/api/body-texts'
import { inReaderLanguage, introduction } from './call-texts'
import type { Operation } from './model'

// The reference page shows the document's English texts in the reader's language, from the
// table's catalog messages (braces quoted for the catalogs come out as braces).

const i18n = (locale: 'en' | 'es') =>
  setupI18n({ locale, messages: { [locale]: (locale === 'en' ? en : es) as never } })

const op = (method: string, path: string, parameters: Operation['parameters'] = []): Operation => ({
  id: 'x',
  method,
  path,
  summary: 'From the document',
  description: 'From the document',
  tag: 'Books',
  scope: null,
  parameters,
  body: null,
  bodyDescription: '',
  status: '200',
  example: null,
  curl: '',
})

test('a call’s summary, description and parameters in Spanish', () => {
  const list = inReaderLanguage(op('GET', '/api/books', [{ in: 'query', name: 'since' }]), i18n('es'))
  expect(list.summary).toBe('Listar los libros, o los cambios desde un cursor')
  expect(list.description).toMatch(/^Sin `since`, todos los libros vigentes\./)
  expect(list.parameters[0]!.description).toBe('Un `cursor` de una respuesta anterior (un número entero)')
  const add = inReaderLanguage(op('POST', '/api/books', [{ in: 'header', name: 'Idempotency-Key' }]), i18n('es'))
  expect(add.summary).toBe('Añadir un libro')
  expect(add.description).toContain('Envía `{ title, author?, … }` o `{ link }`')
  expect(add.parameters[0]!.description).toMatch(/^Hace seguro un reintento/)
})

test('in English, the document’s own words; an operation the table does not know keeps them', () => {
  const add = inReaderLanguage(op('POST', '/api/books'), i18n('en'))
  expect(add.summary).toBe('Add a book')
  expect(add.description).toContain('Send `{ title, author?, … }` or `{ link }` (a retailer URL).')
  expect(inReaderLanguage(op('GET', '/api/nowhere'), i18n('es')).summary).toBe('From the document')
})

test('a body’s field and rule descriptions in Spanish; words the catalog lacks stay as written', () => {
  const field = (name: string, description?: string) => ({
    name,
    type: 'string',
    required: false,
    nullable: false,
    rules: [],
    ...(description ? { description } : {}),
  })
  const edit = inReaderLanguage(
    {
      ...op('PATCH', '/api/books/{id}'),
      bodyDescription: BODY_TEXTS.datesInOrderAlone.message,
      body: [
        field('title', BODY_TEXTS.utf16Length.message),
        field('isbn', BODY_TEXTS.isbn.message),
        field('rating'),
        field('x', 'Not a catalog text'),
      ],
    },
    i18n('es'),
  )
  expect(edit.bodyDescription).toBe(
    '`finished_at` no es anterior a `started_at` (el mismo día vale). Una fecha enviada sola se compara con la otra fecha del libro.',
  )
  expect(edit.body!.map((f) => f.description)).toEqual([
    'Se recortan los espacios; la longitud cuenta unidades UTF-16, así que un carácter fuera del Plano Multilingüe Básico (la mayoría de los emoji) cuenta como dos.',
    'Un ISBN-10 o ISBN-13 con dígito de control válido; se ignoran guiones y espacios.',
    undefined,
    'Not a catalog text',
  ])
  expect(
    inReaderLanguage({ ...op('GET', '/api/nowhere'), body: [field('y', BODY_TEXTS.readOnly.message)] }, i18n('es'))
      .body![0]!.description,
  ).toBe('Solo lectura: se acepta y se ignora.')
})

test('the introduction names the scopes in either language', () => {
  expect(introduction(i18n('es'))).toMatch(/^Automatiza tu lista/)
  expect(introduction(i18n('es'))).toContain('sus permisos: `books.read`, `books.write`, `account.read`.')
  expect(introduction(i18n('en'))).toContain('its scopes allow: `books.read`, `books.write`, `account.read`.')
})
