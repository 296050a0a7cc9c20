import { queryOptions } from '@tanstack/react-query'
import { getData, http } from '~/client/lib/http'
import { queryClient } from '~/client/lib/query-client'
import { refreshSession } from '~/client/lib/session'
import type { CardData, InvoiceData, PlanChangeData, SubscriptionData } from '~/shared/schemas/billing'
import type { SessionUser } from '~/shared/schemas/user'

// Account billing calls. Online only: read through
// TanStack Query, never stored in Dexie. The writes go through the form kit (its payment steps).

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: ['account', 'subscription'],
    queryFn: ({ signal }) => getData<SubscriptionData>('account/subscription', { signal }),
  })

export const cardQuery = () =>
  queryOptions({
    queryKey: ['account', 'card'],
    // No card on file answers data: null.
    queryFn: ({ signal }) => getData<CardData | null>('account/card', { signal }),
  })

export const invoicesQuery = () =>
  queryOptions({
    queryKey: ['account', 'invoice'],
    queryFn: ({ signal }) => getData<InvoiceData[]>('account/invoice', { signal }),
  })

export type PlanChange = PlanChangeData<SessionUser>

/**
 * After a plan or card change: the session user (plan, subscription status — which the route
 * guard reads) and every billing read are fetched again.
 */
export async function afterBillingChange() {
  await Promise.all([refreshSession(), queryClient.invalidateQueries({ queryKey: ['account'] })])
}

/**
 * An invoice's PDF (an /api URL that needs the owner's token, so it is fetched
 * with the session, not opened as a link) saved under the invoice's number.
 */
export async function downloadInvoice(invoice: Pick<InvoiceData, 'invoice_pdf' | 'number'>) {
  const path = invoice.invoice_pdf.replace(/^\/?api\//, '')
  const blob = await http.get(path).blob()
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `invoice-${invoice.number}.pdf`
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
