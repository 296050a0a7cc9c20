import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { handleError } from '~/client/lib/http'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import { DataTable } from '~/client/ui/data-table'
import { Spinner } from '~/client/ui/spinner'
import type { InvoiceData } from '~/shared/schemas/billing'
import { downloadInvoice, invoicesQuery } from '../api/billing'
import { LoadFailed } from './load-failed'

const VARIANTS: Record<InvoiceData['status'], DataTable.BadgeVariant> = {
  paid: 'success',
  open: 'warning',
  void: 'neutral',
  uncollectible: 'danger',
}

function DownloadButton({ invoice }: { invoice: InvoiceData }) {
  const { t } = useLingui()
  const online = useOnline()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="sm"
      variant="outline"
      icon={null}
      loading={busy}
      disabled={!online}
      // The visible word starts the name (WCAG 2.5.3 label in name); the rest says which invoice.
      aria-label={t`Download invoice ${invoice.number} (PDF)`}

      onClick={async () => {
        setBusy(true)
        try {
          await downloadInvoice(invoice)
        } catch (error) {
          await handleError(error)
        } finally {
          setBusy(false)
        }
      }}
    >
      <Trans>Download</Trans>
    </Button>
  )
}

/**
 * The Invoices tab of /account/billing: each invoice (number, date, status, total,
 * invoice_pdf) in the kit's data table; the PDF is fetched with the owner's token.
 */
export function InvoicesTab() {
  const { t } = useLingui()
  const online = useOnline()
  const labels = usePlanLabels()
  const invoices = useQuery({ ...invoicesQuery(), enabled: online })
  const statusLabel: Record<InvoiceData['status'], string> = {
    paid: t`Paid`,
    open: t`Open`,
    void: t`Void`,
    uncollectible: t`Uncollectible`,
  }
  if (!invoices.data) {
    if (invoices.isError || !online) return <LoadFailed what={<Trans>Your invoices could not be loaded.</Trans>} />
    return <Spinner size="md" label={t`Loading`} />
  }
  return (
    <DataTable.Root
      label={t`Invoices`}
      rows={invoices.data}
      defaultSort={{ key: 'date', direction: 'desc' }}
      columns={[
        { key: 'number', header: t`Number`, value: (i) => i.number },
        { key: 'date', header: t`Date`, type: 'datetime', value: (i) => i.date, hideBelow: 'md' },
        {
          key: 'status',
          header: t`Status`,
          type: 'badge',
          value: (i) => ({ label: statusLabel[i.status], variant: VARIANTS[i.status] }),
          hideBelow: 'md',
        },
        {
          key: 'total',
          header: t`Total`,
          type: 'number',
          align: 'end',
          value: (i) => i.total,
          render: (i) => labels.money(i.currency_symbol, i.total, true),
          hideBelow: 'md',
        },
        {
          key: 'pdf',
          header: t`Download`,
          sortable: false,
          searchable: false,
          value: () => '',
          render: (i) => <DownloadButton invoice={i} />,
        },
      ]}
    />
  )
}
