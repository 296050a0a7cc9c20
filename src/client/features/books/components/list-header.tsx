import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Download, Plus, Upload } from 'lucide-react'
import { memo } from 'react'
import { css } from 'styled-system/css'
import { Button, buttonRecipe } from '~/client/ui/button'
import { downloadExport } from '../actions'

const styles = {
  header: css({
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: '4',
    flexWrap: 'wrap',
    mb: '6',
  }),
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight', outline: 'none' }),
  lead: css({ color: 'fg.muted', mt: '1' }),
  headerActions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
}

/** The title, the count and the header's actions: drawn again only when the count changes. */
export const ListHeader = memo(function ListHeader({
  all,
  arriving,
  heading,
}: {
  all: number | undefined
  /** The books are on their way to this device: there is nothing to export yet. */
  arriving: boolean
  heading: React.RefObject<HTMLHeadingElement | null>
}) {
  const { i18n } = useLingui()
  const allText = all === undefined ? '' : i18n.number(all)
  return (
    <header className={styles.header}>
      <div>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          <Trans>My books</Trans>
        </h1>
        {!!all && (
          <p className={styles.lead}>
            {all === 1 ? <Trans>1 book on your list</Trans> : <Trans>{allText} books on your list</Trans>}
          </p>
        )}
      </div>
      {all !== 0 && (
        <div className={styles.headerActions}>
          <Link to="/books/import" className={buttonRecipe({ variant: 'outline', size: 'md' })}>
            <Upload aria-hidden size={18} />
            <Trans>Import</Trans>
          </Link>
          <Button
            variant="outline"
            icon={<Download aria-hidden size={18} />}
            disabled={arriving}
            onClick={() => void downloadExport()}
          >
            <Trans>Export</Trans>
          </Button>
          <Link to="/books/new" className={buttonRecipe({ variant: 'solid', size: 'md' })}>
            <Plus aria-hidden size={18} />
            <Trans>Add a book</Trans>
          </Link>
        </div>
      )}
    </header>
  )
})
