import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { APP_BUILD, APP_VERSION } from '~/client/lib/build-info'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as PageHeader from '~/client/ui/page-header'
import { AppStorage } from './components/app-storage'
import { HelpFaq } from './components/help-faq'
import { SupportAccess } from './components/support-access'
import { SupportMessageForm } from './components/support-message-form'
import { SupportSessions } from './components/support-sessions'
import { stackRecipe } from '~/client/ui/stack'

const styles = {
  lead: css({ mb: '8' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: '6', alignItems: 'start' }),
  column: stackRecipe({ gap: '6' }),
  wide: css({ mt: '6' }),
  version: css({ color: 'fg.muted', fontSize: 'sm', mt: '8', fontVariantNumeric: 'tabular-nums' }),
}

/**
 * /help: answers to common questions, a support-access switch with the list of support
 * sessions opened as the reader, a message form, this device's offline app, and the version and
 * build the reader runs (what support asks for; it changes after an update).
 */
export function HelpPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Help`)
  const version = APP_VERSION
  const build = APP_BUILD
  return (
    <>
      <PageHeader.Root>
        <PageHeader.Title>{t`Help`}</PageHeader.Title>
        <PageHeader.Lead className={styles.lead}>{t`Questions, problems or ideas: we are here to help.`}</PageHeader.Lead>
      </PageHeader.Root>
      <div className={styles.grid}>
        <div className={styles.column}>
          <HelpFaq />
          <SupportMessageForm />
        </div>
        <div className={styles.column}>
          <SupportAccess />
          <AppStorage />
        </div>
      </div>
      <div className={styles.wide}>
        <SupportSessions />
      </div>
      <p className={styles.version} data-testid="app-version">{t`Version ${version} (build ${build})`}</p>
    </>
  )
}
