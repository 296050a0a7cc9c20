import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { ForgotPasswordPage } from '~/client/features/auth/components/forgot-password-page'
import { HomePage } from '~/client/features/auth/components/home-page'
import { MagicPage } from '~/client/features/auth/components/magic-page'
import { SignUpPage } from '~/client/features/auth/components/sign-up-page'
import { AuthLayoutView } from '~/client/layouts/auth-layout-view'
import { LocaleSwitchView } from '~/client/layouts/locale-switch-view'
import { SignInScreen } from './sign-in-screen'
import { safeRedirect } from '~/client/lib/session/redirect'
import type { Locale } from '~/shared/schemas/common'
import type { AuthPayload } from '~/shared/public-ssr'

/**
 * A server-rendered signed-out screen (decision 53): the same layout and page components as
 * the SPA's auth routes (routes/_auth*.tsx), with the query checked as those routes check it,
 * rendered to HTML on the server (render.tsx) and hydrated by auth-main.tsx, both through
 * preact/compat. Links are full-page navigations and a sign-in stores the session and loads the
 * app (the defaults of ui/page-link.tsx and lib/session/completion.tsx).
 */
export function AuthApp({ i18n, payload, onLocale }: { i18n: I18n; payload: AuthPayload; onLocale: (locale: Locale) => void }) {
  return (
    <I18nProvider i18n={i18n}>
      <AuthLayoutView quote={payload.quote} localeSwitch={<LocaleSwitchView onChange={onLocale} />}>
        <Screen payload={payload} />
      </AuthLayoutView>
    </I18nProvider>
  )
}

function Screen({ payload: { screen, search, providers } }: { payload: AuthPayload }) {
  const error = search.error || undefined
  const redirect = safeRedirect(search.redirect)
  switch (screen) {
    case 'home':
      return <HomePage error={error} />
    case 'signin':
      return <SignInScreen error={error} redirect={redirect} providers={providers} />
    case 'signup':
      return <SignUpPage />
    case 'forgotpassword':
      return <ForgotPasswordPage />
    case 'magic':
      return <MagicPage token={search.token || undefined} />
  }
}
