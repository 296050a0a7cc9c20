import { expect, test } from 'vitest'
import { TextBlock } from '~/client/sync/text-block'

// The search index's one-string store of folded texts: what it finds must be exactly the texts
// that hold every word, whatever the words, their order and the texts dropped.

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let x = seed
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31
    return x / 2 ** 31
  }
}

// Letters, digits, other characters (one-character words of each kind take another way), pairs
// repeated within a text, and spaces.
const SYLLABLES = ['ri', 'ver', 'a', 'na', 'gar', 'ci', 'lo', 've', 'la', 'ce', 'ñ', 'é', '1', '12', ' ', '-', 'ø', 'riri', 'zz']

test('finds exactly the slots whose text holds every word, never across two texts', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed)
    const pick = () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]!
    const block = new TextBlock()
    const texts: string[] = []
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 10) }, pick).join('').trim().replace(/ +/g, ' ')
      expect(block.add(text)).toBe(i)
      texts.push(text)
    }
    for (let q = 0; q < 30; q++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick() + (next() < 0.5 ? pick() : ''))
        .map((w) => w.trim())
        .filter(Boolean)
      if (words.length === 0) continue // the index answers an empty query without the block
      const want = texts.flatMap((t, slot) => (words.every((w) => t.includes(w)) ? [slot] : []))
      expect([...block.find(words)], `seed ${seed}: ${JSON.stringify(words)}`).toEqual(want)
    }
  }
})

test('a word spanning the end of one text and the start of the next is not found', () => {
  const block = new TextBlock()
  block.add('dun')
  block.add('e messiah')
  block.add('dune')
  expect([...block.find(['dune'])]).toEqual([2])
  expect([...block.find(['messiah', 'e'])]).toEqual([1])
  expect([...block.find(['e'])]).toEqual([1, 2])
  expect([...block.find(['ne'])]).toEqual([2])
  expect([...block.find(['x'])]).toEqual([])
})
