import { startTestServer, type TestServer } from './harness'

// What the books call tests share: a server with two readers, Alice and Bob, each in an account
// of their own, and the calls a device makes for books.

export type Reader = Awaited<ReturnType<TestServer['signUp']>>

/** A fresh server with Alice and Bob signed up (the file closes `s` after its tests). */
export async function twoReaders(): Promise<{ s: TestServer; alice: Reader; bob: Reader }> {
  const s = await startTestServer()
  return { s, alice: await s.signUp({ name: 'Alice' }), bob: await s.signUp({ name: 'Bob' }) }
}

const keyed = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {})

/** The books calls on the server `server()` answers (read when called: it starts in beforeAll). */
export function bookCalls(server: () => TestServer) {
  return {
    post: (token: string, body: unknown, key?: string, lang?: string) =>
      server().api('POST', '/api/books', { token, body, lang, headers: keyed(key) }),
    patch: (token: string, id: string, body: unknown, key?: string) =>
      server().api('PATCH', `/api/books/${id}`, { token, body, headers: keyed(key) }),
    del: (token: string, id: string, key?: string) =>
      server().api('DELETE', `/api/books/${id}`, { token, headers: keyed(key) }),
    list: (token: string, since?: string | number) =>
      server().api('GET', `/api/books${since !== undefined ? `?since=${since}` : ''}`, { token }),
    batch: (token: string, mutations: unknown[]) =>
      server().api('POST', '/api/books/batch', { token, body: { mutations } }),
  }
}
