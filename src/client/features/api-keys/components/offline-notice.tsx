import { Trans } from '@lingui/react/macro'
import * as Alert from '~/client/ui/alert'

/** decisions §7: key screens need the server; offline they say so (decisions §9: "offline"). */
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
