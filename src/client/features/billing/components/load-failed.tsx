import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import * as Alert from '~/client/ui/alert'
import { useOnline } from '~/client/lib/use-online'

/**
 * A billing read that did not arrive. Billing needs the server; offline the screen
 * says so (its forms' submit buttons are disabled by the form kit).
 */
export function LoadFailed({ what }: { what: ReactNode }) {
  const online = useOnline()
  return (
    <Alert.Root status={online ? 'error' : 'warning'} data-testid="billing-offline">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>
          {online ? (
            <>
              {what} <Trans>Please reload the page.</Trans>
            </>
          ) : (
            <Trans>You are offline. Billing needs a connection: connect to the internet to continue.</Trans>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
