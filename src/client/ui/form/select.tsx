import type { ReactNode } from 'react'
import * as Select from '../select'
import { ControlledField, FieldNotes } from './controlled-field'

export type SelectOption = Select.SelectOption

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
  const collection = Select.optionsCollection(options)
  return (
    <ControlledField
      name={name}
      render={(field, error) => (
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
          <FieldNotes name={name} helperText={helperText} error={error} />
          <Select.Content collection={collection} />
          <Select.HiddenSelect />
        </Select.Root>
      )}
    />
  )
}
