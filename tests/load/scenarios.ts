// The three loads of `npm run load` (autocannon in this process, the server in its own): the public
// list, the owner's full list, and a read/write mix whose acknowledged writes are checked later.
import autocannon from 'autocannon'
import { randomUUID } from 'node:crypto'

export interface LoadOptions {
  seconds: number
  connections: number
  /** Seconds autocannon waits for an answer before counting a timeout. */
  timeoutSeconds: number
}

export interface Row {
  scenario: string
  database: string
  rps: number
  p50: number
  p99: number
  max: number
  requests: number
  /** Answers outside 2xx, by status. */
  byStatus: Record<string, number>
  /** Connection errors other than timeouts. */
  errors: number
  timeouts: number
  /** Writes answered 2xx, and how many of them a read afterwards did not find. */
  acknowledged?: number
  lost?: number
}

export interface Target {
  url: string
  reader: { token: string; slug: string }
  /** Accounts the mix writes to (not the reader's: its list stays at the seeded size). */
  writers: string[]
}

/** Share of requests of the mix that are writes. */
export const WRITE_SHARE = 0.2

type Request = { method: string; path: string; headers: Record<string, string>; body?: string }

async function fire(
  name: string,
  database: string,
  url: string,
  o: LoadOptions,
  request: Partial<Request> & {
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  },
): Promise<Row> {
  const result = await autocannon({
    url,
    connections: o.connections,
    duration: o.seconds,
    timeout: o.timeoutSeconds,
    requests: [request as never],
  })
  const byStatus: Record<string, number> = {}
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) byStatus[status] = Number(count)
  }
  return {
    scenario: name,
    database,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    byStatus,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  }
}

export function publicList(t: Target, database: string, o: LoadOptions) {
  return fire('public list', database, t.url, o, { method: 'GET', path: `/api/public/${t.reader.slug}` })
}

export function ownList(t: Target, database: string, o: LoadOptions) {
  return fire('GET /api/books', database, t.url, o, {
    method: 'GET',
    path: '/api/books',
    headers: { authorization: `Bearer ${t.reader.token}` },
  })
}

/**
 * 80% GET /api/books of the reader, 20% POST /api/books to one of the writers, each with a new
 * book id and Idempotency-Key. Answers the row and, per writer, the ids answered 2xx.
 */
export async function readWriteMix(t: Target, database: string, o: LoadOptions) {
  const acked = new Map<string, Set<string>>(t.writers.map((w) => [w, new Set()]))
  let n = 0
  const row = await fire('80% read / 20% write', database, t.url, o, {
    setupRequest: (req, context): Request => {
      if (Math.random() >= WRITE_SHARE) {
        context.write = null
        return { ...req, method: 'GET', path: '/api/books', headers: { authorization: `Bearer ${t.reader.token}` } }
      }
      const writer = t.writers[n++ % t.writers.length]!
      const id = randomUUID()
      context.write = { writer, id }
      return {
        ...req,
        method: 'POST',
        path: '/api/books',
        headers: {
          authorization: `Bearer ${writer}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ id, title: `Load book ${id.slice(0, 8)}`, rating: 3 }),
      }
    },
    onResponse: (status, _body, context) => {
      const write = context.write as { writer: string; id: string } | null
      if (write && status >= 200 && status < 300) acked.get(write.writer)!.add(write.id)
    },
  })
  return { row, acked }
}
