import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { activateLocale, i18n, initialLocale } from './i18n'
import './index.css'
import { startAppServices } from './app-services'
import { installErrorHandling } from './lib/error-handling'
import { queryClient } from './lib/query-client'
import { refreshSession, SessionProvider } from './lib/session'
import { storedLocale } from './lib/session-token'
import { router } from './router'
import { restoreCarriedToasts, Toaster } from './ui/toast'

installErrorHandling()
// The opening screen's code downloads while the catalog does: one round trip before the first
// paint instead of two (Lighthouse, throttled phone network).
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
  void router.loadRouteChunk(route)?.catch(() => undefined)
}
// Before sign-in the language is the stored choice or the browser's; the signed-in
// user's saved locale replaces it once the user record loads (SessionProvider).
await activateLocale(initialLocale(storedLocale.get()))
// The session is refreshed from the server on load (not awaited: offline-first).
void refreshSession()
startAppServices()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
)

// A server-rendered signed-out screen that signed in (or up) and loaded the app left its
// success message here (ui/toast carryToasts).
restoreCarriedToasts()
