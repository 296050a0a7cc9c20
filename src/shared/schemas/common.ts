import * as v from 'valibot'
import { documents, NOT_BLANK_TEXT } from './json-schema-rules'

// Field rules shared by forms and the API. Messages are
// translation ids: the client shows them through Lingui, the server through its catalog.

export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]

// Written so it reads the same with the `u` flag a JSON Schema validator uses (the document
// carries it as the field's `pattern`): every `]` outside a class is escaped.
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/

/** At least 8 characters and at least one special (punctuation) character. */
export const PASSWORD_SPECIAL = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/

/** 3–40 letters, digits, `_` and `-`, starting and ending with a letter or digit. */
export const SLUG_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{1,38})[A-Za-z0-9]$/

/** An absolute http(s) URL: never `javascript:`, `data:` or another scheme a page would run or load. */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}

/** `s` cut to at most `max` UTF-16 units without splitting a surrogate pair (a lone half is not text). */
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s
  const code = s.charCodeAt(max - 1)
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

export const Email = v.pipe(
  v.string('validation.email.invalid'),
  v.trim(),
  v.nonEmpty('validation.email.required'),
  v.maxLength(254, 'validation.email.invalid'),
  v.regex(EMAIL_PATTERN, 'validation.email.invalid'),
  v.toLowerCase(),
)

export const Password = v.pipe(
  v.string('validation.password.required'),
  v.nonEmpty('validation.password.required'),
  v.minLength(8, 'validation.password.min_length'),
  v.maxLength(200, 'validation.password.max_length'),
  v.regex(PASSWORD_SPECIAL, 'validation.password.special'),
)

export const Name = v.pipe(
  v.string('validation.name.required'),
  documents({ pattern: NOT_BLANK_TEXT }),
  v.trim(),
  v.nonEmpty('validation.name.required'),
  v.maxLength(100, 'validation.name.max_length'),
)

/** The name a person accepting an invite gives: the same rule, asked for as a first name. */
export const FirstName = v.pipe(
  v.string('validation.name.first_required'),
  v.trim(),
  v.nonEmpty('validation.name.first_required'),
  v.maxLength(100, 'validation.name.max_length'),
)

export const Slug = v.pipe(
  v.string('validation.slug.invalid'),
  v.trim(),
  v.regex(SLUG_PATTERN, 'validation.slug.invalid'),
)

export const Locale = v.picklist(LOCALES, 'validation.locale.invalid')

/** A one-time token as it travels in links: URL-safe base64, bounded. */
export const OpaqueToken = v.pipe(
  v.string('validation.token.required'),
  v.nonEmpty('validation.token.required'),
  v.maxLength(2048, 'validation.token.invalid'),
)

/** Every top-level route of the app, and a few names worth keeping: never a reader's slug. */
export const RESERVED_SLUGS = new Set([
  '404', 'notfound', 'account', 'admin', 'api', 'app', 'assets', 'books', 'dashboard', 'demo',
  'forgotpassword', 'help', 'icons', 'login', 'logout', 'magic', 'manifest', 'offline', 'plans',
  'public', 'resetpassword', 'settings', 'signin', 'signout', 'signup', 'static', 'stats', 'support', 'sw',
  'welcome', 'www', 'tbr',
])

export const isReservedSlug = (slug: string) => RESERVED_SLUGS.has(slug.toLowerCase())

export const PublicSlug = v.pipe(
  Slug,
  v.check((s) => !isReservedSlug(s), 'validation.slug.reserved'),
)

export const SlugInput = v.object({ slug: PublicSlug })
