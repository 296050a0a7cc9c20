import type { ReactNode } from 'react'
import { stackRecipe } from '../stack'
import { Switch } from '../switch'
import { ControlledField, FieldNotes } from './controlled-field'

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
  return (
    <ControlledField
      name={name}
      render={(field, error) => (
        <div className={stackRecipe({ gap: '1.5' })}>
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
          <FieldNotes name={name} helperText={helperText} error={error} />
        </div>
      )}
    />
  )
}
