import type { ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Switch } from '../switch'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

export interface SwitchFieldProps {
  name: string
  label: ReactNode
  helperText?: ReactNode
  disabled?: boolean
  /** Called with the new value as soon as it changes (e.g. to save at once, without a submit). */
  onCheckedChange?: (checked: boolean) => void
}

/** Switch: an on/off value (Ark Switch; the hidden checkbox carries the name). */
export function SwitchField({ name, label, helperText, disabled, onCheckedChange }: SwitchFieldProps) {
  useVisibleField(name)
  const { control } = useFormContext()
  const error = useFieldError(name)
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div className={styles.root}>
          <Switch
            name={field.name}
            label={label}
            checked={!!field.value}
            invalid={!!error}
            disabled={disabled}
            onCheckedChange={(d) => {
              field.onChange(d.checked)
              onCheckedChange?.(d.checked)
            }}
            onBlur={field.onBlur}
          />
          {helperText && !error && <span className={styles.helper}>{helperText}</span>}
          {error && (
            <span className={styles.error} data-field={name}>
              {error}
            </span>
          )}
        </div>
      )}
    />
  )
}
