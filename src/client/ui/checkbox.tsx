import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox'
import { Check } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cx, sva } from 'styled-system/css'

const checkbox = sva({
  slots: ['root', 'label', 'control', 'indicator'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2.5', cursor: 'pointer', _disabled: { opacity: 0.6 } },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '5',
      h: '5',
      flexShrink: 0,
      borderWidth: '1px',
      borderColor: 'border.input',
      borderRadius: 'sm',
      bg: 'bg',
      color: 'accent.fg',
      _checked: { bg: 'accent', borderColor: 'accent' },
      _invalid: { borderColor: 'danger' },
      focusRing: 'outside',
    },
    indicator: { display: 'inline-flex' },
    label: { fontSize: 'sm', color: 'fg' },
  },
})

export type CheckboxProps = ComponentProps<typeof ArkCheckbox.Root> & { label: ReactNode }

/** Ark Checkbox with its hidden native input (which carries `name`). */
export function Checkbox({ label, className, ...props }: CheckboxProps) {
  const styles = checkbox()
  return (
    <ArkCheckbox.Root className={cx(styles.root, className)} {...props}>
      <ArkCheckbox.Control className={styles.control}>
        <ArkCheckbox.Indicator className={styles.indicator}>
          <Check aria-hidden size={14} strokeWidth={3} />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className={styles.label}>{label}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput />
    </ArkCheckbox.Root>
  )
}
