// The API calls that need no session; every other call answers 401 without a bearer token
// (src/server/middleware/auth.ts requireAuth). The client's HTTP client refuses to send any
// other call without one (First impressions item 14: sign-out fired private reads without a
// token). tests/integration/public-api.test.ts checks this list against the server's routes.

const PUBLIC: readonly (readonly [method: string, path: RegExp])[] = [
  ['GET', /^health$/],
  ['POST', /^account$/], // sign-up
  ['GET', /^auth$/], // "is this token a session?" (answers authenticated: false)
  ['POST', /^auth$/], // sign-in
  ['DELETE', /^auth$/], // sign-out
  ['POST', /^auth\/(magic|magic\/verify|password\/reset\/request|password\/reset)$/],
  ['POST', /^auth\/(otp|impersonate)$/], // a second factor's code; a support sign-in token
  ['POST', /^auth\/passkey(\/options)?$/], // a passkey sign-in (issue 14 item 2)
  // Social sign-in (issue 14 item 3): the providers for the buttons; the browser itself goes to
  // the provider and back (navigations, not calls of the client).
  ['GET', /^auth\/social(\/[^/]+(\/callback)?)?$/],
  ['POST', /^user\/(verify|email\/revert)$/], // mailed links carry their own token
  // issue 12: an invite link opened signed out, accepted as a new person or with a password.
  ['GET', /^invite\/[^/]+$/],
  ['POST', /^invite\/accept$/],
  ['POST', /^user$/],
  ['GET', /^public\/[^/]+$/], // a public list
  ['GET', /^avatar\/[^/]+$/], // an avatar picture (issue 16 item 6; public lists show it)
  ['GET', /^dev\/outbox$/], // decisions §3, development and tests only
  ['GET', /^(openapi\.json|docs)$/], // decisions §12: the API's document and reference page
  // decisions §10: card tokens and the 3-D Secure stand-in (the client secret is the credential);
  // Stripe's webhook carries its signature.
  ['POST', /^payment\/(local\/token|local\/confirm|stripe\/webhook)$/],
]

/** `path`: under /api, with or without the `/api/` prefix and a query string. */
export function isPublicApiCall(method: string, path: string): boolean {
  const bare = path
    .replace(/[?#].*$/, '')
    .replace(/^\/?(api\/)?/, '')
    .replace(/\/$/, '')
  const m = method.toUpperCase()
  return PUBLIC.some(([method, pattern]) => method === m && pattern.test(bare))
}
