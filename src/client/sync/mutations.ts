import * as v from 'valibot'
import { db as defaultDb, type LocalBook, type OutboxEntry, type TbrDatabase } from '~/client/db'
import { CreateBookInput, UpdateBookInput, type CreateBookRaw, type UpdateBookRaw } from '~/shared/schemas/book'
import { UserPatchInput, type MutationKind } from '~/shared/sync/protocol'
import { applyEntry } from './apply'

// Architecture rule 5 / guide/sync.md "Write": one Dexie rw transaction writes the row and
// appends its outbox entry; the promise resolves after it commits, so the UI confirms a write
// that survives reloads. The engine pushes later (a write pokes it through `onWrite`).

/** Bad input for a mutation: `field` is the API field, `message` a translation id. */
export class MutationInputError extends Error {
  constructor(
    public field: string | undefined,
    message: string,
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

function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input)
  if (r.success) return r.output
  const issue = r.issues[0]
  const field = issue.path?.map((p) => p.key).find((k) => typeof k === 'string') as string | undefined
  throw new MutationInputError(field, issue.message)
}

export interface MutationOptions {
  db?: TbrDatabase
  newId?: () => string
  now?: () => Date
  /** Called after each committed write (the app pokes the sync engine here). */
  onWrite?: () => void
}

export function createMutations(opts: MutationOptions = {}) {
  const d = opts.db ?? defaultDb
  const newId = opts.newId ?? (() => crypto.randomUUID())
  const now = opts.now ?? (() => new Date())

  async function write<T>(
    entry: (
      accountId: string,
      userId: string,
    ) => { kind: MutationKind; entityId: string; payload: Record<string, unknown> },
    local: (e: OutboxEntry) => Promise<T>,
  ): Promise<T> {
    const result = await d.transaction('rw', [d.books, d.outbox, d.user], async () => {
      const me = await d.user.get('me')
      if (!me) throw new NotSignedInError()
      const e: OutboxEntry = {
        ...entry(me.account_id, me.id),
        id: newId(),
        accountId: me.account_id,
        createdAt: now().toISOString(),
        attempts: 0,
        lastError: null,
      }
      const out = await local(e)
      await d.outbox.add(e)
      return out
    })
    opts.onWrite?.()
    return result
  }

  return {
    /** `{ title, … }` or `{ link }`; answers the local row (its id is the book's id for good). */
    async addBook(input: CreateBookRaw): Promise<LocalBook> {
      const parsed = parse(CreateBookInput, input)
      const id = parsed.id ?? newId()
      const { isbn: _isbn, asin: _asin, ...fields } = parsed
      // The link travels too, so the server derives the same ISBN/ASIN from it.
      const payload = { ...fields, id, ...(input.link !== undefined ? { link: input.link } : {}) }
      return write(
        () => ({ kind: 'book.create', entityId: id, payload }),
        async (e) => {
          const row = applyEntry(undefined, e)!
          await d.books.put(row)
          return row
        },
      )
    },

    /** Field-level: only the fields named change (decisions §6). */
    async updateBook(id: string, changes: UpdateBookRaw): Promise<LocalBook> {
      const payload = parse(UpdateBookInput, changes)
      return write(
        () => ({ kind: 'book.update', entityId: id, payload }),
        async (e) => {
          const row = applyEntry(await d.books.get(id), e)
          if (!row) throw new BookNotFoundError(id)
          await d.books.put(row)
          return row
        },
      )
    },

    async deleteBook(id: string): Promise<void> {
      return write(
        () => ({ kind: 'book.delete', entityId: id, payload: {} }),
        async () => {
          if (!(await d.books.get(id))) throw new BookNotFoundError(id)
          await d.books.delete(id)
        },
      )
    },

    /** Settings that work offline (decisions §7): name, dark_mode, locale, onboarded. */
    async patchUser(fields: UserPatchInput): Promise<void> {
      const payload = parse(UserPatchInput, fields)
      return write(
        (_account, userId) => ({ kind: 'user.patch', entityId: userId, payload }),
        async () => {
          await d.user.update('me', payload)
        },
      )
    },
  }
}

export type Mutations = ReturnType<typeof createMutations>
