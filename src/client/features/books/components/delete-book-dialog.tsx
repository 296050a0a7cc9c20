import { Trans, useLingui } from '@lingui/react/macro'
import { memo, useRef } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { ConfirmDialog } from '~/client/ui/confirm-dialog'

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

/** Confirms a delete; Cancel is focused first. Memoised: the list around it draws on every
 *  keystroke of its search, the dialog only when its book changes. */
export const DeleteBookDialog = memo(function DeleteBookDialog({
  book,
  onClose,
  onConfirm,
  afterDelete,
}: DeleteBookDialogProps) {
  const { t } = useLingui()
  const deleted = useRef(false)
  const title = book?.title ?? ''
  return (
    <ConfirmDialog
      open={book !== null}
      title={<Trans>Delete “{title}”?</Trans>}
      titleClassName={titleStyle}
      description={
        <Trans>
          It will be removed from your list on all your devices. You can undo this from the notice that follows.
        </Trans>
      }
      confirmLabel={t`Delete`}
      onClose={onClose}
      onConfirm={async () => {
        if (!book) return
        await onConfirm(book)
        deleted.current = true
      }}
      finalFocusEl={() => {
        const after = deleted.current ? (afterDelete?.() ?? null) : null
        deleted.current = false
        return after
      }}
    />
  )
})
