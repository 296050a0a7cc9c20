import { Trans } from '@lingui/react/macro'
import * as Alert from '~/client/ui/alert'

/** Key screens need the server; offline they say so ("offline"). */
export function OfflineNotice() {
  return (
    <Alert.Root status="warning">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>
          <Trans>You are offline. API keys can be managed only while you are online.</Trans>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
