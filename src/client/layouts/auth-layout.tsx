import { Outlet } from '@tanstack/react-router'
import { SignInCompletionProvider } from '~/client/lib/session/completion'
import { completeSignIn } from '~/client/lib/session'
import { RouterPageLink } from '~/client/ui/link'
import { PageLinkProvider } from '~/client/ui/page-link'
import { AuthLayoutView } from './auth-layout-view'
import { LocaleSwitch } from './locale-switch'
import { PageTransition } from './page-transition'

/**
 * The SPA's auth routes: the layout view with the router's links and the app's sign-in (session
 * in Dexie, in-app navigation); the server-rendered screens give it theirs (src/client/public).
 */
export function AuthLayout() {
  return (
    <PageLinkProvider value={RouterPageLink}>
      <SignInCompletionProvider value={completeSignIn}>
        <AuthLayoutView localeSwitch={<LocaleSwitch />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </AuthLayoutView>
      </SignInCompletionProvider>
    </PageLinkProvider>
  )
}
