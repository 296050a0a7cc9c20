import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { AppStorage } from './components/app-storage'
import { SupportAccess } from './components/support-access'
import { SupportMessageForm } from './components/support-message-form'

const styles = {
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight' }),
  lead: css({ color: 'fg.muted', mt: '1', mb: '8' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: '6', alignItems: 'start' }),
  column: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
}

/** /help (spec §2): a support-access switch and a message form, and this device's offline app. */
export function HelpPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Help`)
  return (
    <>
      <h1 className={styles.title}>{t`Help`}</h1>
      <p className={styles.lead}>{t`Questions, problems or ideas: we are here to help.`}</p>
      <div className={styles.grid}>
        <SupportMessageForm />
        <div className={styles.column}>
          <SupportAccess />
          <AppStorage />
        </div>
      </div>
    </>
  )
}
