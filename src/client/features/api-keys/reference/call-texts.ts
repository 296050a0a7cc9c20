import type { I18n } from '@lingui/core'
import { API_CALLS, callKey } from '~/shared/api/calls'
import { API_INTRODUCTION, introductionValues } from '~/shared/api/introduction'
import type { Operation } from './model'

// The OpenAPI document speaks English, for tools. The page shows the same texts in the reader's
// language: each is a catalog message of the table of calls (shared/api), found by the
// operation's method and path. An operation the table does not know keeps the document's words.

const calls = new Map(API_CALLS.map((call) => [callKey(call), call]))

/** The operation with its summary, description and parameters' descriptions in `i18n`'s language. */
export function inReaderLanguage(op: Operation, i18n: I18n): Operation {
  const call = calls.get(`${op.method} ${op.path}`)
  if (!call) return op
  const input = call.input ?? {}
  const declared = { path: input.params, query: input.query, header: input.headers }
  return {
    ...op,
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
