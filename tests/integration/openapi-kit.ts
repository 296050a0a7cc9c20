import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { createGenerator, registerFormat } from 'json-schema-faker'

// What an outside client does with GET /api/openapi.json: draw requests from its JSON Schemas
// (json-schema-faker, seeded) and check answers against them (ajv, JSON Schema 2020-12 as
// OpenAPI 3.1 uses). Nothing here reads our valibot schemas: the document is the only source.

export type Schema = Record<string, any>
export type Operation = Schema & { responses: Record<string, Schema> }
export interface Doc {
  paths: Record<string, Record<string, Operation>>
}

/** The document's one named format that is not JSON Schema's own: ISBN-10 or ISBN-13 with a
 *  valid check digit, hyphens and spaces ignored (as its description says). */
export function isIsbn(raw: string): boolean {
  const s = raw.replace(/[\s-]/g, '').toUpperCase()
  if (/^\d{9}[\dX]$/.test(s)) {
    const sum = [...s].reduce((acc, c, i) => acc + (c === 'X' ? 10 : Number(c)) * (10 - i), 0)
    return sum % 11 === 0
  }
  if (/^97[89]\d{10}$/.test(s)) {
    const sum = [...s].reduce((acc, c, i) => acc + Number(c) * (i % 2 === 0 ? 1 : 3), 0)
    return sum % 10 === 0
  }
  return false
}

registerFormat('isbn', (random) => {
  if (random.bool()) {
    const body = Array.from({ length: 9 }, () => random.int(0, 9))
    const check = (11 - (body.reduce((acc, d, i) => acc + d * (10 - i), 0) % 11)) % 11
    return body.join('') + (check === 10 ? 'X' : String(check))
  }
  const body = [9, 7, random.pick([8, 9]), ...Array.from({ length: 9 }, () => random.int(0, 9))]
  const check = (10 - (body.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0) % 10)) % 10
  return body.join('') + String(check)
})

export function makeAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addFormat('isbn', isIsbn)
  return ajv
}

/** A seeded sampler: the same seed draws the same requests. */
export function sampler(seed: number) {
  const gen = createGenerator({ seed, maxDefaultItems: 3 })
  return (schema: Schema): Promise<any> => gen.generate(schema)
}

/** Every operation of the document, with its method and path template. */
export function operations(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({ method: m.toUpperCase(), path, op, name: `${m.toUpperCase()} ${path}` })),
  )
}

export const bodySchema = (op: Operation): Schema | undefined => op.requestBody?.content?.['application/json']?.schema

export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '$'} ${e.message}`).join('; ')
}
