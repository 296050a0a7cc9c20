import * as v from 'valibot'
import { BookId } from '../schemas/book'
import { Cursor, IdempotencyKey } from '../sync/protocol'
import type { ApiText } from './types'

// Parameters several calls share, typed for the OpenAPI document. Path and query values reach
// the handlers as strings; these schemas say what a client sends.

const id = (description: ApiText) => ({ schema: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), description })

export const ID = { id: id(/*i18n*/ { id: 'api.param.id', message: 'The id' }) }
export const BOOK_ID = { id: { schema: BookId, description: /*i18n*/ { id: 'api.param.book_id', message: 'The book id (a UUID)' } } }
export const KEY_ID = { id: id(/*i18n*/ { id: 'api.param.key_id', message: 'The key id' }) }

/** `since`: a `cursor` from an earlier answer, an integer. */
export const SINCE = {
  since: {
    schema: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999_999_999_999_999)),
    description: /*i18n*/ { id: 'api.param.since', message: 'A `cursor` from an earlier answer (an integer)' },
  },
}

/** `Idempotency-Key`: 1–200 visible ASCII characters; a retry with it is applied once. */
export const IDEMPOTENCY = {
  'Idempotency-Key': {
    schema: IdempotencyKey,
    description: /*i18n*/ { id: 'api.param.idempotency_key', message: 'Makes a retry safe: a replay changes nothing and answers as the first call did.' },
  },
}

/** The live stream's resume point: the cursor the client has pulled to, as the standard
 *  `Last-Event-ID` header (an EventSource reconnecting sends it) or as `?cursor=`. */
const streamCursor = /*i18n*/ {
  id: 'api.param.stream_cursor',
  message: 'The cursor the client has pulled to: a change committed after it is announced at once',
}
export const STREAM_CURSOR = {
  query: { cursor: { schema: Cursor, description: streamCursor } },
  headers: { 'Last-Event-ID': { schema: Cursor, description: streamCursor } },
}
