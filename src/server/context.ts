import type { Context } from 'hono'
import * as v from 'valibot'
import type { Locale } from '~/shared/schemas/common'
import type { Role } from '~/shared/permissions'
import type { KeyScope } from '~/shared/schemas/key'
import { splitValues } from '~/shared/schemas/message-values'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { accounts, memberships, users } from './db/schema'
import { isMessageKey, translate, type MessageKey } from './messages'
import { ApiError } from './lib/errors'
import { fieldOf, findIllFormedText, isWellFormedText, nestsDeeperThan, type Path } from './lib/input'
import type { Background } from './lib/background'
import type { Mailer } from './services/mail'
import type Stripe from 'stripe'
import type { PaymentProvider } from './services/payments/types'
import type { Plan } from './services/plans'
import type { SocialProvider } from './services/social-config'

export interface Deps {
  config: Config
  database: Database
  db: Db
  mailer: Mailer
  /** HS256 key for session tokens. */
  secret: Uint8Array
  /** Origin used in links inside mails. */
  appUrl: string
  plans: Plan[]
  /** Tasks an answer does not wait for (sign-in notices). */
  background: Background
  /** PAYMENT_PROVIDER's implementation (services/payments). */
  payments: PaymentProvider
  /** The Stripe SDK client when PAYMENT_PROVIDER=stripe (webhooks verify with it). */
  stripe?: Stripe
  /** SOCIAL_PROVIDERS (services/social-config.ts): the social sign-in buttons that show. */
  socialProviders: SocialProvider[]
}

export interface Auth {
  sessionId: string
  user: typeof users.$inferSelect
  account: typeof accounts.$inferSelect
  membership: typeof memberships.$inferSelect
  role: Role
  duplicateUser: boolean
  /** The master user who opened this support session, or null. */
  impersonatorId: string | null
}

/**
 * Who a call acts for, on the calls an API key may make (shared/api/calls.ts): a member's
 * session, or an API key acting for the account, never for a person. Those
 * routes read the account from here; `auth` is set for sessions only.
 */
export type Actor =
  | { via: 'session'; account: Auth['account'] }
  | { via: 'key'; account: Auth['account']; keyId: string; scopes: readonly KeyScope[] }

export type AppEnv = {
  Variables: {
    deps: Deps
    locale: Locale
    ip: string
    auth: Auth
    actor: Actor
  }
}

export type Ctx = Context<AppEnv>

/**
 * Reads the JSON body: an object (every call takes one; an array would pass an object schema as
 * `{}`), nested at most MAX_JSON_DEPTH levels, checked before anything walks it.
 */
export async function readJson(c: Ctx): Promise<Record<string, unknown>> {
  let raw: unknown
  try {
    const text = await c.req.text()
    raw = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new ApiError(400, 'error.invalid_json')
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError(400, 'error.bad_request')
  if (nestsDeeperThan(raw)) throw new ApiError(400, 'error.too_deep')
  return raw as Record<string, unknown>
}

/** Reads the JSON body and validates it with a shared schema; bad input is a 400 naming the field. */
export async function readBody<S extends v.GenericSchema>(
  c: Ctx,
  schema: S,
  opts?: ValidateOptions,
): Promise<v.InferOutput<S>> {
  return validate(schema, await readJson(c), opts)
}

export interface ValidateOptions {
  /** Subtrees whose text another check owns (each batch mutation's data is validated alone). */
  skipText?: (path: Path) => boolean
}

/**
 * Validates input with a shared schema. Every string in it, keys included, must be well-formed
 * text (no NUL, no lone surrogate): checked here once for every route, whatever the schema.
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
  opts: ValidateOptions = {},
): v.InferOutput<S> {
  const bad = findIllFormedText(raw, opts.skipText)
  if (bad) throw new ApiError(400, 'validation.text.invalid_char', { inputError: fieldOf(bad) })
  const result = v.safeParse(schema, raw)
  if (result.success) return result.output
  const issue = pickIssue(result.issues)
  const field = issue.path?.map((p) => p.key).find((k) => typeof k === 'string') as string | undefined
  throw new ApiError(400, messageKey(issue, field), {
    params: splitValues(issue.message).values,
    inputError: field ?? (issue.kind === 'schema' && issue.type === 'strict_object' ? String(issue.input) : undefined),
  })
}

/**
 * A path parameter (`/api/books/:id` → `id`), refused with a 400 naming it when it is not
 * well-formed text (`/api/books/%00`).
 */
export function pathParam(c: Ctx, name: string): string {
  const value = c.req.param(name) ?? ''
  if (!isWellFormedText(value)) throw new ApiError(400, 'validation.text.invalid_char', { inputError: name })
  return value
}

/** A path id, normalised the way ids are stored (UUIDs are lower-case: `BookId`). */
export const pathId = (c: Ctx, name: string) => normaliseId(pathParam(c, name))

export const normaliseId = (id: string) => id.trim().toLowerCase()

function messageKey(issue: v.BaseIssue<unknown>, field: string | undefined): MessageKey {
  if (isMessageKey(issue.message)) return issue.message
  const { id } = splitValues(issue.message)
  if (isMessageKey(id)) return id
  // A missing key is reported by the object, not by the field's schema, so it carries no field
  // message: use the field's "required" message (e.g. validation.password.required).
  if (field && issue.kind === 'schema' && issue.received === 'undefined') {
    const required = `validation.${field}.required`
    return isMessageKey(required) ? required : 'validation.required'
  }
  return 'validation.invalid'
}

// In a union, report the issue of the branch that got furthest rather than the union itself.
function pickIssue(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): v.BaseIssue<unknown> {
  const first = issues[0]
  if (first.type === 'union' && first.issues?.length) return pickIssue(first.issues as never)
  return first
}

export function t(c: Ctx, key: Parameters<typeof translate>[1], params?: Record<string, string | number>) {
  return translate(c.get('locale'), key, params)
}
