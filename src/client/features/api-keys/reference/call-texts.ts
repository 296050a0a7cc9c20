import type { I18n } from '@lingui/core'
import { bodyText } from '~/shared/api/body-texts'
import { API_CALLS, callKey } from '~/shared/api/calls'
import { API_INTRODUCTION, introductionValues } from '~/shared/api/introduction'
import type { Operation } from './model'

// The OpenAPI document speaks English, for tools. The page shows the same texts in the reader's
// language: each is a catalog message of the table of calls (shared/api), found by the
// operation's method and path. An operation the table does not know keeps the document's words.
// A body's descriptions are catalog texts found by their English words (shared/api/body-texts).

const calls = new Map(API_CALLS.map((call) => [callKey(call), call]))

/** A body description in `i18n`'s language (the document's words if the catalog lacks them). */
const bodyWords = (english: string, i18n: I18n) => {
  const text = bodyText(english)
  return text ? i18n._(text) : english
}

/** The operation with its summary, description, parameters' and body's descriptions in `i18n`'s language. */
export function inReaderLanguage(op: Operation, i18n: I18n): Operation {
  const translated = {
    ...op,
    bodyDescription: op.bodyDescription && bodyWords(op.bodyDescription, i18n),
    body: op.body?.map((f) => (f.description ? { ...f, description: bodyWords(f.description, i18n) } : f)) ?? null,
  }
  const call = calls.get(`${op.method} ${op.path}`)
  if (!call) return translated
  const input = call.input ?? {}
  const declared = { path: input.params, query: input.query, header: input.headers }
  return {
    ...translated,
    summary: i18n._(call.summary),
    // The table's own description: the document's sentence about who may call it is the page's
    // scope line.
    description: call.description ? i18n._(call.description) : '',
    parameters: op.parameters.map((p) => {
      const text = declared[p.in]?.[p.name]?.description
      return text ? { ...p, description: i18n._(text) } : p
    }),
  }
}

/** The document's introduction in `i18n`'s language. */
export const introduction = (i18n: I18n) =>
  i18n._(API_INTRODUCTION.id, introductionValues(), { message: API_INTRODUCTION.message })
