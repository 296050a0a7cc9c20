import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'

// A long title wraps anywhere rather than widening the dialog.
const titleStyle = css({ overflowWrap: 'anywhere' })

export interface DeleteBookDialogProps {
  /** The book to confirm; null keeps the dialog closed. */
  book: LocalBook | null
  onClose: () => void
  onConfirm: (book: LocalBook) => Promise<void>
  /** Where focus goes after a delete (the row and its button are gone). */
  afterDelete?: () => HTMLElement | null
}

/** Confirms a delete (Ark Dialog as an alert dialog); Cancel is focused first. */
export function DeleteBookDialog({ book, onClose, onConfirm, afterDelete }: DeleteBookDialogProps) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const deleted = useRef(false)
  const title = book?.title ?? ''
  return (
    <Dialog.Root
      open={book !== null}
      role="alertdialog"
      onOpenChange={(e) => {
        if (!e.open) onClose()
      }}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-dialog-cancel]')}
      finalFocusEl={() => {
        const after = deleted.current ? (afterDelete?.() ?? null) : null
        deleted.current = false
        return after
      }}
    >
      <Dialog.Content>
        <Dialog.Title className={titleStyle}>
          <Trans>Delete “{title}”?</Trans>
        </Dialog.Title>
        <Dialog.Description>
          <Trans>
            It will be removed from your list on all your devices. You can undo this from the notice that follows.
          </Trans>
        </Dialog.Description>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline" data-dialog-cancel>
              {t`Cancel`}
            </Button>
          </Dialog.CloseTrigger>
          <Button
            variant="danger"
            loading={busy}
            onClick={async () => {
              if (!book) return
              setBusy(true)
              try {
                await onConfirm(book)
                deleted.current = true
              } finally {
                setBusy(false)
                onClose()
              }
            }}
          >
            {t`Delete`}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
