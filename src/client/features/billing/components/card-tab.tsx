import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { paymentConfig } from '~/client/lib/plans'
import { useOnline } from '~/client/lib/use-online'
import { CardDisplay } from '~/client/ui/card-display'
import * as Form from '~/client/ui/form'
import { Spinner } from '~/client/ui/spinner'
import { textRecipe } from '~/client/ui/text'
import type { PlansData } from '~/shared/schemas/billing'
import { afterBillingChange, cardQuery } from '../api/billing'
import { LoadFailed } from './load-failed'

const styles = {
  tab: css({ display: 'flex', flexDirection: 'column', gap: '8' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' }),
  muted: textRecipe({ tone: 'muted', size: 'sm' }),
}

/** The new card's form values: the card field holds {} when filled; the kit sends its token. */
const ReplaceCardForm = v.object({ token: Form.creditCardRequired() })

/**
 * The Card tab of /account/billing: the card on file in the kit's card display (brand, masked
 * number, expiry, masked CVV) and a new card through the card field (PATCH /api/account/card
 * {token}). A new card also settles a failed renewal (until the card is replaced the
 * subscription redirect is in force).
 */
export function CardTab({ plans }: { plans: PlansData }) {
  const { t } = useLingui()
  const online = useOnline()
  const card = useQuery({ ...cardQuery(), enabled: online })
  return (
    <div className={styles.tab}>
      <section>
        <h3 className={styles.heading}>
          <Trans>Card on file</Trans>
        </h3>
        {card.data ? (
          <CardDisplay.Root
            brand={card.data.brand}
            last4={card.data.last4}
            expMonth={card.data.exp_month}
            expYear={card.data.exp_year}
          />
        ) : card.isError || !online ? (
          <LoadFailed what={<Trans>Your card could not be loaded.</Trans>} />
        ) : card.isPending ? (
          <Spinner size="md" label={t`Loading`} />
        ) : (
          <p className={styles.muted}>
            <Trans>No card on file.</Trans>
          </p>
        )}
      </section>
      <section>
        <h3 className={styles.heading}>
          <Trans>Replace card</Trans>
        </h3>
        <Form.Root
          schema={ReplaceCardForm}
          defaultValues={{ token: null }}
          method="patch"
          url="account/card"
          payment={paymentConfig(plans)}
          aria-label={t`Replace card`}
          onSuccess={() => afterBillingChange()}
        >
          <Form.CreditCard
            name="token"
            label={t`New card`}
            helperText={t`It replaces the card above for every future payment.`}
          />
          <Form.Submit>
            <Trans>Save card</Trans>
          </Form.Submit>
        </Form.Root>
      </section>
    </div>
  )
}
