import type { ReactNode } from 'react'
import * as Form from '~/client/ui/form'
import { ChangePlanInput } from '~/shared/schemas/billing'
import { afterBillingChange } from '../api/billing'

/**
 * The form that moves the account to `plan` (PATCH /api/account/plan: now, or at the period's end
 * as the server decides), then reloads what billing shows. `onDone` runs first (a dialog closes).
 */
export function PlanChangeForm({
  plan,
  label,
  onDone,
  className,
  children,
}: {
  plan: string
  label: string
  onDone?: () => void
  className?: string
  /** The buttons. */
  children: ReactNode
}) {
  return (
    <Form.Root
      schema={ChangePlanInput}
      method="patch"
      url="account/plan"
      defaultValues={{ plan }}
      aria-label={label}
      className={className}
      onSuccess={async () => {
        onDone?.()
        await afterBillingChange()
      }}
    >
      <Form.Hidden name="plan" />
      {children}
    </Form.Root>
  )
}
