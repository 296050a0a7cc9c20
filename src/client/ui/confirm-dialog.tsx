import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Button } from './button'
import * as Dialog from './dialog'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  titleClassName?: string
  description: ReactNode
  confirmLabel: string
  /** "Cancel" unless the safe choice has a name of its own ("Stay signed in"). */
  cancelLabel?: string
  onClose: () => void
  /** The destructive action; the dialog closes when it settles, done or failed. */
  onConfirm: () => Promise<void>
  /** Offline, the dialog says so through the page and cannot confirm. */
  disabled?: boolean
  /** Where focus goes when the dialog closes (null: back to what opened it). */
  finalFocusEl?: () => HTMLElement | null
}

/**
 * Confirms a destructive action as an alert dialog: the safe choice is focused first, so Enter
 * or a stray tap never destroys anything, and the danger button shows progress while it works.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  return (
    <Dialog.Root
      open={props.open}
      role="alertdialog"
      onOpenChange={(e) => {
        if (!e.open) props.onClose()
      }}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-dialog-cancel]')}
      finalFocusEl={props.finalFocusEl}
    >
      <Dialog.Content>
        <Dialog.Title className={props.titleClassName}>{props.title}</Dialog.Title>
        <Dialog.Description>{props.description}</Dialog.Description>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline" data-dialog-cancel>
              {props.cancelLabel ?? t`Cancel`}
            </Button>
          </Dialog.CloseTrigger>
          <Button
            variant="danger"
            loading={busy}
            disabled={props.disabled}
            onClick={async () => {
              setBusy(true)
              try {
                await props.onConfirm()
              } finally {
                setBusy(false)
                props.onClose()
              }
            }}
          >
            {props.confirmLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
