import { Field as ArkField } from '@ark-ui/react/field'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'

// Ark Field styled; used as `import * as Field from '~/client/ui/field'`. Invalid inputs get
// aria-invalid from Ark and the input layer style's red border.
export const fieldRecipe = sva({
  slots: ['root', 'label', 'input', 'helperText', 'errorText', 'requiredIndicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg' },
    input: {
      layerStyle: 'input',
      transition: 'border-color 0.15s, box-shadow 0.15s',
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'danger', fontWeight: 'medium' },
    requiredIndicator: { color: 'danger', ms: '0.5' },
  },
})

const Styles = createContext(fieldRecipe())
export const useFieldStyles = () => useContext(Styles)

export function Root({ className, ...props }: ComponentProps<typeof ArkField.Root>) {
  const styles = fieldRecipe()
  return (
    <Styles.Provider value={styles}>
      <ArkField.Root className={cx(styles.root, className)} {...props} />
    </Styles.Provider>
  )
}
export function Label({ className, ...props }: ComponentProps<typeof ArkField.Label>) {
  return <ArkField.Label className={cx(useFieldStyles().label, className)} {...props} />
}
export function Input({ className, ...props }: ComponentProps<typeof ArkField.Input>) {
  return <ArkField.Input className={cx(useFieldStyles().input, className)} {...props} />
}
export function HelperText({ className, ...props }: ComponentProps<typeof ArkField.HelperText>) {
  return <ArkField.HelperText className={cx(useFieldStyles().helperText, className)} {...props} />
}
export function ErrorText({ className, ...props }: ComponentProps<typeof ArkField.ErrorText>) {
  return <ArkField.ErrorText className={cx(useFieldStyles().errorText, className)} {...props} />
}
export const RequiredIndicator = ArkField.RequiredIndicator
