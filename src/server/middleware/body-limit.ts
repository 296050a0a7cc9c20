import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { translate } from '../messages'
import type { ApiError } from '../lib/errors'

// Bounds a request body before anything reads it (nothing may walk an unbounded body).
//
// Why not hono's bodyLimit: it answers 413 as soon as Content-Length is over the limit, with the
// whole body still unread on the connection. Closing such a connection makes the kernel send a
// reset, and a client that has not read our 413 yet loses it ("other side closed"; the fuzz test
// caught it on a 2-core machine). Draining by the adapter is bounded to 500 ms, too short there.
// So: an oversized body is read to its end and discarded, then 413 goes out on a connection that
// stays usable. Past DRAIN_FACTOR × the limit the client is not one we serve: answer and close.
// A body within the limit is read here too, before any handler: a handler that answers without
// reading it (401, 403, 404 before validation) would otherwise leave it to the adapter's drain,
// which closes the connection after the answer when the rest is slow to come, and a client that
// reuses that keep-alive connection for its next request loses it (the fuzz test, seed 2076912589).

const DRAIN_FACTOR = 16

/** `refusal`: a route's own answer to a body past its limit (an avatar upload's field message). */
function tooLarge(c: Context<AppEnv>, close: boolean, refusal?: () => ApiError) {
  const headers: Record<string, string> = close ? { Connection: 'close' } : {}
  const err = refusal?.()
  if (!err) return c.json({ message: translate(c.var.locale, 'error.body_too_large') }, 413, headers)
  const body = { message: translate(c.var.locale, err.key, err.opts.params), inputError: err.opts.inputError }
  return c.json(body, err.status, headers)
}

function join(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

export const bodyLimit = (maxBytes: number, opts: { tooLarge?: () => ApiError } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const body = c.req.raw.body
    if (!body) return next()
    const declared = c.req.header('content-length')
    const chunked = c.req.raw.headers.has('transfer-encoding')
    if (declared !== undefined && !chunked && Number(declared) > maxBytes * DRAIN_FACTOR) return tooLarge(c, true, opts.tooLarge)

    const reader = body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size <= maxBytes) chunks.push(value)
      else if (size > maxBytes * DRAIN_FACTOR) {
        await reader.cancel().catch(() => {})
        return tooLarge(c, true, opts.tooLarge)
      }
    }
    if (size > maxBytes) return tooLarge(c, false, opts.tooLarge)
    // The body was read here: later handlers read this copy.
    c.req.raw = new Request(c.req.raw, { body: join(chunks, size) })
    return next()
  })
