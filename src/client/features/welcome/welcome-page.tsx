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

/** One wizard step: its name and description in the step list, and its content under its own heading. */
function step(id: string, name: ReactNode, description: ReactNode, title: ReactNode, body: ReactNode) {
  return {
    id,
    name,
    description,
    content: (
      <>
        <h2 className={styles.stepTitle}>{title}</h2>
        {body}
      </>
    ),
  }
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
    steps.push(
      step(
        'two-accounts',
        <Trans>Two accounts</Trans>,
        <Trans>Read this first</Trans>,
        <Trans>You now have two accounts</Trans>,
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
        </Alert.Root>,
      ),
    )
  }
  steps.push(
    hasFlag(user.permission, 'owner')
      ? step(
          'custom-url',
          <Trans>Your custom URL</Trans>,
          <Trans>The address of your public list</Trans>,
          <Trans>Choose your custom URL</Trans>,
          urlStep,
        )
      : step(
          'account-link',
          <Trans>The shared list</Trans>,
          <Trans>The account's public address</Trans>,
          <Trans>Your account's public list</Trans>,
          accountLinkStep,
        ),
    step(
      'first-books',
      <Trans>Your first books</Trans>,
      <Trans>What you mean to read next</Trans>,
      <Trans>Add your first books</Trans>,
      booksStep,
    ),
  )
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
