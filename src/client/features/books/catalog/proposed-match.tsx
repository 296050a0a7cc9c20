import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { db, type LocalBook } from '~/client/db'
import { BookCover } from '~/client/ui/book-cover'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import { acceptMatch, refuseMatch } from './lookups'

// A book added offline was looked up once back online; the match waits here
// for the reader, who accepts it (cover, ISBN, pages, year fill in) or refuses it (remembered).

const styles = {
  row: css({ display: 'flex', gap: '4', alignItems: 'flex-start' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 }),
  heading: headingRecipe({ size: 'md' }),
  meta: textRecipe({ tone: 'muted', size: 'sm' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '2' }),
}

export function ProposedMatch({ book }: { book: LocalBook }) {
  const { t } = useLingui()
  const lookup = useLiveQuery(() => db.lookups.get(book.id), [book.id])
  const [busy, setBusy] = useState(false)
  const match = lookup?.state === 'proposed' ? lookup.match : null
  if (!match) return null
  const title = match.title
  const meta = [match.author, match.year != null ? String(match.year) : null, match.pages != null ? t`${match.pages} pages` : null]
    .filter(Boolean)
    .join(' · ')
  return (
    <Card.Root>
      <Card.Body>
        <section aria-labelledby="proposed-match" className={styles.row} data-testid="proposed-match">
          <BookCover url={match.imageUrl} size="lg" />
          <div className={styles.text}>
            <h2 id="proposed-match" className={styles.heading}>
              <Trans>Is this the book? Found in the catalogue:</Trans>
            </h2>
            <p>{title}</p>
            {meta && <p className={styles.meta}>{meta}</p>}
            <div className={styles.actions}>
              <Button
                loading={busy}
                onClick={async () => {
                  setBusy(true)
                  await acceptMatch(book, match).finally(() => setBusy(false))
                }}
              >
                <Trans>Yes, use it</Trans>
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => void refuseMatch(book.id)}>
                <Trans>No, not this book</Trans>
              </Button>
            </div>
          </div>
        </section>
      </Card.Body>
    </Card.Root>
  )
}
