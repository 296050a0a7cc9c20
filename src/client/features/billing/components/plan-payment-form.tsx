import { useLingui } from '@lingui/react/macro'
import { useMemo, type ReactNode } from 'react'
import { useWatch } from 'react-hook-form'
import * as v from 'valibot'
import type { Plan } from '~/client/lib/plans'
import type { ApiResponse } from '~/client/lib/http'
import * as Form from '~/client/ui/form'
import type { PlanChange } from '../api/billing'
import { usePlanOptions } from './plan-parts'

// A plan and, for a paid plan, a card (/signup/plan and /account/upgrade; POST
// /api/account/plan and POST /api/account/upgrade {plan, token}). The form kit turns the card
// into a provider token and confirms a 3-D Secure payment.

/** The form's values: the card field holds {} when filled, the kit sends its token. */
function planSchema(paid: ReadonlySet<string>) {
  return v.pipe(
    v.object({
      plan: v.pipe(v.string('validation.plan.required'), v.nonEmpty('validation.plan.required')),
      token: v.nullable(v.object({})),
    }),
    v.forward(
      v.check((input) => !paid.has(input.plan) || input.token !== null, 'global.form.creditcard.error.required'),
      ['token'],
    ),
  )
}

function CardWhenPaid({ paid }: { paid: ReadonlySet<string> }) {
  const { t } = useLingui()
  const plan = useWatch({ name: 'plan' }) as string
  if (!paid.has(plan)) return null
  return (
    <Form.CreditCard
      name="token"
      label={t`Card`}
      helperText={t`Charged now and at the start of each period. Cancel at any time.`}
    />
  )
}

export interface PlanPaymentFormProps {
  plans: readonly Plan[]
  payment: Form.PaymentConfig
  url: 'account/plan' | 'account/upgrade'
  defaultPlan: string
  current?: string | null
  label: string
  submitLabel: ReactNode
  onSuccess(change: PlanChange, response: ApiResponse): void | Promise<void>
  children?: ReactNode
}

export function PlanPaymentForm({
  plans,
  payment,
  url,
  defaultPlan,
  current,
  label,
  submitLabel,
  onSuccess,
  children,
}: PlanPaymentFormProps) {
  const { t } = useLingui()
  const options = usePlanOptions()
  const paid = useMemo(() => new Set(plans.filter((p) => p.price > 0).map((p) => p.id)), [plans])
  const schema = useMemo(() => planSchema(paid), [paid])
  return (
    <Form.Root
      schema={schema}
      defaultValues={{ plan: defaultPlan, token: null }}
      url={url}
      payment={payment}
      aria-label={label}
      onSuccess={(res) => onSuccess(res.data as PlanChange, res)}
    >
      <Form.Radio name="plan" label={t`Plans`} options={options(plans, { current })} />
      <CardWhenPaid paid={paid} />
      {children}
      <Form.Submit>{submitLabel}</Form.Submit>
    </Form.Root>
  )
}
