import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import * as v from 'valibot'
import { db as defaultDb, type LocalBook, type OutboxEntry, type TbrDatabase, type UserRow } from '~/client/db'
import { CreateBookInput, UpdateBookInput, type CreateBookRaw, type UpdateBookRaw } from '~/shared/schemas/book'
import { UserPatchInput, type MutationKind } from '~/shared/sync/protocol'
import { GoalInput, isGoalYear } from '~/shared/schemas/goal'
import { applyEntry } from './apply'
import { goalOf } from './goals'
import { firstPosition, localDay, planMove } from './order'

// A write: one Dexie rw transaction writes the row and
// appends its outbox entry; the promise resolves after it commits, so the UI confirms a write
// that survives reloads. The engine pushes later (a write pokes it through `onWrite`).

/** Bad input for a mutation: `field` is the API field, `message` a translation id. */
export class MutationInputError extends Error {
  constructor(
    public field: string | undefined,
    message: string,
    /** For a list of inputs (addBooks): the index of the bad one. */
    public index?: number,
  ) {
    super(message)
  }
}

export class NotSignedInError extends Error {
  constructor() {
    super('error.unauthorized')
  }
}

export class BookNotFoundError extends Error {
  constructor(public id: string) {
    super('error.not_found')
  }
}

function parse<S extends v.GenericSchema>(schema: S, input: unknown, index?: number): v.InferOutput<S> {
  const r = v.safeParse(schema, input)
  if (r.success) return r.output
  const issue = r.issues[0]
  const field = issue.path?.map((p) => p.key).find((k) => typeof k === 'string') as string | undefined
  throw new MutationInputError(field, issue.message, index)
}

export interface MutationOptions {
  db?: TbrDatabase
  newId?: () => string
  now?: () => Date
  /** Called after each committed write (the app pokes the sync engine here). */
  onWrite?: () => void
}

type Draft = { kind: MutationKind; entityId: string; payload: Record<string, unknown> }
type Ctx = { me: UserRow; entry: (draft: Draft) => OutboxEntry }

export function createMutations(opts: MutationOptions = {}) {
  const d = opts.db ?? defaultDb
  const newId = opts.newId ?? (() => crypto.randomUUID())
  const now = opts.now ?? (() => new Date())

  /** One rw transaction: `local` writes its rows and returns the outbox entries to append, so
   *  rows and entries commit together or not at all. */
  async function write<T>(local: (ctx: Ctx) => Promise<{ out: T; entries: OutboxEntry[] }>): Promise<T> {
    const result = await d.transaction('rw', [d.books, d.outbox, d.user, d.goals], async () => {
      const me = await d.user.get('me')
      if (!me) throw new NotSignedInError()
      const at = now().toISOString()
      const entry = (draft: Draft): OutboxEntry => ({
        ...draft,
        id: newId(),
        accountId: me.account_id,
        createdAt: at,
        attempts: 0,
        lastError: null,
      })
      const { out, entries } = await local({ me, entry })
      if (entries.length) await d.outbox.bulkAdd(entries)
      return out
    })
    opts.onWrite?.()
    return result
  }

  /** The create call's body: a new book goes on top of "Up next", added today. */
  function createPayload(parsed: CreateBookInput, position: string): Record<string, unknown> & { id: string } {
    // What was given travels (a link too: the server derives the same ISBN/ASIN from it); the
    // create's other defaults are newBook's, here and on the server.
    return {
      ...parsed,
      id: parsed.id ?? newId(),
      position: parsed.position ?? position,
      added_at: parsed.added_at ?? localDay(now()),
    }
  }

  return {
    /** `{ title, … }` or `{ link }`; answers the local row (its id is the book's id for good). */
    async addBook(input: CreateBookRaw): Promise<LocalBook> {
      const parsed = parse(CreateBookInput, input)
      return write(async ({ me, entry }) => {
        const payload = createPayload(parsed, generateKeyBetween(null, await firstPosition(d, me.account_id)))
        const e = entry({ kind: 'book.create', entityId: payload.id, payload })
        const row = applyEntry(undefined, e)!
        await d.books.put(row)
        return { out: row, entries: [e] }
      })
    },

    /**
     * Many books in one transaction (an import), on top of "Up next" in the order
     * given. Every input is checked first: none is stored when one is bad.
     */
    async addBooks(inputs: CreateBookRaw[]): Promise<LocalBook[]> {
      const parsed = inputs.map((input, i) => parse(CreateBookInput, input, i))
      if (!parsed.length) return []
      return write(async ({ me, entry }) => {
        const keys = generateNKeysBetween(null, await firstPosition(d, me.account_id), parsed.length)
        const entries = parsed.map((p, i) => {
          const payload = createPayload(p, keys[i]!)
          return entry({ kind: 'book.create', entityId: payload.id, payload })
        })
        const rows = entries.map((e) => applyEntry(undefined, e)!)
        await d.books.bulkPut(rows)
        return { out: rows, entries }
      })
    },

    /** Field-level: only the fields named change. */
    async updateBook(id: string, changes: UpdateBookRaw): Promise<LocalBook> {
      const payload = parse(UpdateBookInput, changes)
      return write(async ({ entry }) => {
        const e = entry({ kind: 'book.update', entityId: id, payload })
        const row = applyEntry(await d.books.get(id), e)
        if (!row) throw new BookNotFoundError(id)
        await d.books.put(row)
        return { out: row, entries: [e] }
      })
    },

    /**
     * Moves a book in "Up next" to just below `after` (null: to the top), syncing only
     * `position`. See order.ts for books from before positions existed.
     */
    async moveBook(id: string, after: string | null): Promise<void> {
      return write(async ({ me, entry }) => {
        const moves = await planMove(d, me.account_id, id, after)
        if (!moves) throw new BookNotFoundError(id)
        const entries: OutboxEntry[] = []
        for (const [bookId, position] of moves) {
          const e = entry({ kind: 'book.update', entityId: bookId, payload: { position } })
          const row = applyEntry(await d.books.get(bookId), e)
          if (!row) continue
          await d.books.put(row)
          entries.push(e)
        }
        return { out: undefined, entries }
      })
    },

    async deleteBook(id: string): Promise<void> {
      return write(async ({ entry }) => {
        if (!(await d.books.get(id))) throw new BookNotFoundError(id)
        await d.books.delete(id)
        return { out: undefined, entries: [entry({ kind: 'book.delete', entityId: id, payload: {} })] }
      })
    },

    /** Settings that work offline: name, dark_mode, locale, onboarded. */
    async patchUser(fields: UserPatchInput): Promise<void> {
      const payload = parse(UserPatchInput, fields)
      return write(async ({ me, entry }) => {
        await d.user.update('me', payload)
        return { out: undefined, entries: [entry({ kind: 'user.patch', entityId: me.id, payload })] }
      })
    },

    /** The reading goal of `year` (decisions: the reader's year): works offline, syncs later. */
    async setGoal(year: number, books: number): Promise<void> {
      if (!isGoalYear(year)) throw new MutationInputError('year', 'validation.goal.year.invalid')
      const payload = parse(GoalInput, { books })
      return write(async ({ entry }) => {
        const e = entry({ kind: 'goal.set', entityId: String(year), payload })
        await d.goals.put(goalOf(e))
        return { out: undefined, entries: [e] }
      })
    },
  }
}

export type Mutations = ReturnType<typeof createMutations>
