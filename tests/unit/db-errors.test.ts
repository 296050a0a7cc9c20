import { describe, expect, test } from 'vitest'
import { isConnectionError } from '~/server/db/errors'

// PostgreSQL going away (decision 18): every error shape seen while PostgreSQL restarts answers
// 503 (app.ts), and nothing else does. The shapes are pg's and Node's as they arrive, alone or
// wrapped by Drizzle (DrizzleQueryError keeps the driver's error as `cause`).

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
const wrapped = (cause: Error) => new Error('Failed query: insert into "books" …\nparams: …', { cause })

describe('isConnectionError', () => {
  test.each([
    [
      '57P01 administrator shutdown (pg_ctl stop -m fast)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    [
      '57P02 crash shutdown (another backend crashed)',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['57P03 starting up or shutting down', withCode('the database system is starting up', '57P03')],
    ['08006 connection failure', withCode('connection failure', '08006')],
    ['53300 too many connections', withCode('sorry, too many clients already', '53300')],
    ['ECONNREFUSED (server down)', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['ECONNRESET', withCode('read ECONNRESET', 'ECONNRESET')],
    ['EPIPE', withCode('write EPIPE', 'EPIPE')],
    ['the connection closed under a query', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('Connection terminated due to connection timeout')],
    ['waiting for a pool connection timed out', new Error('timeout exceeded when trying to connect')],
    ['a client known broken', new Error('Client has encountered a connection error and is not queryable')],
    ['a closed client', new Error('Client was closed and is not queryable')],
    ['a closed pool (shutting down)', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', new Error('PGlite is closed')],
    [
      'localhost: one refusal per address',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
  ])('%s is a connection error, alone and wrapped by Drizzle', (_, err) => {
    expect(isConnectionError(err)).toBe(true)
    expect(isConnectionError(wrapped(err))).toBe(true)
  })

  test.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['division by zero', withCode('division by zero', '22012')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is not', (_, err) => {
    expect(isConnectionError(err)).toBe(false)
    expect(isConnectionError(wrapped(err))).toBe(false)
  })

  test('odd values are not', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', 42, { code: 57 }])
      expect(isConnectionError(value)).toBe(false)
  })
})
