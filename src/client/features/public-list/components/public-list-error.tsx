import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', py: '16', textAlign: 'center' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  text: css({ color: 'fg.muted', maxW: 'md' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3' }),
}

/**
 * The list could not be loaded: offline before it was ever opened here (the service worker
 * only has lists opened once online), or a server failure. The central handler has shown why.
 */
export function PublicListError({ wayOut }: { wayOut?: ReactNode }) {
  const { t } = useLingui()
  const router = useRouter()
  const online = useOnline()
  useDocumentTitle(t`List unavailable`)
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>
        <Trans>This list can't be shown right now</Trans>
      </h1>
      <p className={styles.text}>
        {online ? (
          <Trans>Something went wrong while loading it. Please try again.</Trans>
        ) : (
          <Trans>You are offline, and this list has not been opened on this device before. Connect and try again.</Trans>
        )}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => void router.invalidate()}>
          <Trans>Try again</Trans>
        </Button>
        {/* As on the not-found page: offline, a path never opened here may not be a list at all. */}
        {wayOut}
      </div>
    </div>
  )
}
