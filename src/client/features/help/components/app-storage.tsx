import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { useInstallOffer } from '~/client/pwa/install'
import { storageEstimate } from '~/client/pwa/storage'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { Progress } from '~/client/ui/progress'
import { textRecipe } from '~/client/ui/text'

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm', m: '0' }),
  row: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '4' }),
  term: textRecipe({ tone: 'muted' }),
  def: css({ m: '0', fontWeight: 'medium', fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' }),
  steps: css({ display: 'flex', flexDirection: 'column', gap: '1', pl: '5', listStyle: 'decimal', fontSize: 'sm' }),
}

type Estimate = Awaited<ReturnType<typeof storageEstimate>>

/** Bytes in the largest unit that keeps the number readable (kB, MB, GB). */
function useBytes() {
  const { i18n } = useLingui()
  return (bytes: number) => {
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
    let value = bytes
    let unit = 0
    while (value >= 1000 && unit < units.length - 1) {
      value /= 1000
      unit++
    }
    return new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
  }
}

/** The offline app on this device: storage used and kept, and installing it. */
export function AppStorage() {
  const { t } = useLingui()
  const bytes = useBytes()
  const [estimate, setEstimate] = useState<Estimate | undefined>(undefined)
  const offer = useInstallOffer()
  useEffect(() => {
    let live = true
    void storageEstimate()
      .then((e) => live && setEstimate(e))
      .catch(() => live && setEstimate(null))
    return () => {
      live = false
    }
  }, [])
  const percent = estimate && estimate.quota > 0 ? Math.min(100, (estimate.usage / estimate.quota) * 100) : 0
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t`This device`}</Card.Title>
        <Card.Description>{t`Your list is kept on this device so it works offline, and syncs when you are back online.`}</Card.Description>
      </Card.Header>
      <Card.Body>
        {estimate ? (
          <>
            <Progress.Root value={percent} label={t`Share of the space the browser allows`} />
            <dl className={styles.list}>
              <div className={styles.row}>
                <dt className={styles.term}>{t`Storage used`}</dt>
                <dd className={styles.def} data-testid="storage-usage">{t`${bytes(estimate.usage)} of ${bytes(estimate.quota)}`}</dd>
              </div>
              <div className={styles.row}>
                <dt className={styles.term}>{t`Kept when space runs low`}</dt>
                <dd className={styles.def} data-testid="storage-persisted">{estimate.persisted ? t`Yes` : t`No`}</dd>
              </div>
            </dl>
          </>
        ) : (
          estimate === null && <Card.Description>{t`This browser does not report how much storage the app uses.`}</Card.Description>
        )}
        {offer.kind === 'prompt' && (
          <Button variant="outline" onClick={() => void offer.install()}>
            {t`Install the app`}
          </Button>
        )}
        {offer.kind === 'ios' && (
          <div>
            <p className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>{t`Install the app on your iPhone or iPad:`}</p>
            <ol className={styles.steps}>
              <li>{t`Tap the Share button in Safari.`}</li>
              <li>{t`Choose “Add to Home Screen”.`}</li>
              <li>{t`Tap Add.`}</li>
            </ol>
          </div>
        )}
      </Card.Body>
    </Card.Root>
  )
}
