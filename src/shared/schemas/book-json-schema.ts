// The book rules the code checks beyond valibot's own actions, in JSON Schema words for the
// OpenAPI document (see json-schema-rules.ts): "Up next" keys and retailer links.

const BASE62 = '[0-9A-Za-z]'
const NONZERO = '[1-9A-Za-z]'

/**
 * A fractional-indexing key: an integer part whose head letter fixes its length (`a` one digit
 * more, up to `z` 26; `Z` one digit, down to `A` 26), then a fraction that does not end in `0`.
 * The smallest integer (`A` and 26 zeros) has nothing below it and needs a fraction.
 */
function positionKeyPattern(): string {
  const heads: string[] = []
  for (let i = 0; i < 26; i++) {
    heads.push(`${String.fromCharCode(97 + i)}${BASE62}{${i + 1}}`)
    if (i < 25) heads.push(`${String.fromCharCode(90 - i)}${BASE62}{${i + 1}}`)
  }
  // `A`: 26 digits, not all zero (the first non-zero one after k zeros), or any with a fraction.
  const notAllZero = Array.from({ length: 26 }, (_, k) => `0{${k}}${NONZERO}${BASE62}{${25 - k}}`)
  heads.push(`A(?:${notAllZero.join('|')})`)
  const fraction = `${BASE62}*${NONZERO}`
  return `^(?:(?:${heads.join('|')})(?:${fraction})?|A0{26}${fraction})$`
}

export const POSITION_KEY_PATTERN = positionKeyPattern()

// Retailer links the server reads (parseRetailerLink), written narrower than it accepts: lower-case
// hosts, and slugs of letters, digits and single hyphens starting with a letter, so a slug always
// reads as a title; a slug of exactly 10 letters and digits reads as an ASIN instead, so is left out.
const WORD = '[A-Za-z0-9]'
const SLUG = `(?:[A-Za-z]${WORD}*(?:-${WORD}+)+|[A-Za-z](?:${WORD}{0,8}|${WORD}{10,}))`
const REST = "(?:[/?#][-A-Za-z0-9._~!$&'()*+,;=:@%/?#]*)?"
const AMAZON = '(?:www\\.)?amazon\\.(?:com|ca|co\\.uk|de|fr|es|it|nl|co\\.jp|com\\.au|in)'
const WITH_TITLE = [
  `${AMAZON}/${SLUG}/dp/[A-Za-z0-9]{10}`,
  `(?:www\\.)?goodreads\\.com/book/show/[0-9]+-${SLUG}`,
  `(?:www\\.)?bookshop\\.org/(?:p/)?books/${SLUG}/[0-9]+`,
  `(?:www\\.)?barnesandnoble\\.com/w/${SLUG}/[0-9]+`,
]
const WITHOUT_TITLE = [`${AMAZON}/dp/[A-Za-z0-9]{10}`, `(?:www\\.)?goodreads\\.com/book/show/[0-9]+`]
const link = (forms: string[]) => `^https?://(?:${forms.join('|')})${REST}$`

/** A retailer product link the server can read. */
export const RETAILER_LINK_PATTERN = link([...WITH_TITLE, ...WITHOUT_TITLE])
/** A retailer link whose URL carries the book's title (a book sent with a link and no title). */
export const RETAILER_LINK_WITH_TITLE_PATTERN = link(WITH_TITLE)
