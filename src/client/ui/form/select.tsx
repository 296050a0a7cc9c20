import type { ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import * as Select from '../select'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

export type SelectOption = Select.SelectOption

const styles = {
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

export interface SelectFieldProps {
  /** The API field name; the hidden native select carries it. */
  name: string
  label: ReactNode
  options: SelectOption[]
  placeholder?: string
  helperText?: ReactNode
  required?: boolean
  disabled?: boolean
}

/** Select: one choice from a list; options may be grouped (Ark Select). */
export function SelectField({ name, label, options, placeholder, helperText, required, disabled }: SelectFieldProps) {
  useVisibleField(name)
  const { control } = useFormContext()
  const error = useFieldError(name)
  const collection = Select.optionsCollection(options)
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Select.Root
          collection={collection}
          name={field.name}
          value={field.value ? [String(field.value)] : []}
          onValueChange={(d) => field.onChange(d.value[0] ?? '')}
          onOpenChange={(d) => {
            if (!d.open) field.onBlur()
          }}
          invalid={!!error}
          required={required}
          disabled={disabled}
        >
          <Select.Label>{label}</Select.Label>
          <Select.Trigger placeholder={placeholder} />
          {helperText && !error && <span className={styles.helper}>{helperText}</span>}
          {error && (
            <span className={styles.error} data-field={name}>
              {error}
            </span>
          )}
          <Select.Content collection={collection} />
          <Select.HiddenSelect />
        </Select.Root>
      )}
    />
  )
}
