import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import * as Form from '~/client/ui/form'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import { PlanChangeForm } from './plan-change-form'

const section = css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })
const lead = textRecipe({ tone: 'muted', size: 'sm' })
const heading = headingRecipe({ size: 'md' })

/**
 * Changing to the free plan ends the subscription at period end; the
 * user keeps the features until then, and a confirmation shows the end date (PATCH
 * /api/account/plan {plan: 'free'}).
 */
export function Downgrade({ planName, periodEnd }: { planName: string; periodEnd: string }) {
  const { t } = useLingui()
  const labels = usePlanLabels()
  const [open, setOpen] = useState(false)
  const end = labels.date(periodEnd)
  return (
    <div className={section}>
      <h3 className={heading}>
        <Trans>Switch to Free</Trans>
      </h3>
      <p className={lead}>
        <Trans>Your paid plan stops renewing. You keep its features until the end of the period you paid for.</Trans>
      </p>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog">
        <Dialog.Trigger asChild>
          <Button variant="outline">
            <Trans>Switch to Free…</Trans>
          </Button>
        </Dialog.Trigger>
        <Dialog.Content>
          <Dialog.Title>
            <Trans>Switch to Free?</Trans>
          </Dialog.Title>
          <Dialog.Description data-testid="downgrade-end-date">
            <Trans>
              Your {planName} plan ends on {end}. You keep its features until then and will not be charged again.
            </Trans>
          </Dialog.Description>
          <PlanChangeForm plan="free" label={t`Switch to Free`} onDone={() => setOpen(false)}>
            <Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <Button variant="outline" size="lg">
                  <Trans>Keep {planName}</Trans>
                </Button>
              </Dialog.CloseTrigger>
              <Form.Submit fullWidth={false} variant="danger">
                <Trans>Switch to Free</Trans>
              </Form.Submit>
            </Dialog.Footer>
          </PlanChangeForm>
        </Dialog.Content>
      </Dialog.Root>
    </div>
  )
}
