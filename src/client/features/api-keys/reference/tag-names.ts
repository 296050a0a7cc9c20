import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * The document's groups of calls in the reader's language. The OpenAPI document keeps one
 * language (tools read it); the page names its groups through the catalogs, and an unknown group
 * shows as the document names it.
 */
export const TAG_NAMES: Record<string, MessageDescriptor> = {
  'API keys': msg`API keys`,
  Account: msg`Account`,
  Billing: msg`Billing`,
  Books: msg`Books`,
  Catalog: msg`Catalog`,
  Development: msg`Development`,
  Profile: msg`Profile`,
  Public: msg`Public`,
  Security: msg`Security`,
  Service: msg`Service`,
  'Sign-in': msg`Sign-in`,
  Support: msg`Support`,
  Team: msg`Team`,
}
