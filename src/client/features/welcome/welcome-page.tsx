import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { hasFlag } from '~/shared/permissions'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { patchUser } from '~/client/sync'
import * as Alert from '~/client/ui/alert'
import { OnboardingWizard } from '~/client/ui/onboarding-wizard'
import * as PageHeader from '~/client/ui/page-header'

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: { base: '5', md: '8' } }),
  lead: css({ fontSize: { base: 'md', md: 'lg' } }),
  stepTitle: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
}

export interface WelcomePageProps {
  /** The `page` query parameter, from 1 (the onboarding wizard's step). */
  page: number
  onPageChange: (page: number) => void
  navigate: (to: string) => void | Promise<void>
  /** The "choose your custom URL" step's content (the route composes the custom-url feature). */
  urlStep: ReactNode
  /** For someone who joined an existing account: its public address, read-only. */
  accountLinkStep: ReactNode
  /** The "add your first books" step's content (the route composes the books feature). */
  booksStep: ReactNode
}

/**
 * /welcome, the onboarding: a warning step first for a duplicate user, then the custom
 * URL (only for the account's owner: someone who joined it by invite sees its address read-only
 * and moves on), then the first books (added right there); Finish (or Skip) marks the user onboarded and
 * goes to /dashboard, and an onboarded user never sees /welcome again (the route sends them on).
 * The onboarded flag goes through the sync outbox like the other settings
 * (layouts/preferences.ts), so it works offline.
 */
export function WelcomePage({ page, onPageChange, navigate, urlStep, accountLinkStep, booksStep }: WelcomePageProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Welcome`)
  const { user } = useSession()
  if (!user) return null
  const name = user.name

  const steps = []
  if (user.duplicate_user) {
    steps.push({
      id: 'two-accounts',
      name: <Trans>Two accounts</Trans>,
      description: <Trans>Read this first</Trans>,
      content: (
        <>
          <h2 className={styles.stepTitle}>
            <Trans>You now have two accounts</Trans>
          </h2>
          <Alert.Root status="warning">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Title>
                <Trans>One email, one password, two accounts</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>
                  This email already had an account, so signing up created a second one. Both accounts use the same
                  password. Switch between them from the user menu; each has its own books and its own public list.
                </Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </>
      ),
    })
  }
  if (hasFlag(user.permission, 'owner')) {
    steps.push({
      id: 'custom-url',
      name: <Trans>Your custom URL</Trans>,
      description: <Trans>The address of your public list</Trans>,
      content: (
        <>
          <h2 className={styles.stepTitle}>
            <Trans>Choose your custom URL</Trans>
          </h2>
          {urlStep}
        </>
      ),
    })
  } else {
    steps.push({
      id: 'account-link',
      name: <Trans>The shared list</Trans>,
      description: <Trans>The account's public address</Trans>,
      content: (
        <>
          <h2 className={styles.stepTitle}>
            <Trans>Your account's public list</Trans>
          </h2>
          {accountLinkStep}
        </>
      ),
    })
  }
  steps.push({
    id: 'first-books',
    name: <Trans>Your first books</Trans>,
    description: <Trans>What you mean to read next</Trans>,
    content: (
      <>
        <h2 className={styles.stepTitle}>
          <Trans>Add your first books</Trans>
        </h2>
        {booksStep}
      </>
    ),
  })
  const count = steps.length

  return (
    <div className={styles.stack}>
      <PageHeader.Root>
        <PageHeader.Title>
          <Trans>Welcome to TBR, {name}!</Trans>
        </PageHeader.Title>
        <PageHeader.Lead className={styles.lead}>
          <Plural
            value={count}
            one="One quick step and your reading list is ready to share."
            other="# quick steps and your reading list is ready to share."
          />
        </PageHeader.Lead>
      </PageHeader.Root>
      <OnboardingWizard.Root
        steps={steps}
        page={page}
        onPageChange={onPageChange}
        navigate={navigate}
        save
        onSave={() => patchUser({ onboarded: true })}
      />
    </div>
  )
}
