// A schema message is a catalog id; one that names a value (the bad address of an invite list,
// a limit) carries it after a separator as JSON: `validation.invite.email_invalid|{"email":"x@"}`.
// The server's catalog and the client's Lingui descriptors fill their placeholders from it.

const VALUES_SEPARATOR = '|'

/** A message id carrying values for its placeholders. */
export function withValues(id: string, values: Record<string, string | number>) {
  return `${id}${VALUES_SEPARATOR}${JSON.stringify(values)}`
}

/** The id and values of a message written by withValues (a plain id has no values). */
export function splitValues(message: string): { id: string; values?: Record<string, string | number> } {
  const cut = message.indexOf(VALUES_SEPARATOR)
  if (cut <= 0) return { id: message }
  try {
    return { id: message.slice(0, cut), values: JSON.parse(message.slice(cut + 1)) as Record<string, string | number> }
  } catch {
    return { id: message.slice(0, cut) }
  }
}
