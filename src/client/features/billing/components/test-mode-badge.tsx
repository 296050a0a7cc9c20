import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { DataTable } from '~/client/ui/data-table'
import type { PaymentProviderKind } from '~/shared/schemas/billing'

const place = css({ display: 'block', width: 'fit-content', mt: '2' })

/**
 * The local payment provider takes test cards only and moves no money (decisions: a server in
 * production runs it only with ALLOW_TEST_PAYMENTS=true): billing screens say so with a badge.
 * The provider comes from GET /api/account/plans.
 */
export function TestModeBadge({ provider }: { provider: PaymentProviderKind | undefined }) {
  const { t } = useLingui()
  if (provider !== 'local') return null
  return (
    <DataTable.Badge variant="warning" className={place}>
      <span title={t`Payments here use test cards: no money is charged.`} data-testid="test-mode">
        {t`Test mode`}
      </span>
    </DataTable.Badge>
  )
}
