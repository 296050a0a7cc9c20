import { SignInPage } from '~/client/features/auth/components/sign-in-page'
import type { SocialProvider } from '~/client/features/auth/components/social-buttons-view'
import { PasskeySignIn } from '~/client/features/passkeys/components/passkey-sign-in'

/**
 * /signin as both the app's route and the server-rendered screen draw it: the sign-in page with
 * the passkey button, which leads to the same `redirect` as the other ways in.
 */
export function SignInScreen(props: { error?: string; redirect?: string; providers: SocialProvider[] }) {
  return <SignInPage {...props} passkey={<PasskeySignIn redirect={props.redirect} />} />
}
