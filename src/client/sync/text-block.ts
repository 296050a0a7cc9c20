// The folded texts of the /books search index (book-index.ts) in one string, each followed by a
// line break (folded text holds none, and no query word does), so a keystroke's search reads one
// block of memory with the engine's own string search instead of visiting 10,000 objects and their
// strings: on a phone-class CPU those scattered reads, not the comparisons, were the cost.
//
// A text gets a slot number when it is added; a slot whose text is dropped stays in the string,
// unused, until the owner builds the block again (`clear` and add everything).

export class TextBlock {
  private hay = ''
  /** starts[s]: where slot s begins; starts[size]: the string's length. */
  private starts: number[] = [0]
  private found = new Int32Array(0)

  /** Slots handed out, in use or dropped. */
  get size() {
    return this.starts.length - 1
  }

  clear() {
    this.hay = ''
    this.starts = [0]
  }

  /** Adds a folded text; answers its slot. */
  add(text: string): number {
    this.hay += `${text}\n`
    this.starts.push(this.hay.length)
    return this.starts.length - 2
  }

  /**
   * The slots whose text holds every word, in slot order. The answer is a view of a buffer the
   * next call reuses.
   */
  find(words: readonly string[]): Int32Array {
    const { hay, starts } = this
    if (this.found.length < this.size) this.found = new Int32Array(Math.ceil(this.size * 1.25) + 16)
    const out = this.found
    // The longest word first: it usually has the fewest hits.
    const [first, ...rest] = [...words].sort((a, b) => b.length - a.length)
    if (first === undefined) return out.subarray(0, 0)
    let n = 0
    let s = 0
    // Each hit names its slot; the search goes on from the next slot's start.
    for (let at = hay.indexOf(first); at >= 0; at = hay.indexOf(first, starts[s + 1])) {
      while (starts[s + 1]! <= at) s++
      out[n++] = s
    }
    // Each further word keeps the slots it is found in, searching only from one kept slot on.
    for (const word of rest) {
      let kept = 0
      let c = 0
      while (c < n) {
        s = out[c]!
        const at = hay.indexOf(word, starts[s])
        if (at < 0) break
        while (starts[s + 1]! <= at) s++
        while (c < n && out[c]! < s) c++
        if (c < n && out[c] === s) {
          out[kept++] = s
          c++
        }
      }
      n = kept
      if (n === 0) break
    }
    return out.subarray(0, n)
  }
}
