// A seeded generator for randomized tests (sync schedules, the API fuzz): the seed replays a run.

/** mulberry32: small, fast, good enough to drive schedules; the seed replays a run. */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    /** A UUID v4 drawn from this generator, so ids replay with the seed too. */
    uuid: () => {
      const h = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
      h[12] = '4'
      h[16] = ((parseInt(h[16]!, 16) & 3) | 8).toString(16)
      const s = h.join('')
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
    },
  }
}
export type Rng = ReturnType<typeof prng>
