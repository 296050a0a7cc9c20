import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ComponentProps, ReactNode } from 'react'
import { cx, sva } from 'styled-system/css'

// Ark Switch styled (switch field; the /help support-access switch).
export const switchRecipe = sva({
  slots: ['root', 'control', 'thumb', 'label'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '3', cursor: 'pointer', _disabled: { opacity: 0.6, cursor: 'not-allowed' } },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      w: '11',
      h: '6',
      p: '0.5',
      borderRadius: 'full',
      borderWidth: '1px',
      borderColor: 'border.input',
      bg: 'bg.muted',
      transition: 'background 0.15s, border-color 0.15s',
      _checked: { bg: 'accent', borderColor: 'accent' },
      _invalid: { borderColor: 'danger' },
      focusRing: 'outside',
    },
    thumb: {
      w: '4.5',
      h: '4.5',
      borderRadius: 'full',
      bg: 'fg.muted',
      transition: 'transform 0.15s, background 0.15s',
      _checked: { transform: 'translateX(1.25rem)', bg: 'accent.fg' },
      _motionReduce: { transition: 'none' },
    },
    label: { fontSize: 'sm', color: 'fg', fontWeight: 'medium' },
  },
})

export type SwitchProps = Omit<ComponentProps<typeof ArkSwitch.Root>, 'label'> & { label: ReactNode }

/** Ark Switch with its hidden native input (which carries `name`). */
export function Switch({ label, className, ...props }: SwitchProps) {
  const styles = switchRecipe()
  return (
    <ArkSwitch.Root className={cx(styles.root, className)} {...props}>
      <ArkSwitch.Control className={styles.control}>
        <ArkSwitch.Thumb className={styles.thumb} />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={styles.label}>{label}</ArkSwitch.Label>
      {/* The native checkbox is what assistive technology reaches: announce it as a switch. */}
      <ArkSwitch.HiddenInput role="switch" />
    </ArkSwitch.Root>
  )
}
