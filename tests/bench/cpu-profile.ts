// Reading the CPU profiles of Chromium's DevTools protocol (Profiler.*), for the hand-run
// diagnostics that print where JavaScript time goes.

export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
    children?: number[]
  }[]
  samples: number[]
  timeDeltas: number[]
}

/** V8's own entries: time outside any function. They have self time only. */
export const V8_ENTRIES = ['(root)', '(idle)', '(program)', '(garbage collector)']

/**
 * Self and total ms per function (`name file:line:column`) summed over `profiles`; a function
 * counts once per sample however often it is on the stack.
 */
export function functionTimes(profiles: CpuProfile[]) {
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms)
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]))
    const parent = new Map<number, number>()
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
    const name = (id: number) => {
      const f = byId.get(id)!.callFrame
      if (V8_ENTRIES.includes(f.functionName)) return f.functionName
      return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`
    }
    // A sample's time runs until the next one.
    p.samples.forEach((leaf, i) => {
      const ms = (p.timeDeltas[i + 1] ?? 0) / 1000
      add(self, name(leaf), ms)
      const seen = new Set<string>()
      for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
        const k = name(id)
        if (V8_ENTRIES.includes(k) && id !== leaf) continue
        if (seen.has(k)) continue
        seen.add(k)
        add(total, k, ms)
      }
    })
  }
  return { self, total }
}

/** The `n` largest entries, as "ms  function" lines, each divided by `per`. */
export function topLines(m: Map<string, number>, n: number, per = 1, digits = 1) {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / per).toFixed(digits).padStart(9)} ms  ${k}`)
}
