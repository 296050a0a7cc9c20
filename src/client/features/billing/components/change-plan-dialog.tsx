import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { usePlanLabels } from '~/client/lib/plan-labels'
import type { Plan } from '~/client/lib/plans'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import * as Form from '~/client/ui/form'
import type { PlanPreviewData } from '~/shared/schemas/billing'
import { PlanChangeForm } from './plan-change-form'

export type PlanPreview = PlanPreviewData['preview']

const amountStyle = css({ fontWeight: 'semibold', color: 'fg' })

/**
 * The confirmation of a change between paid plans, with what the server says it will do
 * (PATCH /api/account/plan {preview: true}): a dearer plan charges the prorated amount now, a
 * cheaper one takes over at the end of the period. Nothing is charged before Confirm.
 */
export function ChangePlanDialog({
  preview,
  plan,
  current,
  onClose,
}: {
  preview: PlanPreview | null
  plan: Plan | undefined
  current: Plan
  onClose: () => void
}) {
  const { t } = useLingui()
  const labels = usePlanLabels()
  const name = plan ? labels.name(plan) : ''
  const now = preview?.when === 'now'
  const amount = preview ? labels.money(preview.currency_symbol, preview.amount, true) : ''
  const date = preview ? labels.date(preview.date) : ''
  const price = plan ? labels.price(plan) : ''
  return (
    <Dialog.Root open={!!preview && !!plan} onOpenChange={(e) => !e.open && onClose()} role="alertdialog">
      <Dialog.Content>
        <Dialog.Title>
          <Trans>Change to {name}?</Trans>
        </Dialog.Title>
        <Dialog.Description data-testid="change-plan-summary">
          {now ? (
            <Trans>
              You will be charged <span className={amountStyle}>{amount}</span> now for the rest of this billing period,
              then {price} from your next renewal.
            </Trans>
          ) : (
            <Trans>
              Your plan changes to {name} on {date}. You keep {labels.name(current)} and its features until then, and
              pay {price} from that renewal.
            </Trans>
          )}
        </Dialog.Description>
        {preview && plan && (
          <PlanChangeForm plan={plan.id} label={t`Change plan`} onDone={onClose}>
            <Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <Button variant="outline" size="lg">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.CloseTrigger>
              <Form.Submit fullWidth={false}>
                {now ? <Trans>Pay {amount} and change</Trans> : <Trans>Change at renewal</Trans>}
              </Form.Submit>
            </Dialog.Footer>
          </PlanChangeForm>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}
