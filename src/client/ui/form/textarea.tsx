import { Field as ArkField } from '@ark-ui/react/field'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import * as Field from '../field'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

const styles = {
  // The kit input, grown into a multi-line box; it grows with its text up to 600px.
  textarea: css({ minH: '28', maxH: '600px', py: '2', lineHeight: 'relaxed', resize: 'vertical' }),
  footer: css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'flex-start' }),
  counter: css({ fontSize: 'xs', color: 'fg.muted', ms: 'auto', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }),
}

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'children'> {
  /** The API field name. */
  name: string
  label: ReactNode
  helperText?: ReactNode
  required?: boolean
}

/** Textarea: a multi-line text field; with `maxLength` it counts the characters used. */
export function Textarea({ name, label, helperText, required, maxLength, className, ...rest }: TextareaProps) {
  useVisibleField(name)
  const { i18n } = useLingui()
  const { register, control } = useFormContext()
  const value = useWatch({ control, name }) as string | null | undefined
  const error = useFieldError(name)
  const used = value?.length ?? 0
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      <ArkField.Textarea
        autoresize
        maxLength={maxLength}
        className={cx(Field.useFieldStyles().input, styles.textarea, className)}
        {...rest}
        {...register(name)}
      />
      <div className={styles.footer}>
        {error ? (
          <Field.ErrorText data-field={name}>{error}</Field.ErrorText>
        ) : (
          helperText && <Field.HelperText>{helperText}</Field.HelperText>
        )}
        {maxLength !== undefined && (
          <span className={styles.counter} aria-hidden>
            {i18n.number(used)}/{i18n.number(maxLength)}
          </span>
        )}
      </div>
    </Field.Root>
  )
}
