import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { handleError } from '~/client/lib/http'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import * as Form from '~/client/ui/form'
import { toast } from '~/client/ui/toast'
import { grantableRoles } from '~/shared/permissions'
import { ChangeRoleInput } from '~/shared/schemas/team'
import { changeRole, teamQuery } from '../api'
import { ROLE_LABELS } from '../role-labels'

/** Edit: a member's role, among those below the editor's own. */
export function RoleDialog(props: { member: { id: string; name: string; permission: string } | null; role: string; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { member } = props
  const options = grantableRoles(props.role).map((r) => ({ value: r, label: i18n._(ROLE_LABELS[r]) }))
  return (
    <Dialog.Root open={member !== null} onOpenChange={(e) => !e.open && props.onClose()} lazyMount unmountOnExit>
      <Dialog.Content>
        <Dialog.Title>{t`Change the role of ${member?.name ?? ''}`}</Dialog.Title>
        {member && (
          <Form.Root
            schema={ChangeRoleInput}
            defaultValues={{ permission: member.permission as never }}
            submit={(values) => changeRole(member.id, values.permission)}
            onlineOnly
            aria-label={t`Change role`}
            onSuccess={async () => {
              await queryClient.invalidateQueries({ queryKey: teamQuery().queryKey })
              props.onClose()
            }}
          >
            <Form.Select name="permission" label={t`Role`} options={options} required />
            <Form.Submit>{t`Save role`}</Form.Submit>
          </Form.Root>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** A confirmation before removing a member or withdrawing an invite; Cancel is focused first. */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  description: string
  confirm: string
  onConfirm: () => Promise<{ message?: string }>
  onClose: () => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const res = await props.onConfirm()
      if (res.message) toast({ variant: 'success', title: res.message })
      await queryClient.invalidateQueries({ queryKey: teamQuery().queryKey })
      props.onClose()
    } catch (error) {
      await handleError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root
      open={props.open}
      role="alertdialog"
      onOpenChange={(e) => !e.open && props.onClose()}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-confirm-cancel]')}
    >
      <Dialog.Content>
        <Dialog.Title>{props.title}</Dialog.Title>
        <Dialog.Description>{props.description}</Dialog.Description>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline" data-confirm-cancel>
              {t`Cancel`}
            </Button>
          </Dialog.CloseTrigger>
          <Button variant="danger" loading={busy} onClick={() => void run()}>
            {props.confirm}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
