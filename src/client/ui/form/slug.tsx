import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import * as Field from '../field'
import { useVisibleField } from './context'
import { useFieldError } from './messages'
import type { TextLikeProps } from './number'

export { SLUG_PATTERN, slugPattern } from './rules'

const styles = {
  group: css({ display: 'flex', alignItems: 'stretch', w: 'full' }),
  prefix: css({
    display: 'inline-flex',
    alignItems: 'center',
    px: '3',
    fontSize: 'sm',
    color: 'fg.muted',
    bg: 'bg.muted',
    borderWidth: '1px',
    borderRightWidth: '0',
    borderColor: 'border.input',
    borderStartRadius: 'md',
    whiteSpace: 'nowrap',
    maxW: '50%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  }),
  input: css({ borderStartRadius: '0!' }),
}

/**
 * Slug variant of text: 3 or more letters, digits, `_` and `-`, starting and ending with
 * a letter or digit (slugPattern in the schema; the message names all of that).
 * An optional prefix shows the address the slug completes.
 */
export function Slug({ name, label, helperText, required, prefix, ...input }: Omit<TextLikeProps, 'prefix'> & { prefix?: ReactNode }) {
  useVisibleField(name)
  const { register } = useFormContext()
  const error = useFieldError(name)
  const field = (
    <Field.Input
      type="text"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      className={prefix ? styles.input : undefined}
      {...input}
      {...register(name)}
    />
  )
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      {prefix ? (
        <div className={styles.group}>
          <span className={styles.prefix} aria-hidden>
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText data-field={name}>{error}</Field.ErrorText>
    </Field.Root>
  )
}
