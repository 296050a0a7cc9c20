import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { plansQuery } from '~/client/lib/plans'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Card from '~/client/ui/card'

const styles = {
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight' }),
  lead: css({ color: 'fg.muted', mt: '1', mb: '8', overflowWrap: 'anywhere' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  label: css({ fontSize: 'sm', color: 'fg.muted' }),
  value: css({ fontSize: 'xl', fontWeight: 'semibold', overflowWrap: 'anywhere' }),
}

function Greeting({ name }: { name: string }) {
  const hour = new Date().getHours()
  if (hour < 12) return <Trans>Good morning, {name}</Trans>
  if (hour < 18) return <Trans>Good afternoon, {name}</Trans>
  return <Trans>Good evening, {name}</Trans>
}

/** /dashboard: for now the greeting, the user and their plan; books and charts come with their features. */
export function DashboardPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Dashboard`)
  const { user } = useSession()
  const plans = useQuery(plansQuery())
  if (!user) return null
  const plan = plans.data?.plans.find((p) => p.id === user.plan)
  // spec §9: free is a special plan (its name is translated here); paid names come from the server.
  const planName = user.plan === 'free' ? t`Free` : (plan?.name ?? user.plan ?? '')
  const email = user.email
  return (
    <>
      <h1 className={styles.title}>
        <Greeting name={user.name} />
      </h1>
      <p className={styles.lead}>
        <Trans>Signed in as {email}</Trans>
      </p>
      <div className={styles.grid}>
        <Card.Root>
          <Card.Body>
            <span className={styles.label}>
              <Trans>Your plan</Trans>
            </span>
            <span className={styles.value} data-testid="current-plan">
              {planName}
            </span>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <span className={styles.label}>
              <Trans>Account</Trans>
            </span>
            <span className={styles.value}>{user.account_name}</span>
          </Card.Body>
        </Card.Root>
      </div>
    </>
  )
}
