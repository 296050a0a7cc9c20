import { KEY_SCOPES } from '../schemas/key'
import type { ApiText } from './types'

// The OpenAPI document's introduction: the document gives it in English (for tools), the
// reference page in the reader's language, both from this one text.

export const API_INTRODUCTION: ApiText = /*i18n*/ {
  id: 'api.introduction',
  message: `Script your to-be-read list: add books from a shortcut, export them, show them on a blog.

Authenticate with \`Authorization: Bearer <key>\`. Create keys on /account/apikeys (owners and developers, on a plan that includes API keys). A key starts with \`tbr_\`, acts for the account (never for a person), and may call only what its scopes allow: {scopes}. Anything else is 403; a revoked or deleted key is 401. Calls that need no credentials answer the same with or without a key.

Each key may make a limited number of calls per minute: answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; past the limit the answer is 429 with \`Retry-After\`.

Book writes accept an \`Idempotency-Key\` header, so a retried call is applied once. A method a path does not support answers 405 with an \`Allow\` header.`,
}

/** The introduction's placeholders: the key scopes, each as code. */
export const introductionValues = () => ({ scopes: KEY_SCOPES.map((s) => `\`${s}\``).join(', ') })
