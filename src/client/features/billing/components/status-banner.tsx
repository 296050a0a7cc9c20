import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import { isGoodStanding } from '~/shared/schemas/billing'

// /account/billing: a banner shows when the subscription is neither active nor trialing.
// requires_payment_method (and past_due, a renewal that failed) and canceled are
// errors, requires_action a warning, each with its own message.

interface Banner {
  status: 'error' | 'warning'
  title: ReactNode
  description: ReactNode
}

function bannerFor(status: string): Banner {
  switch (status) {
    case 'requires_action':
      return {
        status: 'warning',
        title: <Trans>You need to authorize your payment</Trans>,
        description: (
          <Trans>
            Your bank asked to confirm the latest payment. Enter your card again on the Card tab to confirm it.
          </Trans>
        ),
      }
    case 'canceled':
      return {
        status: 'error',
        title: <Trans>Your subscription has been canceled</Trans>,
        description: <Trans>Choose a plan to go on using your account.</Trans>,
      }
    default:
      // requires_payment_method and past_due: the renewal charge did not go through.
      return {
        status: 'error',
        title: <Trans>Your latest payment failed</Trans>,
        description: (
          <Trans>Replace your card on the Card tab to keep your plan. Until then the rest of the app is on hold.</Trans>
        ),
      }
  }
}

export function StatusBanner({
  status,
  onReplaceCard,
}: {
  status: string | null | undefined
  onReplaceCard?: () => void
}) {
  if (isGoodStanding(status)) return null
  const banner = bannerFor(status!)
  const cardFixes = status !== 'canceled' && onReplaceCard
  return (
    <Alert.Root status={banner.status} data-testid="billing-banner" data-subscription={status}>
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>{banner.title}</Alert.Title>
        <Alert.Description>{banner.description}</Alert.Description>
        {cardFixes && (
          <div>
            <Button size="sm" variant="outline" onClick={onReplaceCard}>
              <Trans>Replace card</Trans>
            </Button>
          </div>
        )}
      </Alert.Content>
    </Alert.Root>
  )
}
