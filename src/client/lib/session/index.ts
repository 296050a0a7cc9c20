// Session: token (localStorage) + user (Dexie), the routing rules and the actions
// that change them. Screens use useSession(); routes use requireSession() in beforeLoad.
export { SessionProvider, useSession, type Session } from './context'
export { tokenStore } from './token-store'
export { guardRedirect, nextPathAfterSignIn, nextPathAfterVerify, type RoutingUser } from './guard'
export { requireSession, redirectIfSignedIn } from './route-guards'
export { useSubscriptionRedirect } from './use-subscription-redirect'
export { safeRedirect, pendingRedirect } from './redirect'
export {
  completeSignIn,
  storeSession,
  signOut,
  replacingSession,
  sessionRefused,
  refreshSession,
  recordEvent,
  applyLocale,
  onSignOut,
  beforeSessionEnds,
  signedOutNotice,
  type SignInResponse,
} from './actions'
