import { afterEach, describe, expect, test, vi } from 'vitest'
import { Limiter, Overloaded, stepAside } from '~/server/lib/limiter'

// The limiter behind admission control and the password derivations (decisions 26, 27).

function deferred<T = void>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

/** Lets the event loop turn a few times: a freed turn passes to the next waiter on the next turn. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r))
}

afterEach(() => vi.useRealTimers())

describe('Limiter', () => {
  test('a free turn starts on a later turn of the event loop, so work that never awaits real I/O cannot run every ready request inside one callback', async () => {
    // With PGlite a request's queries resolve in microtasks: started at once, each request ran to
    // its end inside the socket callback that read it, the turn was free again for the next
    // socket, nothing ever queued, and the loop turned once in seconds under load (no timers, no
    // accepts, no 503s). The turn must start after the callback's microtasks, not inside them.
    const limiter = new Limiter({ concurrency: 1, queue: 10, maxWaitMs: 1000 })
    const ran: string[] = []
    void limiter.run(async () => void ran.push('first'))
    for (let i = 0; i < 100; i++) await Promise.resolve()
    expect(ran).toEqual([])
    // A second request read in the same poll phase finds the turn taken and waits in the queue,
    // where the wait bound applies.
    void limiter.run(async () => void ran.push('second'))
    expect(limiter.queued).toBe(1)
    await settle()
    expect(ran).toEqual(['first', 'second'])
  })

  test('runs at most `concurrency` at once and starts waiters in arrival order', async () => {
    const limiter = new Limiter({ concurrency: 2, queue: 10 })
    const started: number[] = []
    const gates = Array.from({ length: 5 }, () => deferred())
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i)
        await g.promise
        return i
      }),
    )
    await settle()
    expect(started).toEqual([0, 1])
    expect([limiter.active, limiter.queued]).toEqual([2, 3])
    gates[1]!.resolve()
    await settle()
    expect(started).toEqual([0, 1, 2])
    gates[0]!.resolve()
    gates[2]!.resolve()
    await settle()
    expect(started).toEqual([0, 1, 2, 3, 4])
    gates[3]!.resolve()
    gates[4]!.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4])
    expect([limiter.active, limiter.queued]).toEqual([0, 0])
  })

  test('a freed turn passes on at the next turn of the event loop, so I/O is served between queued runs', async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 5 })
    const order: string[] = []
    const gate = deferred()
    const runs = [
      limiter.run(async () => {
        await gate.promise
        order.push('a')
      }),
      limiter.run(async () => void order.push('b')),
      limiter.run(async () => void order.push('c')),
    ]
    gate.resolve()
    setImmediate(() => order.push('I/O'))
    await Promise.all(runs)
    // Handed over within one microtask checkpoint, it would be a, b, c, then the I/O.
    expect(order).toEqual(['a', 'I/O', 'b', 'c'])
  })

  test('refuses at once beyond the queue bound, saying when to come back', async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 2 })
    const gate = deferred()
    const admitted = [0, 1, 2].map(() => limiter.run(() => gate.promise))
    const refused = limiter.run(async () => 'never')
    await expect(refused).rejects.toBeInstanceOf(Overloaded)
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 })
    expect(limiter.queued).toBe(2)
    gate.resolve()
    await Promise.all(admitted)
    // Room again once the queue drained.
    expect(await limiter.run(async () => 'ok')).toBe('ok')
  })

  test('a turn that throws is released and the next waiter starts', async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 1 })
    const gate = deferred()
    const failing = limiter.run(async () => {
      await gate.promise
      throw new Error('derivation failed')
    })
    const next = limiter.run(async () => 'next ran')
    gate.resolve()
    await expect(failing).rejects.toThrow('derivation failed')
    await settle()
    expect(limiter.queued).toBe(0) // the waiter has the turn
    expect(await next).toBe('next ran')
    expect(limiter.active).toBe(0)
  })

  test('a waiter not started within maxWaitMs is refused; one expected to wait longer is refused on arrival', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const limiter = new Limiter({ concurrency: 1, queue: 10, maxWaitMs: 1000 })
    // One turn of 400 ms teaches the limiter how long turns last.
    const first = limiter.run(() => new Promise((r) => setTimeout(r, 400)))
    await vi.advanceTimersByTimeAsync(400)
    await first
    const gate = deferred()
    const holder = limiter.run(() => gate.promise)
    const second = limiter.acquire() // expected wait 400 ms: queued
    const third = limiter.acquire() // 800 ms: queued
    const fourth = limiter.acquire() // 1200 ms > 1000: refused now
    await expect(fourth).rejects.toBeInstanceOf(Overloaded)
    expect(limiter.queued).toBe(2)
    second.catch(() => {})
    third.catch(() => {})
    await vi.advanceTimersByTimeAsync(1000)
    await expect(second).rejects.toBeInstanceOf(Overloaded)
    await expect(third).rejects.toBeInstanceOf(Overloaded)
    expect(limiter.queued).toBe(0)
    gate.resolve()
    await holder
    expect(limiter.active).toBe(0)
  })

  test('a waiter whose caller left is dropped from the queue', async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 5 })
    const gate = deferred()
    const holder = limiter.run(() => gate.promise)
    const left = new AbortController()
    const waiting = limiter.acquire(left.signal)
    const after = limiter.run(async () => 'after')
    left.abort(new Error('client gone'))
    await expect(waiting).rejects.toThrow('client gone')
    expect(limiter.queued).toBe(1)
    gate.resolve()
    await holder
    expect(await after).toBe('after')
  })
})

describe('stepAside', () => {
  test('hands the held turn to a waiter and takes it back ahead of the queue', async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 5 })
    const order: string[] = []
    const derivation = deferred()
    const signIn = limiter.hold(async () => {
      order.push('sign-in starts')
      await stepAside(() => derivation.promise)
      order.push('sign-in resumes')
    })
    await settle()
    const reads = [1, 2].map((i) => limiter.hold(async () => void order.push(`read ${i}`)))
    await settle()
    // Both reads ran while the sign-in waited on its derivation.
    expect(order).toEqual(['sign-in starts', 'read 1', 'read 2'])
    const gate = deferred()
    const busy = limiter.hold(() => gate.promise)
    const queued = limiter.hold(async () => void order.push('queued read'))
    derivation.resolve()
    await settle()
    expect(limiter.queued).toBe(2) // the sign-in waits at the head, the read behind it
    gate.resolve()
    await Promise.all([signIn, busy, queued, ...reads])
    expect(order.slice(3)).toEqual(['sign-in resumes', 'queued read'])
    expect(limiter.active).toBe(0)
  })

  test('outside a held turn it just runs', async () => {
    expect(await stepAside(async () => 42)).toBe(42)
  })
})
