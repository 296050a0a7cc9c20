// Shared by public.bench.ts and books.bench.ts: a fetch-based load loop against a real server
// listening on 127.0.0.1 (port 0), the table they print, and which databases to run on.
// The load generator runs in the bench's own process, so it shares the CPU with the server:
// compare ratios more than absolute figures. p50/p99 are what the client saw (including waiting
// in front of a saturated server); "app" columns are the time inside the app's handler alone.
import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { startTestServer } from '../integration/harness'

export const CONNECTIONS = 50
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
export const WARMUP_SECONDS = 1

export interface Result {
  name: string
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
  bytes: number
  /** Time inside the app's fetch handler (no socket, no queueing in front of it). */
  appP50: number
  appP99: number
}

/** Handler times of the server under test, reset at the start of each measured run. */
let appTimes: number[] = []

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** CONNECTIONS workers each looping request → full body until the deadline; non-200 is an error. */
export async function load(
  name: string,
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Result> {
  const latencies: number[] = []
  appTimes = []
  let errors = 0
  let bytes = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
        const body = await res.arrayBuffer()
        bytes = body.byteLength
        if (res.status !== 200) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const app = [...appTimes].sort((a, b) => a - b)
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    errors,
    bytes,
    appP50: pct(app, 50),
    appP99: pct(app, 99),
  }
}

/** Warms up for WARMUP_SECONDS, then measures for SECONDS. */
export async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  await load(`${name} warm-up`, url, WARMUP_SECONDS, headers)
  return load(name, url, SECONDS, headers)
}

export async function listen(
  fetchHandler: (req: Request, env?: unknown) => Response | Promise<Response>,
): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    // The adapter's bindings (`env`: the Node request and response) go through as in production
    // (index.ts serves app.fetch itself): the app reads the client's address from them.
    const timed = async (req: Request, env: unknown) => {
      const t0 = performance.now()
      const res = await fetchHandler(req, env)
      appTimes.push(performance.now() - t0)
      return res
    }
    const server = serve({ fetch: timed, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            ;(server as Server).closeAllConnections?.()
            server.close(() => done())
          }),
      })
    })
  })
}

/**
 * The databases to run on: in-memory PGlite, and PostgreSQL when BENCH_DATABASE_URL (or, failing
 * that, TEST_DATABASE_URL) names a loopback server; each run gets a fresh database on it.
 */
export function databases(): { label: string; url?: string }[] {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (pgUrl && !/^postgres(ql)?:\/\/([^@/]*@)?(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(pgUrl)) {
    console.error('BENCH_DATABASE_URL / TEST_DATABASE_URL must name a loopback server for this benchmark')
    process.exit(1)
  }
  return [{ label: 'PGlite (in-memory)' }, ...(pgUrl ? [{ label: 'PostgreSQL', url: pgUrl }] : [])]
}

/** A test server (the real app, in this process) on a fresh database: PGlite, or PostgreSQL at `url`. */
export async function startOn(url: string | undefined) {
  const saved = process.env.TEST_DATABASE_URL
  if (url === undefined) delete process.env.TEST_DATABASE_URL
  else process.env.TEST_DATABASE_URL = url
  try {
    return await startTestServer()
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL
    else process.env.TEST_DATABASE_URL = saved
  }
}

/** Prints the results, each with its ratio to `baselineOf(result)`. */
export function printTable(results: Result[], baselineOf: (r: Result) => Result, baselineLabel: string) {
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.appP50.toFixed(1),
    r.appP99.toFixed(1),
    String(r.requests),
    String(r.errors),
    `${(r.bytes / 1024).toFixed(1)} KiB`,
    `${(r.rps / baselineOf(r).rps).toFixed(2)}×`,
  ])
  const head = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'app p50',
    'app p99',
    'requests',
    'errors',
    'body',
    baselineLabel,
  ]
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log()
  console.log(line(head))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const r of rows) console.log(line(r))
  console.log()
}
