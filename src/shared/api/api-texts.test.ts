import { formatter } from '@lingui/format-po'
import { toJsonSchema } from '@valibot/to-json-schema'
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { API_CALLS, callKey, type ApiCall, type ApiText } from './calls'
import { BODY_TEXTS, bodyText } from './body-texts'
import { API_INTRODUCTION } from './introduction'

// The table's texts (each call's summary and description, each parameter's description, the
// document's introduction) are the reference page's in the reader's language: a call cannot be
// added without its Spanish, nor a text changed without extracting it again. The request bodies'
// field and rule descriptions are catalog texts too (body-texts.ts).

const catalog = (locale: 'en' | 'es') =>
  formatter({ lineNumbers: false }).parse(
    readFileSync(new URL(`../../client/i18n/locales/${locale}/messages.po`, import.meta.url), 'utf8'),
    { locale, sourceLocale: 'en', filename: `${locale}/messages.po` },
  )

function textsOf(call: ApiCall): [where: string, text: ApiText][] {
  const input = call.input ?? {}
  const parameters = [input.params, input.query, input.headers].flatMap((group) => Object.entries(group ?? {}))
  return [
    [`${callKey(call)} summary`, call.summary],
    ...(call.description ? [[`${callKey(call)} description`, call.description] as [string, ApiText]] : []),
    ...parameters.map(([name, p]) => [`${callKey(call)} parameter ${name}`, p.description] as [string, ApiText]),
  ]
}

const texts: [string, ApiText][] = [
  ['introduction', API_INTRODUCTION],
  ...API_CALLS.flatMap(textsOf),
  ...Object.entries(BODY_TEXTS).map(([name, text]) => [`body text ${name}`, text] as [string, ApiText]),
]

/** Every `description` of a JSON Schema, at any depth. */
function descriptionsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptionsIn)
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([k, value]) =>
    k === 'description' && typeof value === 'string' ? [value] : descriptionsIn(value),
  )
}

test('a request body describes its fields and rules only with catalog texts', () => {
  // As the document converts a body (server/openapi/operation.ts).
  const written = API_CALLS.flatMap((call) =>
    call.input?.body
      ? descriptionsIn(
          toJsonSchema(call.input.body as never, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }),
        ).map((text) => [callKey(call), text] as const)
      : [],
  )
  expect(written.length).toBeGreaterThan(0)
  expect(written.filter(([, text]) => !bodyText(text))).toEqual([])
})

test('a call’s summary and description are keyed by its method and path', () => {
  const misnamed = API_CALLS.flatMap((call) => [
    ...(call.summary.id === `api.summary.${callKey(call)}` ? [] : [`${callKey(call)}: ${call.summary.id}`]),
    ...(!call.description || call.description.id === `api.description.${callKey(call)}`
      ? []
      : [`${callKey(call)}: ${call.description.id}`]),
  ])
  expect(misnamed).toEqual([])
})

test('one id, one text', () => {
  const byId = new Map<string, string>()
  const clashes = texts.filter(([, { id, message }]) => byId.get(id) !== undefined && byId.get(id) !== message)
  for (const [, { id, message }] of texts) byId.set(id, message)
  expect(clashes).toEqual([])
})

describe('the catalogs', async () => {
  const [en, es] = await Promise.all([catalog('en'), catalog('es')])

  test('hold every text of the table as written (run `npx lingui extract` after changing one)', () => {
    const stale = texts.filter(([, { id, message }]) => en[id]?.translation !== message).map(([where]) => where)
    expect(stale).toEqual([])
  })

  test('translate every text of the table into Spanish', () => {
    const untranslated = texts.filter(([, { id }]) => !es[id]?.translation?.trim()).map(([where]) => where)
    expect(untranslated).toEqual([])
    // Every call is covered, not only those with a description or parameters.
    expect(API_CALLS.every((call) => es[call.summary.id]?.translation)).toBe(true)
  })

  test('keep each text’s placeholders and quoted braces in Spanish', () => {
    const shape = (message: string) =>
      [...message.matchAll(/'?\{[^}]*\}'?/g)].map(([m]) => (m.startsWith("'") ? 'quoted' : m)).sort()
    const differ = texts
      .filter(([, { id }]) => es[id]?.translation)
      .filter(([, { id, message }]) => JSON.stringify(shape(message)) !== JSON.stringify(shape(es[id]!.translation!)))
      .map(([where]) => where)
    expect(differ).toEqual([])
  })
})
