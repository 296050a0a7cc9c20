import * as v from 'valibot'
import { TextLike, type TextLikeProps } from './number'

/**
 * Url pattern: an optional scheme (http, https, ftp, smtp), an optional www, a domain
 * (labels of letters, digits and hyphens, a top-level label of 2+ letters) and an optional port,
 * path, query or fragment. No spaces anywhere.
 */
export const URL_PATTERN =
  /^(?:(?:https?|ftp|smtp):\/\/)?(?:www\.)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/iu

/** The translation id of the url field's invalid message (global.form.{type}.error.invalid). */
export const URL_INVALID = 'global.form.url.error.invalid'

/**
 * The url rule as a valibot action, for the form's schema: with a resolver, react-hook-form
 * ignores rules given to the input, so the schema is where a field's rule runs. Empty passes
 * (whether the field is required is the schema's business).
 */
export function urlPattern(message: string = URL_INVALID) {
  return v.check<string, string>((s) => s.trim() === '' || URL_PATTERN.test(s.trim()), message)
}

/**
 * The address as an API that takes only absolute addresses wants it: the url pattern above lets
 * the scheme out ("www.example.com/a.png"), and such an address gets https://. One with a scheme
 * keeps it (whether that scheme is acceptable is the field's own rule), and '' stays ''.
 */
export function withHttps(address: string): string {
  const s = address.trim()
  return s === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(s) ? s : `https://${s}`
}

export type UrlProps = TextLikeProps

/** Url: a web address input (url keyboard on phones, no autocorrect). */
export function Url(props: UrlProps) {
  return (
    <TextLike type="url" inputMode="url" autoComplete="url" spellCheck={false} autoCapitalize="off" {...props} />
  )
}
