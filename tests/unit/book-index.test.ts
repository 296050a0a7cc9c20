import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, test, vi } from 'vitest'
import { TbrDatabase, type LocalBook, type UserRow } from '~/client/db'
import { matchesWords, queryWords } from '~/client/features/books/search'
import { BookIndex, type BookFilter, type IndexedBook } from '~/client/sync/book-index'
import { BOOK_SORTS, listBooks } from '~/client/sync/queries'

// The /books search index against a real (fake-indexeddb) Dexie: what it answers must equal what
// reading the table and filtering it answered before, and it must follow writes by their ids.

const ME = 'acct-me'
let n = 0
const open: BookIndex[] = []
afterEach(() => open.splice(0).forEach((i) => i.stop()))

/** Every book a search answers, in its order (the list reads them one position at a time). */
function listed(index: BookIndex, filter: BookFilter): IndexedBook[] {
  const matches = index.search(filter)
  const rows = Array.from({ length: matches.length }, (_, i) => matches.at(i)!)
  expect(matches.at(matches.length)).toBeUndefined()
  return rows
}

async function setup(books: LocalBook[]) {
  const name = `book-index-${++n}`
  const factory = new IDBFactory()
  const d = new TbrDatabase(name, { indexedDB: factory, IDBKeyRange })
  await d.user.put({ key: 'me', account_id: ME } as UserRow)
  await d.books.bulkPut(books)
  const index = new BookIndex(d)
  open.push(index)
  index.start()
  await index.settled()
  return { d, index, other: () => new TbrDatabase(name, { indexedDB: factory, IDBKeyRange }) }
}

const TITLES = [
  'Cien años de soledad',
  'Dune',
  'El amor en los tiempos del cólera',
  'Book 10',
  'Book 9',
  'Émile',
  'dune messiah',
]
const AUTHORS = ['Gabriel García Márquez', 'Frank Herbert', null, 'Jean-Jacques Rousseau']

function book(i: number, over: Partial<LocalBook> = {}): LocalBook {
  const at = new Date(Date.UTC(2024, 0, 1) + (i % 50) * 86_400_000).toISOString()
  const started = i % 3 !== 0 ? '2024-02-01' : null
  const finished = i % 3 === 2 ? '2024-03-01' : null
  return {
    id: `id-${String(i).padStart(4, '0')}`,
    title: `${TITLES[i % TITLES.length]}${i % 2 ? ` ${i}` : ''}`,
    author: AUTHORS[i % AUTHORS.length]!,
    rating: i % 4 === 0 ? null : i % 5,
    review: null,
    started_at: started,
    finished_at: finished,
    started: !!started,
    finished: !!finished,
    status: finished ? 'finished' : started ? 'reading' : 'not_started',
    imageUrl: null,
    isbn: null,
    asin: null,
    position: i % 4 === 1 ? null : `a${String(i % 37).padStart(2, '0')}`,
    added_at: at.slice(0, 10),
    source: 'manual',
    account_id: i % 17 === 0 ? 'acct-other' : ME,
    created_at: at,
    updated_at: at,
    version: 1,
    sync: 'synced',
    ...over,
  } as LocalBook
}

const QUERIES = ['', 'dune', 'DUNE', 'garcia marquez', 'márquez  soledad', 'book 1', 'emile rousseau', 'cólera', 'zzz']
const STATUSES = [undefined, 'reading', 'finished', 'not_started'] as const

/** What the list showed before the index: the sorted table, filtered as typed. */
async function expectSameAsTable(d: TbrDatabase, index: BookIndex) {
  for (const sort of BOOK_SORTS)
    for (const status of STATUSES) {
      const rows = await listBooks(d, { sort, status })
      for (const q of QUERIES) {
        const words = queryWords(q)
        const want = rows.filter((b) => matchesWords(b, words)).map((b) => b.id)
        expect(
          listed(index, { words, status, sort }).map((e) => e.book.id),
          `${sort} ${status} "${q}"`,
        ).toEqual(want)
      }
    }
}

test('answers every sort, status and search exactly as reading the table did, ignoring case and accents', async () => {
  const { d, index } = await setup(Array.from({ length: 240 }, (_, i) => book(i)))
  await expectSameAsTable(d, index)
  expect(listed(index, { words: queryWords('GARCIA marquez'), sort: 'title' }).length).toBeGreaterThan(0)
  // Another account's rows, waiting on the device, are never listed.
  expect(index.size).toBe(240 - Math.ceil(240 / 17))
})

test('each keystroke of a query matches the table', async () => {
  const { d, index } = await setup(Array.from({ length: 120 }, (_, i) => book(i)))
  const rows = await listBooks(d, { sort: 'author' })
  for (const q of ['d', 'du', 'dun', 'dune', 'dune m', 'dune me', 'dune m', 'dune', 'du']) {
    const words = queryWords(q)
    expect(
      listed(index, { words, sort: 'author' }).map((e) => e.book.id),
      q,
    ).toEqual(rows.filter((b) => matchesWords(b, words)).map((b) => b.id))
  }
})

test('follows single writes by id, without reading the table again', async () => {
  const { d, index } = await setup(Array.from({ length: 200 }, (_, i) => book(i)))
  listed(index, { words: [], sort: 'title' }) // orders kept in memory, to be patched
  listed(index, { words: [], sort: 'position' })
  const where = vi.spyOn(d.books, 'where')
  const before = index.version!
  await d.books.put(book(3, { title: 'Zazie dans le métro', author: 'Raymond Queneau' }))
  await d.books.update(book(5).id, { status: 'finished', finished_at: '2024-04-01', position: 'a00' })
  await d.books.delete(book(7).id)
  await d.books.add(book(900, { title: 'Metro 2033' }))
  await index.settled()
  expect(where.mock.calls.filter(([index]) => (index as unknown) === 'id')).toEqual([]) // the full read walks `id`
  expect(index.version).toBe(before + 4)
  expect(listed(index, { words: queryWords('metro'), sort: 'title' }).map((e) => e.book.title)).toEqual([
    'Metro 2033',
    'Zazie dans le métro',
  ])
  await expectSameAsTable(d, index)
})

test('an answer read part-way answers the rest as it was, though writes land in between', async () => {
  const { d, index } = await setup(Array.from({ length: 200 }, (_, i) => book(i)))
  for (const filter of [
    { words: queryWords('book'), sort: 'title' as const },
    { words: queryWords('book'), status: 'reading' as const, sort: 'position' as const },
    { words: [], sort: 'title' as const },
    { words: [], status: 'finished' as const, sort: 'added' as const },
  ]) {
    const before = listed(index, filter).map((e) => e.book.id)
    expect(before.length, JSON.stringify(filter)).toBeGreaterThan(4)
    const answer = index.search(filter)
    expect(answer.at(1)?.book.id).toBe(before[1]) // the list reads the rows on screen only
    // A deleted book, one renamed to sort first, one whose status changes, one added.
    await d.books.delete(before[2]!)
    await d.books.update(before[3]!, { title: 'Book 0', status: 'not_started', started_at: null, finished_at: null })
    await d.books.add(book(1000 + before.length, { title: 'Book 00', account_id: ME }))
    await index.settled()
    expect(Array.from({ length: answer.length }, (_, i) => answer.at(i)?.book.id)).toEqual(before)
    // A new search sees the writes.
    expect(listed(index, filter).map((e) => e.book.id)).not.toEqual(before)
  }
  await expectSameAsTable(d, index)
})

test('many renames later, the texts are kept compact and it still answers as the table', async () => {
  const { d, index } = await setup(Array.from({ length: 100 }, (_, i) => book(i)))
  listed(index, { words: [], sort: 'title' })
  listed(index, { words: [], sort: 'position' })
  // A book deleted and added again comes last in the new layout, so the others' slots move.
  await d.books.delete(book(1).id)
  await d.books.put(book(1))
  await index.settled()
  // Each rename leaves its old text unused; past 2,000 of them the texts are laid out again. Only
  // half the books are renamed: the others' places in the kept orders must follow the new layout.
  for (let round = 0; round < 44; round++) {
    await d.books.bulkPut(Array.from({ length: 50 }, (_, k) => book(k, { title: `${TITLES[(k + round) % TITLES.length]} r${round}` })))
    await index.settled()
  }
  await expectSameAsTable(d, index)
  const renamed = Array.from({ length: 50 }, (_, k) => book(k)).filter((b) => b.account_id === ME).length
  expect(listed(index, { words: queryWords('r43'), sort: 'title' }).length).toBe(renamed)
  expect(listed(index, { words: queryWords('r42'), sort: 'title' })).toEqual([])
})

test('follows a large sync write and another tab’s writes by id; a wipe empties it', async () => {
  const { d, index, other } = await setup(Array.from({ length: 150 }, (_, i) => book(i)))
  listed(index, { words: [], sort: 'rating' })
  const where = vi.spyOn(d.books, 'where')
  // A pull's page: more rows than Dexie names one by one.
  await d.transaction('rw', d.books, async () => {
    await d.books.bulkPut(Array.from({ length: 120 }, (_, i) => book(i, { title: `Renamed ${i}` })))
    await d.books.bulkDelete([book(1).id, book(2).id])
  })
  await index.settled()
  expect(where.mock.calls.filter(([index]) => (index as unknown) === 'id')).toEqual([]) // the full read walks `id`
  await expectSameAsTable(d, index)
  // Another tab (another connection to the same database) saves a book.
  const tab = other()
  await tab.books.put(book(4, { title: 'Written elsewhere' }))
  await index.settled()
  await expect.poll(() => listed(index, { words: queryWords('elsewhere'), sort: 'title' }).length).toBe(1)
  tab.close()
  // A pull rewrites the user record with every page: the same account reads nothing again.
  await d.transaction('rw', d.books, d.user, async () => {
    await d.user.put({ key: 'me', account_id: ME } as UserRow)
    await d.books.put(book(6, { title: 'Pulled with the user' }))
  })
  await index.settled()
  expect(where.mock.calls.filter(([index]) => (index as unknown) === 'id')).toEqual([])
  expect(listed(index, { words: queryWords('pulled'), sort: 'title' }).length).toBe(1)
  await expectSameAsTable(d, index)
  // Another account's record: its books are not this one's.
  await d.user.put({ key: 'me', account_id: 'someone-else' } as UserRow)
  await index.settled()
  expect(index.size).toBe(0)
  await d.transaction('rw', d.books, d.user, async () => {
    await d.books.clear()
    await d.user.clear()
  })
  await index.settled()
  await expect.poll(() => index.size).toBe(0)
})
