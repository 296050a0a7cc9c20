import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { usePlanLabels } from '~/client/lib/plan-labels'
import type { Plan } from '~/client/lib/plans'
import * as Alert from '~/client/ui/alert'
import { Link } from '~/client/ui/link'
import { isGoodStanding } from '~/shared/schemas/billing'

// What a member who is not the owner sees where the owner would pay: read only, naming the owner
// (name and email) so they know whom to ask.

type Owner = { name: string; email: string } | null | undefined

function OwnerName({ owner }: { owner: Owner }) {
  if (!owner) return <Trans>the account owner</Trans>
  return (
    <Trans>
      {owner.name} ({owner.email})
    </Trans>
  )
}

/**
 * /account/billing for a member: while the subscription is neither active nor trialing the
 * account is on hold for everyone, so the notice says who can fix it and offers `wayOut`
 * (another account, or sign out); otherwise it says billing is the owner's.
 */
export function MemberBillingNotice({ owner, status, wayOut }: { owner: Owner; status: string | null | undefined; wayOut?: ReactNode }) {
  if (isGoodStanding(status)) {
    return (
      <Alert.Root status="info" data-testid="member-billing-notice">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Description>
            {/* Without the owner's name, "its owner, the account owner" would say it twice. */}
            {owner ? (
              <Trans>
                Billing for this account is managed by its owner, <OwnerName owner={owner} />.
              </Trans>
            ) : (
              <Trans>Billing for this account is managed by its owner.</Trans>
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  }
  return (
    <Alert.Root status="error" data-testid="member-billing-notice" data-subscription={status}>
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>
          <Trans>This account is on hold</Trans>
        </Alert.Title>
        <Alert.Description>
          {owner ? (
            <Trans>
              The latest payment for this account has not gone through. Only its owner, <OwnerName owner={owner} />, can
              update the payment; until then the account cannot be used. You can switch to another account or sign out.
            </Trans>
          ) : (
            <Trans>
              The latest payment for this account has not gone through. Only its owner can update the payment; until
              then the account cannot be used. You can switch to another account or sign out.
            </Trans>
          )}
        </Alert.Description>
        {wayOut}
      </Alert.Content>
    </Alert.Root>
  )
}

/** /account/upgrade for a member (a 402 sends them here): which plan is needed, and who can upgrade. */
export function MemberUpgradeNotice({ owner, plan }: { owner: Owner; plan: Plan | undefined }) {
  const labels = usePlanLabels()
  return (
    <Alert.Root status="info" data-testid="member-upgrade-notice">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>
          {plan ? <Trans>This needs the {labels.name(plan)} plan</Trans> : <Trans>This needs a better plan</Trans>}
        </Alert.Title>
        <Alert.Description>
          <Trans>
            Only the account owner can upgrade. Ask <OwnerName owner={owner} /> to upgrade the account.
          </Trans>
        </Alert.Description>
        <div>
          <Link to="/dashboard">
            <Trans>Back to the dashboard</Trans>
          </Link>
        </div>
      </Alert.Content>
    </Alert.Root>
  )
}
