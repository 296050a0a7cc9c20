import { serve, type ServerType } from '@hono/node-server'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { keyOwner, makeKey } from './api-keys-kit'
import { startTestServer, type TestServer } from './harness'

// The README's "Use the API" example, run as written with the real curl against
// the API listening on a port, with TBR_URL and TBR_KEY set as the README says.

let s: TestServer
let server: ServerType
let url: string
beforeAll(async () => {
  s = await startTestServer()
  server = await new Promise<ServerType>((resolve) => {
    const srv = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await s.close()
})

function readmeExample(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = readme.split(/^## /m).find((part) => part.startsWith('Use the API'))
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1]
  if (!block) throw new Error('README has no sh block under "## Use the API"')
  return block
}

test('the README example adds a book with a key and lists it; run twice, the book is added once', async () => {
  const owner = await keyOwner(s)
  const key = await makeKey(s, owner, ['books.read', 'books.write'])
  const run = () =>
    promisify(execFile)('bash', ['-euo', 'pipefail', '-c', readmeExample()], {
      env: { PATH: process.env.PATH, TBR_URL: url, TBR_KEY: key.full_key },
    })
  const { stdout } = await run()
  // Two JSON answers, one after the other: the created book, then the list.
  const [created, list] = stdout
    .replace(/}\s*{/, '}\n{')
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(created.data).toMatchObject({ title: 'Piranesi', author: 'Susanna Clarke' })
  expect(list.data.map((b: { title: string }) => b.title)).toEqual(['Piranesi'])
  const again = await run()
  expect(again.stdout).toContain(created.data.id)
  const books = await s.api('GET', '/api/books', { token: owner.token })
  expect(books.body.data).toHaveLength(1)
})
