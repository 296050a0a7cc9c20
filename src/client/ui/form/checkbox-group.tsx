import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Controller, get, useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Checkbox } from '../checkbox'
import { useVisibleField } from './context'
import { messageDescriptor } from './messages'

// A multiple choice (Api key scope: "multiple choice from a list"): a fieldset whose
// checkboxes all carry the field's name and fill it with the checked values.

export interface CheckboxOption {
  value: string
  label: ReactNode
  description?: ReactNode
}

const styles = {
  fieldset: css({ border: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3' }),
  legend: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg', mb: '2', p: 0 }),
  // Under the label text: the control (5) and the gap (2.5) of ui/checkbox.tsx.
  description: css({
    display: 'block',
    fontSize: 'xs',
    color: 'fg.muted',
    ms: 'calc({spacing.5} + {spacing.2.5})',
    mt: '-1',
  }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

export function CheckboxGroup({ name, label, options }: { name: string; label: ReactNode; options: CheckboxOption[] }) {
  useVisibleField(name)
  const { i18n } = useLingui()
  const { control, formState } = useFormContext()
  const raw = (get(formState.errors, name) as { message?: string } | undefined)?.message
  const descriptor = messageDescriptor(raw)
  const error = typeof descriptor === 'string' || descriptor === undefined ? descriptor : i18n._(descriptor)
  const errorId = `${name}-error`
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const checked = new Set((field.value as string[] | undefined) ?? [])
        const toggle = (value: string, on: boolean) => {
          const next = options.map((o) => o.value).filter((v) => (v === value ? on : checked.has(v)))
          field.onChange(next)
        }
        return (
          <fieldset className={styles.fieldset} aria-invalid={!!error} aria-describedby={error ? errorId : undefined}>
            <legend className={styles.legend}>{label}</legend>
            {options.map((option) => (
              <div key={option.value}>
                <Checkbox
                  name={field.name}
                  value={option.value}
                  label={option.label}
                  checked={checked.has(option.value)}
                  invalid={!!error}
                  onCheckedChange={(e) => toggle(option.value, e.checked === true)}
                  onBlur={field.onBlur}
                />
                {option.description && <span className={styles.description}>{option.description}</span>}
              </div>
            ))}
            {error && (
              <p id={errorId} className={styles.error} data-field={name}>
                {error}
              </p>
            )}
          </fieldset>
        )
      }}
    />
  )
}
