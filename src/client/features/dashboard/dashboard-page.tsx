import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { plansQuery } from '~/client/lib/plans'
import { usePublicUrl } from '~/client/lib/public-address'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import { knownBooks, useBooks, useListCount } from '~/client/sync'
import * as Alert from '~/client/ui/alert'
import { CardGrid } from '~/client/ui/card-grid'
import { Link } from '~/client/ui/link'
import * as PageHeader from '~/client/ui/page-header'
import { Spinner } from '~/client/ui/spinner'
import { StatCard } from '~/client/ui/stat-card'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import { demoQuery } from './api/demo'
import { addedPerMonth, statusCounts } from './chart-data'
import { CustomUrlCard } from './components/custom-url-card'
import { PublicFrame } from './components/public-frame'
import { RecentBooks, RecentBooksArriving } from './components/recent-books'
import { stackRecipe } from '~/client/ui/stack'

// visx and the charts load in their own chunk after the first paint.
const Charts = lazy(() => import('./components/charts'))

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '6', md: '8' } }),
  section: stackRecipe({ gap: '3' }),
  sectionHead: css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '3' }),
  h2: headingRecipe({ size: 'lg' }),
  muted: textRecipe({ tone: 'muted' }),
  loading: css({ display: 'flex', alignItems: 'center', justifyContent: 'center', minH: '60', color: 'fg.muted' }),
}

function Greeting({ name }: { name: string }) {
  const hour = new Date().getHours()
  if (hour < 12) return <Trans>Good morning, {name}</Trans>
  if (hour < 18) return <Trans>Good afternoon, {name}</Trans>
  return <Trans>Good evening, {name}</Trans>
}

/**
 * /dashboard: counts of books and TBR views, the custom URL (or a prompt to set one), the
 * newest books and charts, and the hidden frame that keeps the public list for offline use.
 * Book figures come from this device (Dexie) and work offline; views need the server (GET
 * /api/demo), and offline the page says they are unavailable.
 */
/** `goal` is the reading-goal card (features/stats), composed by the route: features never import each other. */
export function DashboardPage({ goal }: { goal: ReactNode }) {
  const { t } = useLingui()
  useDocumentTitle(t`Dashboard`)
  const { user } = useSession()
  const online = useOnline()
  const demo = useQuery({ ...demoQuery(), enabled: online })
  const plans = useQuery({ ...plansQuery(), enabled: online })
  const publicUrl = usePublicUrl()
  // Unknown ('–') while the account's books are still on their way to this device.
  const counted = useListCount()
  const bookCount = counted && !counted.arriving ? counted.count : undefined
  // Drawn once the books are known to be here (or known to be none): "No books yet" otherwise.
  const recent = knownBooks(useBooks({ limit: CardGrid.CARD_GRID_MAX.dashboard }), counted)
  const allBooks = knownBooks(useBooks(), counted)
  const chartData = useMemo(
    () => (allBooks ? { added: addedPerMonth(allBooks, new Date()), status: statusCounts(allBooks) } : null),
    [allBooks],
  )
  if (!user) return null

  const plan = plans.data?.plans.find((p) => p.id === user.plan)
  // Free is a special plan (its name is translated here); paid names come from the server.
  const planName = user.plan === 'free' ? t`Free` : (plan?.name ?? user.plan ?? '')
  const email = user.email
  const slug = user.slug
  const stats = demo.data?.stats
  const url = slug ? publicUrl(slug) : null
  const serverDown = !online || demo.isError
  const views = stats ? stats.views : null
  const views30 = stats?.views_30d ?? 0

  return (
    <div className={styles.page}>
      <PageHeader.Root>
        <PageHeader.Title>
          <Greeting name={user.name} />
        </PageHeader.Title>
        <PageHeader.Lead>
          <Trans>
            Signed in as {email} · Plan: <span data-testid="current-plan">{planName}</span>
          </Trans>
        </PageHeader.Lead>
      </PageHeader.Root>

      {serverDown && (
        <Alert.Root status="info">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>
              {online ? (
                <Trans>
                  The server cannot be reached: your books are shown from this device; views are unavailable.
                </Trans>
              ) : (
                <Trans>
                  You are offline: your books are shown from this device; views are unavailable until you reconnect.
                </Trans>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {!slug && (
        <Alert.Root status="warning">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <Trans>Your list has no public page yet</Trans>
            </Alert.Title>
            <Alert.Description>
              {/* /welcome is only there until it is finished or skipped (routes/_app.welcome.tsx). */}
              {user.onboarded ? (
                <Trans>
                  Choose a custom URL to share your list: <Link to="/account/url">set your URL</Link>.
                </Trans>
              ) : (
                <Trans>
                  Choose a custom URL to share your list: <Link to="/account/url">set your URL</Link> or{' '}
                  <Link to="/welcome">finish the welcome steps</Link>.
                </Trans>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <CardGrid.Root max={CardGrid.CARD_GRID_MAX.dashboard} columns={3} label={t`Statistics`}>
        <StatCard.Root
          key="books"
          icon="book"
          label={<Trans>Books</Trans>}
          value={bookCount ?? '–'}
          description={
            <Link to="/books" subtle>
              <Trans>See all your books</Trans>
            </Link>
          }
        />
        <StatCard.Root
          key="views"
          icon="eye"
          label={<Trans>TBR views</Trans>}
          value={views ?? '–'}
          // No previous period to compare with: no arrow, and "new" once views arrived.
          change={stats?.views_change ?? undefined}
          changeNote={
            stats && stats.views_change === null && stats.views_30d > 0
              ? t({ message: 'new', context: 'views change' })
              : undefined
          }
          description={
            stats ? (
              <Trans>{views30} in the last 30 days</Trans>
            ) : (
              <span className={styles.muted}>
                {demo.isPending && online ? <Trans>Loading…</Trans> : <Trans>Unavailable offline</Trans>}
              </span>
            )
          }
        />
        <CustomUrlCard key="url" slug={slug} url={url} />
      </CardGrid.Root>

      {goal}

      <section className={styles.section} aria-labelledby="dashboard-books">
        <div className={styles.sectionHead}>
          <h2 id="dashboard-books" className={styles.h2}>
            <Trans>Newest books</Trans>
          </h2>
          <Link to="/books">
            <Trans>All books</Trans>
          </Link>
        </div>
        {counted?.arriving ? <RecentBooksArriving /> : recent && <RecentBooks books={recent} />}
      </section>

      <section className={styles.section} aria-labelledby="dashboard-charts">
        <h2 id="dashboard-charts" className={styles.h2}>
          <Trans>Charts</Trans>
        </h2>
        {chartData && (
          <Suspense
            fallback={
              <div className={styles.loading}>
                <Spinner size="md" label={t`Loading charts`} />
              </div>
            }
          >
            <Charts added={chartData.added} status={chartData.status} views={demo.data?.charts.views_per_day ?? null} />
          </Suspense>
        )}
      </section>

      {slug && <PublicFrame slug={slug} />}
    </div>
  )
}
