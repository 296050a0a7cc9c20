import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Button } from '~/client/ui/button'
import { CardGrid } from '~/client/ui/card-grid'
import * as PageHeader from '~/client/ui/page-header'
import { Panel } from '~/client/ui/panel'
import { Progress } from '~/client/ui/progress'
import { Spinner } from '~/client/ui/spinner'
import { StatCard } from '~/client/ui/stat-card'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import { BookLists } from './components/book-lists'
import { GoalForm } from './components/goal-form'
import { usePaceText } from './components/pace-text'
import { YearPicker } from './components/year-picker'
import { currentYear, useYearStats } from './use-year-stats'

// visx loads in its own chunk after the first paint, as on the dashboard.
const FinishedChart = lazy(() => import('./components/finished-chart'))

export const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '6', md: '8' } }),
  head: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' }),
  h2: headingRecipe({ size: 'lg' }),
  goalLine: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  muted: textRecipe({ tone: 'muted' }),
  row: css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' }),
  loading: css({ display: 'flex', alignItems: 'center', justifyContent: 'center', minH: '60', color: 'fg.muted' }),
}

/**
 * /stats (decisions: the reader's year): for a chosen year, books finished against the goal,
 * books finished per month, pages read, average rating, top authors, the longest and shortest
 * finished book, and for the current year the pace. All from the books and goals in Dexie, so it
 * works offline and follows every change.
 */
export function StatsPage({ year: asked }: { year?: number }) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Stats`)
  const thisYear = currentYear()
  const year = asked ?? thisYear
  const found = useYearStats(year)
  const data = found === 'arriving' ? undefined : found
  const pace = usePaceText(data?.stats.pace ?? null)
  const [editing, setEditing] = useState(false)
  if (found === 'arriving')
    return (
      <div className={styles.page}>
        <StatsHeader />
        <p role="status" className={styles.muted}>
          <Trans>Bringing your books to this device…</Trans>
        </p>
      </div>
    )
  if (!data) return null
  const { stats, years, goal } = data
  const read = stats.finished
  const last = Math.max(thisYear + 1, ...years)
  const number = (n: number) => i18n.number(n)
  const pages = number(stats.pages)
  const counted = read - stats.missingPages.length
  const rated = stats.rated

  return (
    <div className={styles.page}>
      <StatsHeader>
        <YearPicker year={year} years={years} last={last} />
      </StatsHeader>

      <Panel gap="4" aria-labelledby="stats-goal" data-testid="stats-goal">
        <h2 id="stats-goal" className={styles.h2}>
          <Trans>Reading goal</Trans>
        </h2>
        {goal ? (
          <>
            <p className={styles.goalLine}>
              <Trans>
                {read} of {goal} books read in {year}
              </Trans>
            </p>
            <Progress.Root value={stats.percent ?? 0} label={pace ?? t`Progress toward your goal`} />
          </>
        ) : (
          <p className={styles.muted}>
            {plural(read, {
              one: `No goal for ${year} yet: # book finished.`,
              other: `No goal for ${year} yet: # books finished.`,
            })}
          </p>
        )}
        {editing || !goal ? (
          <GoalForm key={`${year}-${goal}`} year={year} current={goal} onDone={() => setEditing(false)} />
        ) : (
          <div className={styles.row}>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Trans>Change goal</Trans>
            </Button>
          </div>
        )}
      </Panel>

      <CardGrid.Root max={CardGrid.CARD_GRID_MAX.dashboard} columns={3} label={t`Figures for ${year}`}>
        <StatCard.Root key="finished" icon="book" label={<Trans>Books finished</Trans>} value={number(read)} />
        <StatCard.Root
          key="pages"
          icon="book"
          label={<Trans>Pages read</Trans>}
          value={pages}
          description={
            stats.missingPages.length
              ? plural(counted, {
                  one: 'From the # book with a page count',
                  other: 'From the # books with a page count',
                })
              : undefined
          }
        />
        <StatCard.Root
          key="rating"
          icon="star"
          label={<Trans>Average rating</Trans>}
          value={stats.averageRating === null ? '–' : i18n.number(stats.averageRating, { minimumFractionDigits: 1 })}
          description={
            rated ? (
              plural(rated, { one: 'From # rated book', other: 'From # rated books' })
            ) : (
              <Trans>No ratings yet</Trans>
            )
          }
        />
      </CardGrid.Root>

      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner size="md" label={t`Loading charts`} />
          </div>
        }
      >
        <FinishedChart year={year} data={stats.perMonth} />
      </Suspense>

      <BookLists stats={stats} />
    </div>
  )
}

/** The page's title, and the year picker once the year is read. */
function StatsHeader({ children }: { children?: ReactNode }) {
  return (
    <PageHeader.Root className={styles.head}>
      <PageHeader.Title>
        <Trans>Your year in books</Trans>
      </PageHeader.Title>
      {children}
    </PageHeader.Root>
  )
}
