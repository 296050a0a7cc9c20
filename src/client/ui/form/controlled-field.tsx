import type { ReactElement, ReactNode } from 'react'
import { Controller, useFormContext, type ControllerRenderProps, type FieldValues } from 'react-hook-form'
import { css } from 'styled-system/css'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

/**
 * A field whose value the form holds through react-hook-form's Controller (an Ark control with no
 * native input the form could register): it shows its own errors while mounted, and `render`
 * gets the field and its translated error.
 */
export function ControlledField({
  name,
  render,
}: {
  name: string
  render: (field: ControllerRenderProps<FieldValues, string>, error: string | undefined) => ReactElement
}) {
  useVisibleField(name)
  const { control } = useFormContext()
  const error = useFieldError(name)
  return <Controller name={name} control={control} render={({ field }) => render(field, error)} />
}

const styles = {
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

/** The lines under a field drawn without Ark's Field: the hint, replaced by the error when there is one. */
export function FieldNotes({ name, helperText, error }: { name: string; helperText?: ReactNode; error?: string }) {
  return (
    <>
      {helperText && !error && <span className={styles.helper}>{helperText}</span>}
      {error && (
        <span className={styles.error} data-field={name}>
          {error}
        </span>
      )}
    </>
  )
}
