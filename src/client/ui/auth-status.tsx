import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as Alert from './alert'
import { AuthHeading, authFooter } from './auth-heading'
import { TextLink } from './page-link'
import { Spinner } from './spinner'

// The states a signed-out screen passes through besides its form: working on a link (signing in,
// opening a support session) and a link or step that cannot go on, with the way back to sign-in.

const pending = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })

/** What an auth screen shows while it works: a spinner and what it is doing, announced. */
export function AuthPending({ children }: { children: ReactNode }) {
  return (
    <div className={pending} role="status">
      <Spinner size="md" />
      {children}
    </div>
  )
}

/** The footer link back to the sign-in page. */
export function BackToSignIn() {
  return (
    <p className={authFooter}>
      <TextLink to="/signin">
        <Trans>Back to sign in</Trans>
      </TextLink>
    </p>
  )
}

/** An auth screen that cannot go on: its title, why (an error alert), and the way back to sign-in. */
export function AuthFailure({
  title,
  children,
  footer = <BackToSignIn />,
}: {
  title: ReactNode
  children: ReactNode
  /** What follows the alert (the way back to sign-in unless the page gives another). */
  footer?: ReactNode
}) {
  return (
    <>
      <AuthHeading title={title} />
      <Alert.Root status="error">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Description>{children}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {footer}
    </>
  )
}
