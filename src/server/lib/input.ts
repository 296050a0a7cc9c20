// Checks every request's input gets before anything else reads it (a NUL or a lone
// surrogate reached PostgreSQL and answered 500; a deeply nested body overflowed the stack of the
// recursive idempotency hash). Both walks are iterative, so no input can overflow them.

/**
 * How deep a JSON body may nest. The deepest real call (a batch: body → mutations → entry →
 * data → field) is 5 levels; event metadata gets room for a few more.
 */
export const MAX_JSON_DEPTH = 32

/** True when `value` nests arrays/objects more than `max` levels deep. */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth + 1 > max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}

// NUL, which PostgreSQL refuses in text and jsonb, and a surrogate half without its partner,
// which no UTF-8 can carry (jsonb refuses the escape; text would store U+FFFD instead).
const ILL_FORMED = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const isWellFormedText = (s: string) => !ILL_FORMED.test(s)

export type Path = readonly (string | number)[]

/**
 * The path to the first string (value or object key) that is not well-formed text, or null.
 * `skip` leaves out subtrees another check owns (a batch's per-mutation data).
 */
export function findIllFormedText(value: unknown, skip?: (path: Path) => boolean): Path | null {
  const stack: [unknown, Path][] = [[value, []]]
  while (stack.length) {
    const [v, path] = stack.pop()!
    if (skip?.(path)) continue
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) return path
      continue
    }
    if (v === null || typeof v !== 'object') continue
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]])
      continue
    }
    const entries = Object.entries(v)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!
      if (!isWellFormedText(k)) return [...path, k]
      stack.push([child, [...path, k]])
    }
  }
  return null
}

/** The field an error names for a path: its first object key (`title` for `title`, `metadata` for `metadata.x.y`). */
export function fieldOf(path: Path): string | undefined {
  return path.find((p): p is string => typeof p === 'string')
}
