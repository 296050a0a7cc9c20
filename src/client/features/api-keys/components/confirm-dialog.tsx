import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  onClose: () => void
  onConfirm: () => Promise<void>
  /** Offline, the dialog says so through the page and cannot confirm. */
  disabled?: boolean
}

/** Confirms a destructive key action (revoke, delete) as an alert dialog; Cancel is focused first. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onClose,
  onConfirm,
  disabled,
}: ConfirmDialogProps) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(e) => {
        if (!e.open) onClose()
      }}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-dialog-cancel]')}
    >
      <Dialog.Content>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline" data-dialog-cancel>
              {t`Cancel`}
            </Button>
          </Dialog.CloseTrigger>
          <Button
            variant="danger"
            loading={busy}
            disabled={disabled}
            onClick={async () => {
              setBusy(true)
              try {
                await onConfirm()
              } finally {
                setBusy(false)
                onClose()
              }
            }}
          >
            {confirmLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
