import { plural } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Link } from '~/client/ui/link'
import { Panel } from '~/client/ui/panel'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import type { BookRef, YearStats } from '../year-stats'

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
    gap: '4',
  }),
  h2: headingRecipe({ size: 'lg' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', '& li': { overflowWrap: 'anywhere' } }),
  ranked: css({ listStyle: 'decimal', ps: '5' }),
  item: css({ display: 'flex', justifyContent: 'space-between', gap: '3' }),
  count: css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', flexShrink: 0 }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '4',
    rowGap: '2',
    '& dt': { color: 'fg.muted' },
  }),
  muted: textRecipe({ tone: 'muted' }),
}

function BookLink({ book }: { book: BookRef }) {
  const pages = book.pages
  return (
    <>
      <Link to="/books/$bookId" params={{ bookId: book.id }}>
        {book.title}
      </Link>{' '}
      {pages != null && (
        <span className={styles.muted}>
          <Trans>({pages} pages)</Trans>
        </span>
      )}
    </>
  )
}

/** Top authors, the longest and shortest finished book, and the books missing a page count. */
export function BookLists({ stats }: { stats: YearStats }) {
  const year = stats.year
  return (
    <div className={styles.grid}>
      <Panel aria-labelledby="stats-authors">
        <h2 id="stats-authors" className={styles.h2}>
          <Trans>Top authors</Trans>
        </h2>
        {stats.topAuthors.length ? (
          <ol className={`${styles.list} ${styles.ranked}`}>
            {stats.topAuthors.map(({ author, count }) => (
              <li key={author}>
                <span className={styles.item}>
                  <span>{author}</span>
                  <span className={styles.count}>{plural(count, { one: '# book', other: '# books' })}</span>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>
            <Trans>No finished book with an author in {year}.</Trans>
          </p>
        )}
      </Panel>

      <Panel aria-labelledby="stats-lengths">
        <h2 id="stats-lengths" className={styles.h2}>
          <Trans>Longest and shortest</Trans>
        </h2>
        {stats.longest && stats.shortest ? (
          <dl className={styles.facts}>
            <dt>
              <Trans>Longest</Trans>
            </dt>
            <dd data-testid="stats-longest">
              <BookLink book={stats.longest} />
            </dd>
            <dt>
              <Trans>Shortest</Trans>
            </dt>
            <dd data-testid="stats-shortest">
              <BookLink book={stats.shortest} />
            </dd>
          </dl>
        ) : (
          <p className={styles.muted}>
            <Trans>No finished book with a page count in {year}.</Trans>
          </p>
        )}
      </Panel>

      {stats.missingPages.length > 0 && (
        <Panel aria-labelledby="stats-missing">
          <h2 id="stats-missing" className={styles.h2}>
            <Trans>Books without a page count</Trans>
          </h2>
          <p className={styles.muted}>
            <Trans>Add their pages to count them in the pages read.</Trans>
          </p>
          <ul className={styles.list} data-testid="stats-missing-pages">
            {stats.missingPages.map((b) => (
              <li key={b.id}>
                <Link to="/books/$bookId/edit" params={{ bookId: b.id }}>
                  {b.title}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  )
}
