import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { handleError } from '~/client/lib/http'
import { useSession } from '~/client/lib/session'
import { useOnline } from '~/client/lib/use-online'
import * as Card from '~/client/ui/card'
import { Switch } from '~/client/ui/switch'
import { toast } from '~/client/ui/toast'
import { supportSessionsQuery } from '../api/support-sessions'
import { updateSupportAccess } from '../api/update-support-access'

/** /help: a support-access switch, saved at once (online only). */
export function SupportAccess() {
  const { t } = useLingui()
  const { user } = useSession()
  const online = useOnline()
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<boolean | null>(null)
  if (!user) return null
  const checked = pending ?? user.support_enabled
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t`Support access`}</Card.Title>
        <Card.Description>
          {t`Let our support team see your account while they help you. You can turn it off at any time.`}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Switch
          name="support_enabled"
          label={checked ? t`Support access is on` : t`Support access is off`}
          checked={checked}
          disabled={!online || pending !== null}
          onCheckedChange={async (d) => {
            setPending(d.checked)
            try {
              const res = await updateSupportAccess(d.checked)
              // Turning it off ends any open support session: the list below shows that.
              await queryClient.invalidateQueries({ queryKey: supportSessionsQuery().queryKey })
              toast({ variant: 'success', title: res.message ?? (d.checked ? t`Support access is on` : t`Support access is off`) })
            } catch (error) {
              await handleError(error)
            } finally {
              setPending(null)
            }
          }}
        />
        {!online && <Card.Description>{t`You are offline. Connect to the internet to change this.`}</Card.Description>}
      </Card.Body>
    </Card.Root>
  )
}
