// The API reference page (/account/apikeys/docs) reads GET /api/openapi.json, the document the
// server generates from its routes' valibot schemas, and turns each operation
// into what a reader needs: method, path, scope, request body fields, a response example and a
// curl call. Pure functions, so the page stays a thin view (and nothing here drifts from the
// document: it only reads it).

export interface JsonSchema {
  type?: string
  description?: string
  enum?: unknown[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  format?: string
  readOnly?: boolean
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
}

interface RawParameter {
  in: 'path' | 'query' | 'header'
  name: string
  description?: string
  required?: boolean
}

interface RawOperation {
  summary?: string
  description?: string
  tags?: string[]
  'x-scope'?: string
  'x-success-status'?: number
  parameters?: RawParameter[]
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } }
  responses?: Record<string, { description?: string; content?: { 'application/json'?: { schema?: JsonSchema } } }>
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, RawOperation>>
}

export type Rule =
  | { kind: 'one_of' | 'each_one_of'; values: string[] }
  | { kind: 'length' | 'range' | 'items'; min?: number; max?: number }

export interface Field {
  name: string
  type: string
  required: boolean
  nullable: boolean
  /** Allowed values and limits (the page words them in the reader's language). */
  rules: Rule[]
  /** The document's words about the field, if any (English; the page shows them translated). */
  description?: string
}

export interface Operation {
  id: string
  method: string
  path: string
  summary: string
  description: string
  tag: string
  /** The key scope the call needs; null for calls keys cannot make (a session token). */
  scope: string | null
  parameters: RawParameter[]
  body: Field[] | null
  /** A rule of the body as a whole (between fields), in the document's words. */
  bodyDescription: string
  status: string
  example: unknown
  curl: string
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every operation of the document, grouped by its tag in the document's order. */
export function operationsByTag(doc: OpenApiDocument, origin: string): [tag: string, ops: Operation[]][] {
  const groups = new Map<string, Operation[]>()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method]
      if (!raw) continue
      const op = toOperation(method, path, raw, origin)
      groups.set(op.tag, [...(groups.get(op.tag) ?? []), op])
    }
  }
  return [...groups.entries()]
}

function toOperation(method: string, path: string, raw: RawOperation, origin: string): Operation {
  const bodySchema = raw.requestBody?.content?.['application/json']?.schema
  const declared = raw['x-success-status'] === undefined ? undefined : String(raw['x-success-status'])
  const status =
    (declared && raw.responses?.[declared] ? declared : undefined) ??
    Object.keys(raw.responses ?? {}).find((s) => s.startsWith('2')) ??
    '200'
  const answer = raw.responses?.[status]?.content?.['application/json']?.schema
  const scope = raw['x-scope'] ?? null
  return {
    id: `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, ''),
    method: method.toUpperCase(),
    path,
    summary: raw.summary ?? '',
    description: withoutScopeNote(raw.description ?? ''),
    tag: raw.tags?.[0] ?? 'Other',
    scope,
    parameters: raw.parameters ?? [],
    body: bodySchema ? fieldsOf(bodySchema) : null,
    bodyDescription: bodySchema?.description ?? '',
    status,
    // The key calls' answers are API keys: their `key` sample is a key's (see SAMPLES).
    example: answer ? exampleOf(answer, '', '', raw.tags?.[0] === 'API keys' ? 'key' : '') : null,
    curl: curlFor(method, path, origin, scope !== null, raw.parameters ?? [], bodySchema),
  }
}

/** The document ends each description with who may call it (server/openapi/operation.ts), for other
 *  viewers; this page says it in its own scope line, so the sentence is not repeated. */
const withoutScopeNote = (text: string) =>
  text
    .split(/\n{2,}/)
    .filter((p) => !/^(An API key needs the `[^`]+` scope\.|Needs (a session|no credentials)\b)/.test(p))
    .join('\n\n')

/** True for a property the document gives no shape to, or marks read-only: fields a body may
 *  carry back as it received them, but never sets. */
const shapeless = (s: JsonSchema) => s.readOnly === true || (!s.type && !s.enum && !s.anyOf && !s.properties)

export function fieldsOf(schema: JsonSchema): Field[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {})
    .filter(([, s]) => !shapeless(s))
    .map(([name, s]) => {
      const options = s.anyOf ?? [s]
      const real = options.filter((o) => o.type !== 'null')
      const description = s.description ?? real.find((o) => o.description)?.description
      return {
        name,
        type: real.map(typeName).join(' or '),
        required: required.has(name),
        nullable: real.length < options.length,
        rules: real.flatMap(rulesOf),
        ...(description ? { description } : {}),
      }
    })
}

function typeName(s: JsonSchema): string {
  if (s.type === 'array') return `${s.items ? typeName(s.items) : 'any'}[]`
  if (s.anyOf) return s.anyOf.map(typeName).join(' or ')
  const base = s.type ?? (s.enum ? 'string' : 'any')
  return s.format ? `${base} (${s.format})` : base
}

function rulesOf(s: JsonSchema): Rule[] {
  const rules: Rule[] = []
  if (s.enum) rules.push({ kind: 'one_of', values: s.enum.map(String) })
  if (s.minLength !== undefined || s.maxLength !== undefined)
    rules.push({ kind: 'length', min: s.minLength, max: s.maxLength })
  if (s.minimum !== undefined || s.maximum !== undefined) rules.push({ kind: 'range', min: s.minimum, max: s.maximum })
  if (s.minItems !== undefined || s.maxItems !== undefined)
    rules.push({ kind: 'items', min: s.minItems, max: s.maxItems })
  if (s.type === 'array' && s.items?.enum) rules.push({ kind: 'each_one_of', values: s.items.enum.map(String) })
  return rules
}

const SAMPLE_ID = '0b6f4b8e-5d1a-4c7e-9f3a-2e8d7c6b5a41'
const SAMPLE_TIME = '2026-11-23T09:30:00.000Z'
/** Readable sample values for the names the document uses; anything else gets its type's. */
const SAMPLES: Record<string, unknown> = {
  title: 'Piranesi',
  rating: 4,
  author: 'Susanna Clarke',
  name: 'Reading shortcut',
  slug: 'ana',
  link: 'https://www.example.com/piranesi',
  imageUrl: 'https://covers.example.com/piranesi.jpg',
  isbn: '9781635575941',
  key: 'shortcut-piranesi-1',
  // POST /api/books/batch: one mutation (its own idempotency key, and the book's fields).
  'mutation.key': 'shortcut-piranesi-1',
  'mutation.data': { title: 'Piranesi', author: 'Susanna Clarke' },
  // An API key's fields (`key` shows the prefix and last four only).
  'key.key': 'tbr_8Qm3…x9Zk',
  'key.full_key': 'tbr_8Qm3vT0bL2nXa7RdKc4pW1sYhE6uJ9fGx9Zk2a',
  scope: ['books.read', 'books.write'],
  label: 'Books read',
  cursor: '1042',
  message: 'Saved',
}

/** A sample value for `schema`, named `name` inside an object named `parent`, in a `context`. */
export function exampleOf(schema: JsonSchema, name = '', parent = '', context = ''): unknown {
  const sample = sampleFor(name, parent, context)
  if (sample !== undefined && schema.type !== 'object') return sample
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf)
    return exampleOf(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, name, parent, context)
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k, s]) => !shapeless(s) || sampleFor(k, name, context) !== undefined)
          .map(([k, s]) => [k, exampleOf(s, k, name, context)]),
      )
    case 'array':
      return schema.items ? [exampleOf(schema.items, singular(name), parent, context)] : []
    case 'integer':
    case 'number':
      return schema.minimum ?? 1
    case 'boolean':
      return true
    case 'null':
      return null
    case 'string':
      if (schema.format === 'uuid' || name === 'id' || name.endsWith('_id')) return SAMPLE_ID
      if (schema.format === 'date-time' || name.endsWith('_at') || name === 'start' || name === 'end')
        return SAMPLE_TIME
      return 'string'
    default:
      return null
  }
}

const sampleFor = (name: string, parent: string, context: string) =>
  SAMPLES[`${parent}.${name}`] ?? SAMPLES[`${context}.${name}`] ?? SAMPLES[name]

const singular = (name: string) => (name.endsWith('s') ? name.slice(0, -1) : name)

/** A body to send: the required fields, or else the first one (a book's title). */
function sampleBody(schema: JsonSchema): Record<string, unknown> {
  const props = Object.entries(schema.properties ?? {}).filter(([, s]) => !shapeless(s))
  const required = new Set(schema.required ?? [])
  const chosen = required.size ? props.filter(([k]) => required.has(k)) : props.slice(0, 1)
  return Object.fromEntries(chosen.map(([k, s]) => [k, exampleOf(s, k)]))
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** A curl call with the page's own address; an API key in $TBR_KEY (a session token in $TBR_TOKEN). */
export function curlFor(
  method: string,
  path: string,
  origin: string,
  byKey: boolean,
  parameters: RawParameter[],
  body: JsonSchema | undefined,
): string {
  const url = origin + path.replace(/\{([^}]+)\}/g, (_, p: string) => String(exampleOf({ type: 'string' }, p)))
  const lines = [
    `curl ${method === 'get' ? '' : `-X ${method.toUpperCase()} `}${shellQuote(url)}`,
    `-H "Authorization: Bearer $${byKey ? 'TBR_KEY' : 'TBR_TOKEN'}"`,
  ]
  if (parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
    lines.push(`-H 'Idempotency-Key: ${method}-${SAMPLE_ID.slice(0, 8)}'`)
  if (body) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(sampleBody(body)))}`)
  return lines.join(' \\\n  ')
}
