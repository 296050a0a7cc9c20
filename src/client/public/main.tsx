import { i18n } from '@lingui/core'
import { useLayoutEffect, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PublicBook } from '~/client/features/public-list/api/public-list'
import { sessionToken, storedAccountId, storedLocale } from '~/client/lib/session-token'
import { PUBLIC_DATA_ID, type PublicPayload } from '~/shared/public-ssr'
import { applyTheme } from './theme'
import { PublicApp } from './public-app'
import { createSlicedHydration } from './sliced-hydration'
import { ItemGateContext } from '~/client/features/public-list/item-gate'

// The light client entry of the server-rendered public list /{slug} (decisions 50, 55):
// built with react aliased to preact/compat (public/vite.config.ts), it hydrates the server's
// HTML from the data embedded in it: no API call on load (the HTML answer counted the view), no
// router, query cache, Dexie or sync engine. "Add to my list" and the service worker load later.

const payload = JSON.parse(document.getElementById(PUBLIC_DATA_ID)!.textContent!) as PublicPayload
i18n.loadAndActivate({ locale: payload.locale, messages: payload.messages as never })

/** The session as this device stores it, read without Dexie. */
function storedSession(): PublicPayload['session'] {
  const token = sessionToken.get()
  return { signedIn: !!token, own: !!token && storedAccountId.get() === payload.data.account.id }
}

/**
 * A token whose account this page has not been told yet (the app stores it once it has loaded
 * the user) is asked once (GET /api/user), so the owner does not keep "Add to my list"
 * on their own list. A refused token is no session.
 */
async function askedSession(): Promise<PublicPayload['session'] | null> {
  const token = sessionToken.get()
  if (!token || storedAccountId.get()) return null
  try {
    const res = await fetch('/api/user', { headers: { Authorization: `Bearer ${token}` } })
    if (res.status === 401) return { signedIn: false, own: false }
    const account = ((await res.json()) as { data?: { account_id?: string } }).data?.account_id
    if (!account) return null
    storedAccountId.set(account)
    return { signedIn: true, own: account === payload.data.account.id }
  } catch {
    return null // offline: the page is still the list; Add says what happens if tried
  }
}

async function add(book: PublicBook) {
  const { addToMyList } = await import('./add')
  return addToMyList(book)
}

/** The server renders in the chosen language (the cookie storedLocale writes): reload in it. */
function changeLocale(locale: 'en' | 'es') {
  if (locale === payload.locale) return
  storedLocale.set(locale)
  window.location.reload()
}

const slices = createSlicedHydration()

function App() {
  // First as the server drew it (hydration must match), then as this device knows it.
  const [session, setSession] = useState(payload.session)
  // Right after hydration, before the page has finished loading (a layout effect; its update
  // renders in the same task): what this device stores, then what the server says if needed.
  useLayoutEffect(() => {
    const now = storedSession()
    applyTheme(now.signedIn)
    const differs = (s: PublicPayload['session']) => s.signedIn !== session.signedIn || s.own !== session.own
    // The cards still waiting to hydrate do so with the new session (they show or drop "Add").
    const show = (s: PublicPayload['session']) => {
      slices.releaseAll()
      setSession(s)
    }
    if (differs(now)) show(now)
    void askedSession().then((asked) => asked && show(asked))
    // Once, after hydration.
  }, [])
  return (
    <ItemGateContext.Provider value={slices.Gate}>
      <PublicApp i18n={i18n} payload={payload} session={session} onAdd={add} onLocale={changeLocale} />
    </ItemGateContext.Provider>
  )
}

// Hydration in a task of its own after this module's, the cards a few per task after it, or
// all at once on the first input (sliced-hydration.tsx).
slices.start(() => hydrateRoot(document.getElementById('root')!, <App />))

// The service worker keeps this list for offline use and the app shell; it
// registers on idle after load (decision 43), in a chunk of its own.
void import('./register-sw').then((m) => m.register())
