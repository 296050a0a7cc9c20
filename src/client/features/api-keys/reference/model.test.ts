import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { curlFor, exampleOf, fieldsOf, operationsByTag, type OpenApiDocument } from './model'

// The reference page's reading of an OpenAPI document: fields with their rules,
// answer examples that fit the schema, and curl calls a shell accepts.

const book = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 300 },
    rating: { anyOf: [{ type: 'integer', minimum: 1, maximum: 5 }, { type: 'null' }] },
    source: { enum: ['hand', 'link'], type: 'string' },
    account_id: {},
    created_at: { type: 'string', readOnly: true },
  },
  required: ['title'],
}

describe('fieldsOf', () => {
  test('names, types, required, nullable and rules; fields without a shape or read-only are left out', () => {
    expect(fieldsOf(book)).toEqual([
      { name: 'title', type: 'string', required: true, nullable: false, rules: [{ kind: 'length', min: 1, max: 300 }] },
      { name: 'rating', type: 'integer', required: false, nullable: true, rules: [{ kind: 'range', min: 1, max: 5 }] },
      {
        name: 'source',
        type: 'string',
        required: false,
        nullable: false,
        rules: [{ kind: 'one_of', values: ['hand', 'link'] }],
      },
    ])
  })
})

test('exampleOf fills a schema with values of its types (enums, nulls skipped, nested arrays)', () => {
  const answer = { type: 'object', properties: { data: { type: 'array', items: book }, cursor: { type: 'string' } } }
  expect(exampleOf(answer)).toEqual({
    data: [{ title: 'Piranesi', rating: 4, source: 'hand' }],
    cursor: '1042',
  })
})

test('curlFor: the method, the address with sample path values, the key, and a JSON body a shell accepts', () => {
  const curl = curlFor('post', '/api/books/{id}', 'http://localhost:3000', true, [], {
    type: 'object',
    properties: { title: { type: 'string' }, review: { type: 'string' } },
  })
  expect(curl).toContain(`curl -X POST 'http://localhost:3000/api/books/0b6f4b8e-5d1a-4c7e-9f3a-2e8d7c6b5a41'`)
  expect(curl).toContain('-H "Authorization: Bearer $TBR_KEY"')
  // The shell's own reading of the command: the body arrives as one JSON argument.
  const args = execFileSync('sh', ['-c', `set -- ${curl.slice('curl '.length)}; for a; do printf '%s\\n' "$a"; done`], {
    env: { TBR_KEY: 'tbr_x' },
  })
    .toString()
    .trim()
    .split('\n')
  expect(JSON.parse(args.at(-1)!)).toEqual({ title: 'Piranesi' })
  expect(args).toContain('Authorization: Bearer tbr_x')
  expect(curlFor('get', '/api/key', 'http://h', false, [], undefined)).toBe(
    `curl 'http://h/api/key' \\\n  -H "Authorization: Bearer $TBR_TOKEN"`,
  )
})

test('operationsByTag groups calls by tag, reads the scope and drops the repeated scope sentence', () => {
  const doc: OpenApiDocument = {
    info: { title: 'T', version: '1' },
    paths: {
      '/api/books': {
        get: {
          summary: 'List books',
          description: 'All of them.\n\nAn API key needs the `books.read` scope.',
          tags: ['Books'],
          'x-scope': 'books.read',
          responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/api/key': { post: { summary: 'Create a key', tags: ['API keys'], responses: { '200': {} } } },
    },
  }
  const groups = operationsByTag(doc, 'http://h')
  expect(groups.map(([tag, ops]) => [tag, ops.map((o) => `${o.method} ${o.path} ${o.scope}`)])).toEqual([
    ['Books', ['GET /api/books books.read']],
    ['API keys', ['POST /api/key null']],
  ])
  expect(groups[0]![1][0]!.description).toBe('All of them.')
  expect(groups[0]![1][0]!.id).toBe('get-api-books')
})
