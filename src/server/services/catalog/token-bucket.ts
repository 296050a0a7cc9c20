/**
 * A token bucket: `capacity` calls at once, refilled at `perMs` tokens per millisecond. Bounds
 * the catalogue's upstream rate per process (services/catalog). `take` reserves a token and
 * answers how long to wait for it, or null (nothing reserved) when that wait would pass `maxWaitMs`.
 */
export class TokenBucket {
  private tokens: number
  private at: number

  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity
    this.at = now()
  }

  private refill() {
    const t = this.now()
    this.tokens = Math.min(this.capacity, this.tokens + (t - this.at) * this.perMs)
    this.at = t
  }

  take(maxWaitMs: number): number | null {
    this.refill()
    const wait = this.tokens >= 1 ? 0 : (1 - this.tokens) / this.perMs
    if (wait > maxWaitMs) return null
    this.tokens -= 1
    return Math.ceil(wait)
  }

  msUntilToken(): number {
    this.refill()
    return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.perMs
  }
}
