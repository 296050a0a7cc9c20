// The folded texts of the /books search index (book-index.ts) in one string, each followed by a
// line break (folded text holds none, and no query word does), with what a keystroke needs to find
// them without reading them all:
// - for each letter and digit, a bit per text that holds it, so a one-letter word (the first
//   keystroke of every search, and the one that matches most books) is answered from one number
//   per book;
// - for each pair of characters, the texts that hold it, in order, so a two-letter word is
//   answered by one list and a longer word only looks, with the engine's string search, in the
//   texts that hold all of its pairs.
// On a phone-class CPU a keystroke's search went from reading every book's text (about 1 ms at
// 10,000 books) to a few lists.
//
// A text gets a slot number when it is added; a slot whose text is dropped stays, unused, until
// the owner lays the texts out again in a new block.

/** The slots holding one pair of characters, in slot order (each slot once). */
class Slots {
  list = new Int32Array(8)
  n = 0

  add(slot: number) {
    const { n } = this
    if (n > 0 && this.list[n - 1] === slot) return
    if (n === this.list.length) {
      const grown = new Int32Array(n * 2)
      grown.set(this.list)
      this.list = grown
    }
    this.list[n] = slot
    this.n = n + 1
  }
}

const SPACE = 32
/** Pairs of ASCII characters are kept in an array (most pairs of most texts); others in a map. */
const ASCII_PAIRS = 128 * 128

/** The bit of a one-character word in a text's letter mask or digit mask; 0 if it has none. */
function letterBit(code: number): number {
  return code >= 97 && code <= 122 ? 1 << (code - 97) : 0
}
function digitBit(code: number): number {
  return code >= 48 && code <= 57 ? 1 << (code - 48) : 0
}

export class TextBlock {
  private hay = ''
  /** starts[s]: where slot s begins; starts[size]: the string's length. */
  private starts: number[] = [0]
  private letters = new Uint32Array(1024)
  private digits = new Uint16Array(1024)
  private pairs: (Slots | undefined)[] = new Array(ASCII_PAIRS)
  private otherPairs = new Map<number, Slots>()
  private found = new Int32Array(0)

  /** Slots handed out, in use or dropped. */
  get size() {
    return this.starts.length - 1
  }

  /** Adds a folded text; answers its slot. */
  add(text: string): number {
    const slot = this.size
    this.hay += `${text}\n`
    this.starts.push(this.hay.length)
    if (slot === this.letters.length) {
      const letters = new Uint32Array(slot * 2)
      letters.set(this.letters)
      this.letters = letters
      const digits = new Uint16Array(slot * 2)
      digits.set(this.digits)
      this.digits = digits
    }
    let letters = 0
    let digits = 0
    let prev = SPACE
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      letters |= letterBit(code)
      digits |= digitBit(code)
      if (prev !== SPACE && code !== SPACE) this.pairOf(prev, code, true)!.add(slot)
      prev = code
    }
    this.letters[slot] = letters
    this.digits[slot] = digits
    return slot
  }

  /**
   * The slots whose text holds every word, in slot order. The answer is a view of a buffer the
   * next call reuses.
   */
  find(words: readonly string[]): Int32Array {
    if (this.found.length < this.size) this.found = new Int32Array(Math.ceil(this.size * 1.25) + 16)
    const out = this.found
    // The longest word first: it usually has the fewest texts.
    const [first, ...rest] = [...words].sort((a, b) => b.length - a.length)
    if (first === undefined) return out.subarray(0, 0)
    let n = this.start(first, out)
    for (const word of rest) {
      if (n === 0) break
      n = this.narrow(word, out, n)
    }
    return out.subarray(0, n)
  }

  /** Puts the slots holding `word` in `out`; answers how many. */
  private start(word: string, out: Int32Array): number {
    // The candidates: every slot for one character, else those of the word's rarest pair.
    let n = 0
    if (word.length === 1) for (n = 0; n < this.size; n++) out[n] = n
    else {
      const rarest = this.pairsOf(word)?.[0]
      if (!rarest) return 0
      out.set(rarest.list.subarray(0, rarest.n))
      n = rarest.n
    }
    return this.narrow(word, out, n)
  }

  /** Keeps, of the `n` slots in `out`, those holding `word`; answers how many. */
  private narrow(word: string, out: Int32Array, n: number): number {
    if (word.length === 1) {
      const code = word.charCodeAt(0)
      const letter = letterBit(code)
      const digit = digitBit(code)
      let kept = 0
      // (One loop per kind of array: the engine compiles each for its element type.)
      if (letter) {
        const { letters } = this
        for (let i = 0; i < n; i++) if (letters[out[i]!]! & letter) out[kept++] = out[i]!
      } else if (digit) {
        const { digits } = this
        for (let i = 0; i < n; i++) if (digits[out[i]!]! & digit) out[kept++] = out[i]!
      } else kept = this.verify(word, out, n)
      return kept
    }
    const lists = this.pairsOf(word)
    if (!lists) return 0
    for (const list of lists) n = intersect(out, n, list)
    return word.length > 2 ? this.verify(word, out, n) : n
  }

  /** Keeps, of the `n` slots in `out`, those whose text holds `word` (read in the string). */
  private verify(word: string, out: Int32Array, n: number): number {
    const { hay, starts } = this
    let kept = 0
    let i = 0
    while (i < n) {
      // The first place at or after this slot's start: a slot ending before it does not hold it.
      const at = hay.indexOf(word, starts[out[i]!])
      if (at < 0) break
      while (i < n && starts[out[i]! + 1]! <= at) i++
      if (i < n && starts[out[i]!]! <= at) out[kept++] = out[i++]!
    }
    return kept
  }

  /** The slot lists of each distinct pair in `word`, smallest first; null if a pair is in no text. */
  private pairsOf(word: string): Slots[] | null {
    const lists: Slots[] = []
    for (let i = 1; i < word.length; i++) {
      const list = this.pairOf(word.charCodeAt(i - 1), word.charCodeAt(i), false)
      if (!list) return null
      if (!lists.includes(list)) lists.push(list)
    }
    return lists.sort((a, b) => a.n - b.n)
  }

  private pairOf(a: number, b: number, make: boolean): Slots | undefined {
    if (a < 128 && b < 128) {
      const key = a * 128 + b
      let list = this.pairs[key]
      if (!list && make) this.pairs[key] = list = new Slots()
      return list
    }
    const key = a * 65536 + b
    let list = this.otherPairs.get(key)
    if (!list && make) this.otherPairs.set(key, (list = new Slots()))
    return list
  }
}

/** Keeps, of the `n` sorted slots in `out`, those also in `list` (sorted); answers how many. */
function intersect(out: Int32Array, n: number, { list, n: m }: Slots): number {
  let kept = 0
  if (m > n * 8) {
    // A long list: each slot is looked up in it.
    let lo = 0
    for (let i = 0; i < n; i++) {
      const slot = out[i]!
      let hi = m
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (list[mid]! < slot) lo = mid + 1
        else hi = mid
      }
      if (lo < m && list[lo] === slot) out[kept++] = slot
    }
    return kept
  }
  let j = 0
  for (let i = 0; i < n; i++) {
    const slot = out[i]!
    while (j < m && list[j]! < slot) j++
    if (j < m && list[j] === slot) out[kept++] = slot
  }
  return kept
}
