import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import * as Alert from '~/client/ui/alert'

/** "Check your email" after a mailed link was asked for; the text says which link and for how long. */
export function CheckEmailAlert({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="success">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>
          <Trans>Check your email</Trans>
        </Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
