import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { handleError } from '~/client/lib/http'
import { useSession } from '~/client/lib/session'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import { leaveSupportSession } from '../session-switch'

// A support session shows, on every screen, whose account this is and a Stop.

const styles = {
  bar: css({
    position: 'relative',
    zIndex: 'docked',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '3',
    px: '4',
    py: '2',
    bg: 'warning.subtle',
    color: 'fg',
    borderBottomWidth: '1px',
    borderColor: 'warning.border',
    fontSize: 'sm',
  }),
}

export function ImpersonationBanner() {
  const { t } = useLingui()
  const { user, signedIn } = useSession()
  const online = useOnline()
  const [stopping, setStopping] = useState(false)
  if (!signedIn || !user?.impersonating) return null
  const name = user.name
  const email = user.email
  return (
    <div role="region" aria-label={t`Support session`} className={styles.bar} data-testid="impersonation-banner">
      <span>
        <Trans>
          Support session: you are signed in as <strong>{name}</strong> ({email}).
        </Trans>
      </span>
      <Button
        size="sm"
        variant="outline"
        loading={stopping}
        disabled={!online}
        onClick={async () => {
          setStopping(true)
          try {
            await leaveSupportSession()
          } catch (error) {
            await handleError(error)
          } finally {
            setStopping(false)
          }
        }}
      >
        <Trans>Stop</Trans>
      </Button>
    </div>
  )
}
