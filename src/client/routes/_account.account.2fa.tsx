import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { PasskeysCard } from '~/client/features/passkeys/components/passkeys-card'
import { TwoFactorPage } from '~/client/features/two-factor/components/two-factor-page'
import { accountPage } from '~/client/layouts/page-meta'

// /account/2fa (user): the state of two-factor authentication and its steps.
export const Route = createFileRoute('/_account/account/2fa')({
  staticData: accountPage(msg`Two-factor authentication`, '/account/2fa'),
  component: function AccountTwoFactor() {
    // The code app and the passkeys: the two ways of a second step.
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <TwoFactorPage />
        <PasskeysCard />
      </div>
    )
  },
})
