import { useLiveQuery } from 'dexie-react-hooks'
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { readUser, type UserRow } from '~/client/db'
import { activateLocale, i18n } from '~/client/i18n'
import { showDisplayMode } from '../display-mode'
import { storedAccountId, storedLocale } from '../session-token'
import { tokenStore } from './token-store'

export interface Session {
  token: string | null
  /** undefined while Dexie loads; null when no user is stored. */
  user: UserRow | null | undefined
  signedIn: boolean
  /** The display mode in force: the user's choice, else the system's. */
  dark: boolean
}

const SessionContext = createContext<Session | null>(null)

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)')

function subscribeSystemDark(onChange: () => void) {
  const media = darkQuery()
  media?.addEventListener('change', onChange)
  return () => media?.removeEventListener('change', onChange)
}

/** Exposes the stored user (Dexie, live) and token; applies the user's language and display mode. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null)
  const user = useLiveQuery(async () => (await readUser()) ?? null, [], undefined)
  const systemDark = useSyncExternalStore(subscribeSystemDark, () => darkQuery()?.matches ?? false, () => false)
  const signedIn = !!token && !!user
  const dark = signedIn ? user.dark_mode : systemDark

  // The app container (and html) gains or loses the dark class.
  useEffect(() => showDisplayMode(dark), [dark])

  // The public page (src/client/public) tells a visitor's own list from this, without Dexie.
  const accountId = user === undefined ? undefined : (user?.account_id ?? null)
  useEffect(() => {
    if (accountId !== undefined) storedAccountId.set(token ? accountId : null)
  }, [accountId, token])

  // The language comes from the saved user locale.
  const locale = signedIn ? user.locale : undefined
  useEffect(() => {
    if (locale && locale !== i18n.locale) {
      storedLocale.set(locale)
      void activateLocale(locale)
    }
  }, [locale])

  const value = useMemo(() => ({ token, user, signedIn, dark }), [token, user, signedIn, dark])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession needs <SessionProvider>')
  return session
}
