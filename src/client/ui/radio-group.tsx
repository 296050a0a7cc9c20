import { RadioGroup as ArkRadioGroup } from '@ark-ui/react/radio-group'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'

// Ark RadioGroup styled as selectable cards; used as `import * as RadioGroup from '~/client/ui/radio-group'`.
const radioGroup = sva({
  slots: ['root', 'label', 'item', 'itemText', 'itemControl', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg' },
    item: {
      position: 'relative',
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      p: '4',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
      bg: 'bg.panel',
      cursor: 'pointer',
      transition: 'border-color 0.15s, background 0.15s',
      _hover: { borderColor: 'border.input' },
      _checked: { borderColor: 'accent', bg: 'accent.subtle', boxShadow: '0 0 0 1px token(colors.accent)' },
      _disabled: { cursor: 'not-allowed', bg: 'bg.subtle', _hover: { borderColor: 'border' } },
      _invalid: { borderColor: 'danger' },
      focusRing: 'within',
    },
    itemText: { flex: '1', minW: 0, color: 'fg' },
    itemControl: {
      mt: '0.5',
      w: '5',
      h: '5',
      flexShrink: 0,
      borderRadius: 'full',
      borderWidth: '1px',
      borderColor: 'border.input',
      bg: 'bg',
      _checked: { borderColor: 'accent', borderWidth: '6px' },
      _disabled: { opacity: 0.5 },
    },
    indicator: { display: 'none' },
  },
})

const Styles = createContext(radioGroup())

export function Root({ className, ...props }: ComponentProps<typeof ArkRadioGroup.Root>) {
  const styles = radioGroup()
  return (
    <Styles.Provider value={styles}>
      <ArkRadioGroup.Root className={cx(styles.root, className)} {...props} />
    </Styles.Provider>
  )
}
export function Label({ className, ...props }: ComponentProps<typeof ArkRadioGroup.Label>) {
  return <ArkRadioGroup.Label className={cx(useContext(Styles).label, className)} {...props} />
}
export function Item({ className, ...props }: ComponentProps<typeof ArkRadioGroup.Item>) {
  return <ArkRadioGroup.Item className={cx(useContext(Styles).item, className)} {...props} />
}
export function ItemText({ className, ...props }: ComponentProps<typeof ArkRadioGroup.ItemText>) {
  return <ArkRadioGroup.ItemText className={cx(useContext(Styles).itemText, className)} {...props} />
}
export function ItemControl({ className, ...props }: ComponentProps<typeof ArkRadioGroup.ItemControl>) {
  return <ArkRadioGroup.ItemControl className={cx(useContext(Styles).itemControl, className)} {...props} />
}
export const ItemHiddenInput = ArkRadioGroup.ItemHiddenInput
