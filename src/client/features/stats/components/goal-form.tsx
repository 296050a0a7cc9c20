import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { MutationInputError, setGoal } from '~/client/sync'
import { Button } from '~/client/ui/button'
import * as Field from '~/client/ui/field'
import { messageDescriptor } from '~/client/ui/form/messages'
import { GOAL_LIMITS } from '~/shared/schemas/goal'

const styles = {
  form: css({ display: 'flex', alignItems: 'flex-end', gap: '3', flexWrap: 'wrap' }),
  field: css({ flex: '1 1 10rem', maxW: '14rem' }),
}

/**
 * Sets the reading goal of `year`: stored on the device at once (it works offline) and synced
 * later. One number input named after the API field (`books`) and one submit button.
 */
export function GoalForm({ year, current, onDone }: { year: number; current?: number | null; onDone?: () => void }) {
  const { t, i18n } = useLingui()
  const [value, setValue] = useState(current ? String(current) : '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await setGoal(year, value.trim() === '' ? Number.NaN : Number(value))
      onDone?.()
    } catch (err) {
      if (!(err instanceof MutationInputError)) throw err
      const d = messageDescriptor(err.message)
      setError(typeof d === 'string' ? d : d ? i18n._(d) : t`The goal must be a whole number of books from 1 to 1000`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t`Reading goal for ${year}`}>
      <Field.Root className={styles.field} invalid={!!error}>
        <Field.Label htmlFor={id}>
          <Trans>Books to read in {year}</Trans>
        </Field.Label>
        <Field.Input
          id={id}
          name="books"
          type="number"
          inputMode="numeric"
          min={GOAL_LIMITS.min}
          max={GOAL_LIMITS.max}
          step={1}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Button type="submit" loading={busy}>
        {current ? <Trans>Save goal</Trans> : <Trans>Set goal</Trans>}
      </Button>
    </form>
  )
}
