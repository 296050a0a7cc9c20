import { Trans, useLingui } from '@lingui/react/macro'
import { ScanBarcode } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import type { CatalogBook } from '~/shared/schemas/catalog'
import { ScanView } from './scan-view'

const styles = {
  // Level with the search input under its label.
  button: css({ mt: '26px', flexShrink: 0 }),
}

/** "Scan" on /books/new: reads a book's barcode with the camera in a dialog. */
export function ScanButton({ onFound }: { onFound: (book: CatalogBook) => void }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" className={styles.button} icon={<ScanBarcode size={18} aria-hidden />} onClick={() => setOpen(true)}>
        <Trans>Scan</Trans>
      </Button>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Dialog.Content aria-label={t`Scan a barcode`}>
          <Dialog.Title>
            <Trans>Scan the barcode</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>Hold the book’s barcode (on the back cover) in front of the camera.</Trans>
          </Dialog.Description>
          {/* Mounted only while open: unmounting stops the camera (scan-view.tsx). */}
          {open && (
            <ScanView
              onFound={(book) => {
                onFound(book)
                setOpen(false)
              }}
            />
          )}
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="outline">
                <Trans>Close</Trans>
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </>
  )
}
