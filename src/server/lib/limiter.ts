// Bounded concurrency with a bounded first-come-first-served queue, refusing early what cannot be
// served soon. One idea, two users: admission control for /api
// (middleware/admission.ts) and the password derivations (lib/crypto.ts). A refusal is an
// `Overloaded` carrying how long to wait before trying again; the caller picks the status (503 for
// the API as a whole, 429 for sign-ins).
import { AsyncLocalStorage } from 'node:async_hooks'

export class Overloaded extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super('overloaded')
  }
}

export interface LimiterOptions {
  /** At most this many hold a turn at once. */
  concurrency: number
  /** At most this many wait for a turn; one more is refused at once. */
  queue: number
  /**
   * A waiter that has not had its turn after this long is refused, and one whose expected wait is
   * already longer is refused on arrival. Unset: waiters wait as long as the queue takes.
   */
  maxWaitMs?: number
}

interface Waiter {
  start: () => void
  timer?: ReturnType<typeof setTimeout>
}

export class Limiter {
  private running = 0
  private readonly waiting: Waiter[] = []
  /** Moving average of how long a turn lasts, in ms; 0 until the first turn ends. */
  private turnMs = 0

  constructor(readonly options: LimiterOptions) {
    if (options.concurrency < 1) throw new RangeError('concurrency must be at least 1')
  }

  get active() {
    return this.running
  }

  get queued() {
    return this.waiting.length
  }

  /** Runs `fn` in a turn, releasing the turn however it ends. Throws Overloaded when refused. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire()
    const started = performance.now()
    try {
      return await fn()
    } finally {
      this.release(performance.now() - started)
    }
  }

  /**
   * Like run(), for a turn that `fn` may hand back while it waits on something that needs neither
   * this thread nor the database (stepAside): a sign-in waiting for its password derivation must
   * not keep others from their turn. Throws Overloaded when refused.
   */
  async hold<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal)
    const turn: Turn = { limiter: this, since: performance.now() }
    try {
      return await held.run(turn, fn)
    } finally {
      if (turn.since !== null) this.release(performance.now() - turn.since)
    }
  }

  /**
   * Waits for a turn; every acquire that resolves must be matched by one release(). Rejects with
   * Overloaded when refused, or with the signal's reason when it aborts first (the caller left).
   */
  acquire(signal?: AbortSignal): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.running++
      // The turn starts on a later turn of the event loop, never in the caller's callback. With
      // PGlite a request's queries resolve without real I/O: started at once, a request ran to its
      // end inside the callback that read it, so the turn was free again before the next socket was
      // read, nothing ever queued, and one poll phase ran every ready request back to back (200
      // connections: the loop turned once in 1–5 s; no timer, no accept, no 503 in between; answers
      // past 30 s). Deferred, the requests read in one phase beyond `concurrency` wait in the
      // queue, where the wait bound applies.
      return new Promise((resolve) => setImmediate(resolve))
    }
    if (this.wouldRefuse()) return Promise.reject(new Overloaded(this.retryAfterSeconds()))
    const { maxWaitMs } = this.options
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => leave(signal!.reason)
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      const leave = (err: Error) => {
        const at = this.waiting.indexOf(waiter)
        if (at === -1) return
        this.waiting.splice(at, 1)
        clearTimeout(waiter.timer)
        signal?.removeEventListener('abort', onAbort)
        reject(err)
      }
      if (maxWaitMs !== undefined)
        waiter.timer = setTimeout(() => leave(new Overloaded(this.retryAfterSeconds())), maxWaitMs)
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(waiter)
    })
  }

  /** Ends a turn (`heldMs`: how long it lasted, for the wait estimates) and starts the next waiter. */
  release(heldMs?: number) {
    if (heldMs !== undefined) this.turnMs = this.turnMs === 0 ? heldMs : 0.8 * this.turnMs + 0.2 * heldMs
    const next = this.waiting.shift()
    if (!next) {
      this.running--
      return
    }
    clearTimeout(next.timer)
    // The next waiter starts on the event loop's next turn, not in this microtask checkpoint.
    // With PGlite every query resolves without real I/O, so handing over synchronously let one
    // finished request run the whole queue, request after request, without the loop ever
    // accepting a connection, reading a request or firing a wait timer in between (measured: the
    // loop blocked 1–2 s at a time, new connections unanswered for 15 s).
    setImmediate(next.start)
  }

  /** Whether an acquire() now would be refused: no free turn and no room (or time) to wait. */
  wouldRefuse() {
    if (this.running < this.options.concurrency && this.waiting.length === 0) return false
    const { queue, maxWaitMs } = this.options
    const position = this.waiting.length + 1
    return this.waiting.length >= queue || (maxWaitMs !== undefined && this.expectedWaitMs(position) > maxWaitMs)
  }

  /** Takes a turn back ahead of every waiter, never refused: what was admitted gets to finish. */
  reenter(): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.running++
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => this.waiting.unshift({ start: resolve }))
  }

  /** Turns free up `concurrency` at a time, one turn length apart (Little's law). */
  private expectedWaitMs(position: number) {
    return (position * this.turnMs) / this.options.concurrency
  }

  /** Long enough for everything running and waiting now to finish; at least 1 s. */
  retryAfterSeconds() {
    return Math.max(1, Math.ceil(this.expectedWaitMs(this.running + this.waiting.length) / 1000))
  }
}

interface Turn {
  limiter: Limiter
  /** When the turn was (re)taken; null while stepped aside. */
  since: number | null
}

const held = new AsyncLocalStorage<Turn>()

/**
 * Runs `fn` without the turn the current request holds (if any), taking it back afterwards ahead
 * of the queue. For waits that use neither this thread nor the database, e.g. scrypt on the
 * threadpool (lib/crypto.ts).
 */
export async function stepAside<T>(fn: () => Promise<T>): Promise<T> {
  const turn = held.getStore()
  if (!turn || turn.since === null) return fn()
  turn.limiter.release(performance.now() - turn.since)
  turn.since = null
  try {
    return await fn()
  } finally {
    await turn.limiter.reenter()
    turn.since = performance.now()
  }
}
