import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { useId, useRef, useState, type ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import { Button } from '../button'
import { clearOnDelete, RATING_STARS, STARS, starRecipe } from '../rating-stars'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

const styles = {
  fieldset: css({ border: 'none', p: '0', m: '0', minW: 0, display: 'flex', flexDirection: 'column', gap: '1.5' }),
  legend: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg', p: '0', mb: '1.5' }),
  row: css({ display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' }),
  stars: css({ display: 'inline-flex', alignItems: 'center' }),
  star: starRecipe({ size: 'field' }),
  invalid: css({ '& label': { color: 'danger' } }),
  input: css({ srOnly: true }),
  srOnly: css({ srOnly: true }),
  value: css({ fontSize: 'sm', color: 'fg.muted', ms: '1', minW: '8', fontVariantNumeric: 'tabular-nums' }),
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

export interface RatingProps {
  /** The API field name; the value is an integer 1–5, or null when not rated. */
  name: string
  label: ReactNode
  helperText?: ReactNode
}

/**
 * Rating (5 stars): native radio inputs, one per star, so it is a real radio group for
 * the keyboard (arrows choose, Tab leaves) and for screen readers ("3 stars, 3 of 5"). Ark's
 * RatingGroup marks the first star checked while nothing is rated, which reads as a rating of
 * 1; hence plain radios. Clearable with the Clear button, or Delete/Backspace on a star.
 */
export function Rating({ name, label, helperText }: RatingProps) {
  useVisibleField(name)
  const { t } = useLingui()
  const { control } = useFormContext()
  const error = useFieldError(name)
  const [hovered, setHovered] = useState<number | null>(null)
  const firstStar = useRef<HTMLInputElement | null>(null)
  const errorId = useId()
  const helperId = useId()

  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const value = typeof field.value === 'number' && field.value >= 1 && field.value <= RATING_STARS ? field.value : null
        const shown = hovered ?? value ?? 0
        const clear = () => {
          field.onChange(null)
          firstStar.current?.focus()
        }
        const onKeyDown = clearOnDelete(() => field.onChange(null))
        return (
          <fieldset
            className={cx(styles.fieldset, error ? styles.invalid : undefined)}
            aria-describedby={error ? errorId : helperText ? helperId : undefined}
            data-invalid={error ? '' : undefined}
          >
            <legend className={styles.legend}>{label}</legend>
            <div className={styles.row}>
              <div className={styles.stars} onPointerLeave={() => setHovered(null)}>
                {STARS.map((n) => (
                  <label key={n} className={styles.star} data-on={n <= shown ? '' : undefined} onPointerEnter={() => setHovered(n)}>
                    <input
                      ref={(el) => {
                        if (n === 1) {
                          firstStar.current = el
                          field.ref(el)
                        }
                      }}
                      type="radio"
                      className={styles.input}
                      name={field.name}
                      value={n}
                      checked={value === n}
                      aria-invalid={error ? true : undefined}
                      onChange={() => field.onChange(n)}
                      onBlur={field.onBlur}
                      onKeyDown={onKeyDown}
                    />
                    <Star aria-hidden size={26} fill={n <= shown ? 'currentColor' : 'none'} strokeWidth={1.75} />
                    <span className={styles.srOnly}>{plural(n, { one: '# star', other: '# stars' })}</span>
                  </label>
                ))}
              </div>
              <span className={styles.value} aria-hidden>
                {value ? t`${value}/5` : ''}
              </span>
              {value !== null && (
                <Button variant="ghost" size="sm" onClick={clear} aria-label={t`Clear rating`}>
                  {t`Clear`}
                </Button>
              )}
            </div>
            {helperText && !error && (
              <p id={helperId} className={styles.helper}>
                {helperText}
              </p>
            )}
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
