import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { sva } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { Button } from '~/client/ui/button'

const dialog = sva({
  slots: ['backdrop', 'positioner', 'content', 'title', 'description', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', zIndex: 'overlay', bg: 'black/50', animation: 'fadeIn 0.15s', _motionReduce: { animation: 'none' } },
    positioner: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4' },
    content: {
      w: 'full',
      maxW: 'md',
      bg: 'bg.panel',
      color: 'fg',
      borderRadius: 'xl',
      borderWidth: '1px',
      borderColor: 'border',
      boxShadow: 'xl',
      p: '6',
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      outline: 'none',
      animation: 'slideUp 0.2s ease-out',
      _motionReduce: { animation: 'none' },
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '3', mt: '3', flexWrap: 'wrap' },
  },
})

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
  const styles = dialog()
  const [busy, setBusy] = useState(false)
  const deleted = useRef(false)
  const title = book?.title ?? ''
  return (
    <Dialog.Root
      open={book !== null}
      role="alertdialog"
      lazyMount
      unmountOnExit
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
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <Dialog.Title className={styles.title}>
              <Trans>Delete “{title}”?</Trans>
            </Dialog.Title>
            <Dialog.Description className={styles.description}>
              <Trans>It will be removed from your list on all your devices. You can undo this from the notice that follows.</Trans>
            </Dialog.Description>
            <div className={styles.footer}>
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
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
