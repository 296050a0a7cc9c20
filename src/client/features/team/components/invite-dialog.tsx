import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { grantableRoles } from '~/shared/permissions'
import { InviteInput } from '~/shared/schemas/team'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import * as Form from '~/client/ui/form'
import { sendInvites, teamQuery } from '../api'
import { ROLE_LABELS } from '../role-labels'

/**
 * The "Invite" action of /account/users: a list of addresses (several,
 * separated by commas) and one role among those below the inviter's. Cancel
 * closes it without sending anything.
 */
export function InviteDialog({ open, onClose, role }: { open: boolean; onClose: () => void; role: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const options = grantableRoles(role).map((r) => ({ value: r, label: i18n._(ROLE_LABELS[r]) }))
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content>
        <Dialog.Title>{t`Invite people`}</Dialog.Title>
        <Dialog.Description>{t`Each address gets an email with a link to join. The link works once, for 7 days.`}</Dialog.Description>
        <Form.Root
          schema={InviteInput}
          defaultValues={{ email: '', permission: 'user' }}
          submit={sendInvites}
          onlineOnly
          aria-label={t`Invite people`}
          onSuccess={async () => {
            await queryClient.invalidateQueries({ queryKey: teamQuery().queryKey })
            onClose()
          }}
        >
          <Form.Text
            name="email"
            label={t`Email addresses`}
            helperText={t`Separate several addresses with commas.`}
            autoComplete="off"
            required
          />
          <Form.Select name="permission" label={t`Role`} options={options} required />
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="outline" size="lg">
                {t`Cancel`}
              </Button>
            </Dialog.CloseTrigger>
            <Form.Submit fullWidth={false}>{t`Send invites`}</Form.Submit>
          </Dialog.Footer>
        </Form.Root>
      </Dialog.Content>
    </Dialog.Root>
  )
}
