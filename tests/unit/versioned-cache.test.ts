import { describe, expect, test } from 'vitest'
import { VersionedCache } from '~/server/lib/versioned-cache'

// lib/versioned-cache.ts: the public list's and GET /api/books's cache (decision 45).

const entry = (version: number, value: string) => ({ version, value, bytes: value.length })

describe('VersionedCache', () => {
  test('answers a value only at the version it was read at', async () => {
    const cache = new VersionedCache<string>(1000)
    expect(cache.get('a', 1)).toBeUndefined()
    await cache.fill('a', 1, async () => entry(1, 'one'))
    expect(cache.get('a', 1)?.value).toBe('one')
    expect(cache.get('a', 2)).toBeUndefined()
    expect(cache.get('b', 1)).toBeUndefined()
  })

  test('a read finding a newer version keeps that one; a slower older read never replaces it', async () => {
    const cache = new VersionedCache<string>(1000)
    expect((await cache.fill('a', 1, async () => entry(3, 'three')))?.version).toBe(3)
    expect(cache.get('a', 3)?.value).toBe('three')
    expect((await cache.fill('a', 2, async () => entry(2, 'two')))?.value).toBe('three')
    expect(cache.get('a', 3)?.value).toBe('three')
  })

  test('concurrent fills of one version share one read; a read finding nothing keeps nothing', async () => {
    const cache = new VersionedCache<string>(1000)
    let reads = 0
    const read = async () => {
      reads++
      await new Promise((resolve) => setImmediate(resolve))
      return entry(1, 'one')
    }
    const answers = await Promise.all([cache.fill('a', 1, read), cache.fill('a', 1, read), cache.fill('a', 1, read)])
    expect(reads).toBe(1)
    expect(answers.map((a) => a?.value)).toEqual(['one', 'one', 'one'])
    expect(await cache.fill('gone', 1, async () => null)).toBeNull()
    expect(cache.get('gone', 1)).toBeUndefined()
  })

  test('bounded by bytes: the least recently used go first', async () => {
    const cache = new VersionedCache<string>(10)
    await cache.fill('a', 1, async () => entry(1, 'aaaa'))
    await cache.fill('b', 1, async () => entry(1, 'bbbb'))
    expect(cache.get('a', 1)?.value).toBe('aaaa') // a is now the most recently used
    await cache.fill('c', 1, async () => entry(1, 'cccc'))
    expect(cache.get('b', 1)).toBeUndefined()
    expect(cache.get('a', 1)?.value).toBe('aaaa')
    expect(cache.get('c', 1)?.value).toBe('cccc')
    // One value larger than the bound is still kept (alone) for its readers.
    await cache.fill('d', 1, async () => entry(1, 'dddddddddddd'))
    expect(cache.get('d', 1)?.value).toBe('dddddddddddd')
    expect(cache.get('a', 1)).toBeUndefined()
    expect(cache.get('c', 1)).toBeUndefined()
  })
})
