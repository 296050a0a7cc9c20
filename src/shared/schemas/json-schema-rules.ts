import * as v from 'valibot'

// The OpenAPI document is converted from these shared schemas (@valibot/to-json-schema), which
// sees only valibot's own actions: a rule written as a `v.check`, a transform or a server-wide
// check would be missing from it, and a client that trusts the document would be refused.
// `documents(...)` states such a rule in JSON Schema words: the conversion merges a metadata
// action's keys into the field's schema, and validation ignores it (the forms behave as before).
// The rules are exact or narrower than the code's, never wider: a value the document allows is
// a value the server accepts. In a pipe it must come before the first transform, where the
// conversion of the input stops.

/** JSON Schema keywords for a field; merged into its converted schema. */
export type JsonSchemaRules = Record<string, unknown>

export const documents = <TInput>(rules: JsonSchemaRules) => v.metadata<TInput, JsonSchemaRules>(rules)

// Every string of every body must be well-formed text: no NUL (PostgreSQL refuses it) and no
// surrogate half without its partner (server/lib/input.ts). Read with the `u` flag a JSON Schema
// validator uses, the class below is exactly that; read without it, it is narrower.
const TEXT_CHAR = '[^\\u0000\\uD800-\\uDFFF]'
const TEXT_NOT_BLANK = '[^\\s\\u0000\\uD800-\\uDFFF]'

/** Any well-formed text. */
export const WELL_FORMED_TEXT = `^${TEXT_CHAR}*$`
/** Well-formed text with something besides white space (it is trimmed, then must not be empty). */
export const NOT_BLANK_TEXT = `^${TEXT_CHAR}*${TEXT_NOT_BLANK}${TEXT_CHAR}*$`

/**
 * A calendar day YYYY-MM-DD (`format: date` checks the day exists). Years before 100 are left
 * out: the server reads them through `Date.UTC`, which takes 0–99 as 1900–1999, and refuses them.
 */
export const ISO_DATE = { type: 'string', format: 'date', pattern: '^(?:0[1-9]|[1-9][0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$' }

/** A UUID written plainly (`format: uuid` alone would also allow a `urn:uuid:` prefix). */
export const UUID = {
  type: 'string',
  format: 'uuid',
  pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
}

// A host every URL parser reads as a name: labels of letters, digits and single hyphens (never
// `xn--`, which must be valid punycode), the last starting with a letter (a numeric last label
// makes it an IPv4 address, which may be out of range).
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*'
const HOST = `(?:${LABEL}\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*`
const URL_REST = "(?::[0-9]{1,4})?(?:[/?#][-A-Za-z0-9._~!$&'()*+,;=:@%/?#]*)?"

/** An absolute http(s) URL with a host name (what `isHttpUrl` accepts, for plain URLs). */
export const HTTP_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${HOST}${URL_REST}$`
