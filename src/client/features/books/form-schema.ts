import * as v from 'valibot'
import { URL_INVALID, URL_PATTERN } from '~/client/ui/form/url'
import { CreateBookInput, UpdateBookInput, type CreateBookRaw, type UpdateBookRaw } from '~/shared/schemas/book'

// The book form validates with the shared schemas (architecture rule 2) and submits what the
// reader typed, not the schema's output: the sync mutation parses it again, and a pasted
// retailer link must travel with the book so the server derives the same ISBN/ASIN from it.

/** What the inputs hold: text ('' when empty), the rating as a number or null. */
export interface BookFormValues {
  link?: string
  title: string
  author: string
  rating: number | null
  review: string
  started_at: string
  finished_at: string
  imageUrl: string
  /** Whole numbers as typed ('' when empty); converted by toCreateInput / toUpdateInput. */
  pages: string
  year: string
  /** Set by a catalogue pick or a scan on /books/new; not an input of its own. */
  isbn?: string
}

export const EMPTY_BOOK: BookFormValues = {
  title: '',
  author: '',
  rating: null,
  review: '',
  started_at: '',
  finished_at: '',
  imageUrl: '',
  pages: '',
  year: '',
}

/** '' → null, a whole number → that number; anything else travels as typed so the shared
 *  schema names the field (validation.book.pages.invalid / year.invalid). */
function wholeNumber(s: string): number | null {
  const t = s.trim()
  if (t === '') return null
  return (/^-?\d+$/.test(t) ? Number(t) : t) as number
}

/** The form's text fields as the API's book fields. */
function toFields({ link: _link, isbn, pages, year, ...rest }: BookFormValues) {
  return { ...rest, pages: wholeNumber(pages), year: wholeNumber(year), ...(isbn?.trim() ? { isbn: isbn.trim() } : {}) }
}

/** The form values with an empty link left out (an empty link is no link, not an invalid one). */
export function toCreateInput(values: BookFormValues): CreateBookRaw {
  const link = values.link
  const fields = toFields(values)
  if (!link?.trim()) return fields
  // With a link, an empty title means "the title from the link".
  const { title, ...rest } = fields
  return title.trim() ? { ...fields, link: link.trim() } : { ...rest, link: link.trim() }
}

export function toUpdateInput(values: BookFormValues): UpdateBookRaw {
  return toFields(values)
}

/** Checks `toInput(values)` with `schema`; the url rule (http or https) also applies to the cover URL. */
function formSchema(schema: v.GenericSchema, toInput: (values: BookFormValues) => unknown) {
  return v.pipe(
    v.custom<BookFormValues>((value) => typeof value === 'object' && value !== null),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const values = dataset.value
      const result = v.safeParse(schema, toInput(values))
      // Not an address at all: the url field's own message, rather than "must be http or https".
      const notUrl = !!values.imageUrl.trim() && !URL_PATTERN.test(values.imageUrl.trim())
      let ok = result.success && !notUrl
      for (const issue of result.issues ?? []) {
        const key = issue.path?.map((p) => p.key).find((k) => typeof k === 'string') as string | undefined
        if (notUrl && key === 'imageUrl') continue
        addIssue({ message: issue.message, path: key ? [pathItem(values, key)] : undefined })
      }
      if (notUrl) {
        ok = false
        addIssue({ message: URL_INVALID, path: [pathItem(values, 'imageUrl')] })
      }
      return ok ? values : NEVER
    }),
  )
}

function pathItem(input: BookFormValues, key: string): v.ObjectPathItem {
  return { type: 'object', origin: 'value', input: input as never, key, value: (input as unknown as Record<string, unknown>)[key] }
}

export const NewBookSchema = formSchema(CreateBookInput, (values) => toCreateInput(values))
export const EditBookSchema = formSchema(UpdateBookInput, (values) => toUpdateInput(values))

/** The fields the reader changed since the form opened (edits merge field by field). */
export function changedFields(initial: BookFormValues, values: BookFormValues): UpdateBookRaw {
  const all = toUpdateInput(values) as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(EMPTY_BOOK) as (keyof BookFormValues)[]) {
    if (values[key] !== initial[key]) out[key] = all[key]
  }
  return out as UpdateBookRaw
}
