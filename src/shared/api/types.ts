import type { GenericSchema } from 'valibot'
import type { Flag } from '../permissions'
import type { Capability } from '../schemas/billing'
import type { KeyScope } from '../schemas/key'

// The shape of one declaration in the table of API calls (calls.ts). The server's policy
// middleware enforces exactly what a declaration says and nothing else, the OpenAPI document and
// the client's list of calls that need no session are derived from it, and the isolation sweep
// and fuzz tests walk it, so a call cannot exist without a policy nor be forgotten by a test.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call it:
 * - 'none': anyone; credentials are not needed and not looked at (a key is accepted, unused).
 * - 'optional': anyone; the handler reads a session token itself when one comes (sign-out,
 *   "is this a session?", accepting an invite while signed in).
 * - a role flag: a live session whose role in its account holds that flag (401, then 403).
 * - 'staff': a live session of support staff (users.master), never a support session itself.
 */
export type Who = 'none' | 'optional' | Flag | 'staff'

export type Tag =
  | 'Books'
  | 'Catalog'
  | 'Public'
  | 'Account'
  | 'Billing'
  | 'Team'
  | 'API keys'
  | 'Sign-in'
  | 'Profile'
  | 'Security'
  | 'Support'
  | 'Service'
  | 'Development'

/**
 * A text of the table (a summary, a description): its catalog id and its English. The OpenAPI
 * document speaks English, for tools; the reference page shows the same text in the reader's
 * language through the catalogs (`npx lingui extract` collects each one by its i18n marker). The
 * message is ICU: a literal brace is quoted, `'{ id }'`.
 */
export interface ApiText {
  id: string
  message: string
}

export interface ApiCall {
  method: Method
  /** Under /api, in OpenAPI's `{param}` form. */
  path: string
  summary: ApiText
  description?: ApiText
  tag: Tag
  who: Who
  /** The scope an API key needs; without it keys may not make the call (403). */
  key?: KeyScope
  /** The plan capability the account needs (402 naming the cheapest plan that has it). */
  plan?: Capability
  /**
   * A support session (impersonation) may make this call. Unless stated it may not: 403 "not
   * available in a support session". Support may read the person and their books and change books;
   * members, invites, notifications, keys, billing and security settings are not for it, reads included.
   */
  support?: true
  /**
   * Needs a recent proof of identity (a fresh sign-in, or the password sent with the call):
   * `true` on every call, checked before the handler runs (middleware/step-up.ts); 'when-needed'
   * when only some changes the call makes need it (a new address, a first password), so the
   * handler checks it for those.
   */
  stepUp?: true | 'when-needed'
  /**
   * Derives a password (scrypt): refused at the door with 429 while derivations are saturated,
   * before any database work, so a flood of sign-ins costs next to nothing.
   */
  passwordGate?: true
  input?: {
    body?: GenericSchema
    /** An object schema: one entry per query parameter (all optional unless required). */
    query?: Record<string, { schema: GenericSchema; description: ApiText; required?: boolean }>
    params?: Record<string, { schema: GenericSchema; description: ApiText }>
    headers?: Record<string, { schema: GenericSchema; description: ApiText }>
    /** The body is multipart/form-data as well as JSON (an avatar upload). */
    multipart?: true
  }
  /** The success answer's schema (JSON); absent for answers that are not JSON (a PDF, a redirect). */
  answer?: GenericSchema
  /** Status of a successful answer (default 200). */
  status?: number
  /** Statuses the handler itself may answer beyond those the declaration implies (statuses.ts). */
  statuses?: readonly number[]
  /** The success answer is not JSON: its media type (application/pdf, image/webp) or a redirect. */
  produces?: string
}
