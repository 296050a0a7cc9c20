import { afterAll, beforeAll, expect, test } from 'vitest'
import { holdDatabase, untilTurnsTaken } from './busy'
import { startTestServer, type TestServer } from './harness'

// Admission control (decision 26): at most API_CONCURRENCY requests in progress, API_QUEUE waiting at most
// API_QUEUE_WAIT_MS; the rest are answered 503 + Retry-After at once (middleware/admission.ts).

let s: TestServer
let token: string
beforeAll(async () => {
  s = await startTestServer({ API_CONCURRENCY: '1', API_QUEUE: '1', API_QUEUE_WAIT_MS: '300' })
  token = (await s.signUp({ verify: false, plan: null })).token
})
afterAll(() => s.close())

type Answer = Awaited<ReturnType<TestServer['api']>>

function expectShed(res: Answer, message: string) {
  expect(res.status).toBe(503)
  const retry = Number(res.headers.get('retry-after'))
  expect(Number.isInteger(retry) && retry >= 1, `Retry-After ${res.headers.get('retry-after')}`).toBe(true)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(res.body).toEqual({ message })
}

test('a full server answers 503 + Retry-After at once, in the caller’s language; the admitted request completes', async () => {
  const release = await holdDatabase(s)
  const admitted = s.api('GET', '/api/books', { token })
  await untilTurnsTaken(s)
  // The queue has room for one: it waits its 300 ms and is refused; the next one is refused at once.
  const waiter = s.api('GET', '/api/books', { token })
  const refused = await s.api('GET', '/api/books', { token, lang: 'es' })
  expectShed(refused, 'El servicio está muy ocupado ahora. Inténtalo de nuevo en unos segundos.')
  expectShed(await waiter, 'The service is busy right now. Please try again in a few seconds.')
  await release()
  expect((await admitted).status).toBe(200)
  // Nothing is left holding a turn.
  expect((await s.api('GET', '/api/books', { token })).status).toBe(200)
})

test('a request still uploading its body holds no turn', async () => {
  let finish!: () => void
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"title":"Slow '))
      finish = () => {
        controller.enqueue(new TextEncoder().encode('upload"}'))
        controller.close()
      }
    },
  })
  const length = String(new TextEncoder().encode('{"title":"Slow upload"}').length)
  const upload = s.app.request('/api/books', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': length },
    body,
    duplex: 'half',
  } as RequestInit)
  // With one turn and one queue place, these could not all be answered if the upload held the turn.
  for (let i = 0; i < 3; i++) expect((await s.api('GET', '/api/books', { token })).status).toBe(200)
  finish()
  const res = await upload
  expect(res.status).toBe(201)
  expect((await res.json()).data.title).toBe('Slow upload')
})
