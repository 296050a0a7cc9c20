import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// One choice among a few, shown as chips: native radios in a fieldset (arrow keys move the
// choice, Tab leaves the group), each radio visually hidden inside its chip. The status filter
// of the reader's own list (/books) and of a public list (/{slug}) are this one control.

const styles = {
  root: css({ border: 'none', p: '0', m: '0', minW: 0 }),
  // Worded and placed like a field label (ui/field), when shown.
  legend: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg', mb: '1.5', p: '0' }),
  chips: css({ display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' }),
  chip: css({
    display: 'inline-flex',
    alignItems: 'center',
    h: '9',
    px: '3',
    fontSize: 'sm',
    fontWeight: 'medium',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'bg.panel',
    color: 'fg',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    _hover: { borderColor: 'border.input' },
    '&:has(input:checked)': { bg: 'accent', color: 'accent.fg', borderColor: 'accent' },
    focusRing: 'within',
  }),
  srOnly: css({ srOnly: true }),
}

export interface FilterChipsProps<V extends string> {
  /** The group's name for assistive technology (and on screen unless `legendHidden`). */
  legend: ReactNode
  legendHidden?: boolean
  /** The radios' form name. */
  name: string
  value: V
  onValueChange: (value: V) => void
  options: { value: V; label: ReactNode }[]
  className?: string
}

export function FilterChips<V extends string>({
  legend,
  legendHidden,
  name,
  value,
  onValueChange,
  options,
  className,
}: FilterChipsProps<V>) {
  return (
    <fieldset className={cx(styles.root, className)}>
      <legend className={legendHidden ? styles.srOnly : styles.legend}>{legend}</legend>
      <div className={styles.chips}>
        {options.map((option) => (
          <label key={option.value} className={styles.chip}>
            <input
              type="radio"
              name={name}
              value={option.value}
              className={styles.srOnly}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
