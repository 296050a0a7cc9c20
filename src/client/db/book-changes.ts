import Dexie, { RangeSet, type DBCore, type IntervalTree, type Middleware, type ObservabilitySet } from 'dexie'

// Which books a committed write touched, by id, for readers that keep books in memory (the /books
// search index). Dexie's own change record names single keys only for small writes (a bulkPut of
// 50 rows or more is "the whole table"), so every write to `books` also records its ids, in any
// number, in a part of its own; Dexie carries it to the other tabs with its own parts.

const part = (dbName: string) => `idb://${dbName}/books/:ids`
/** The whole key space (a clear, or a delete by range). */
const ALL = { from: '', to: '\uffff' }

export const bookChangesMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'BookChanges',
  create: (core) => ({
    ...core,
    table: (tableName) => {
      const table = core.table(tableName)
      if (tableName !== 'books') return table
      return {
        ...table,
        mutate: (req) => {
          const parts = req.mutatedParts ?? (req.mutatedParts = {})
          const ids = (parts[part(core.schema.name)] ??= new RangeSet()) as RangeSet
          if (req.type === 'delete') ids.addKeys(req.keys)
          else if (req.type === 'deleteRange') ids.add(ALL)
          else ids.addKeys(req.keys ?? req.values.map((v: { id: string }) => v.id))
          return table.mutate(req)
        },
      }
    },
  }),
}

/** What changed: these book ids (and, with `user`, the signed-in user's record, which a pull
 *  rewrites every time and whose account decides which books count), or possibly every book. */
export type BookChange = { ids: string[]; user?: true } | { all: true }

/**
 * Calls `listener` after each committed write to the books (or the user record) of database
 * `dbName`, in this tab or another. Answers the unsubscribe function.
 */
export function onBookChanges(dbName: string, listener: (change: BookChange) => void): () => void {
  const ours = part(dbName)
  const user = `idb://${dbName}/user/`
  const handler = (parts: ObservabilitySet) => {
    const userChanged = !!parts[user] && !isEmpty(parts[user])
    const tree = parts[ours]
    const ids: string[] = []
    if (tree && !isEmpty(tree) && !collect(tree, ids)) return listener({ all: true })
    if (userChanged) listener({ ids, user: true })
    else if (ids.length) listener({ ids })
  }
  Dexie.on('storagemutated', handler)
  return () => Dexie.on.storagemutated.unsubscribe(handler)
}

const isEmpty = (tree: IntervalTree) => !('from' in tree)

/** The single keys of a range tree into `out`; false when it holds a range of keys. */
function collect(node: IntervalTree | null | undefined, out: string[]): boolean {
  if (!node || !('from' in node)) return true
  if (node.from !== node.to || typeof node.from !== 'string') return false
  out.push(node.from)
  return collect(node.l, out) && collect(node.r, out)
}
