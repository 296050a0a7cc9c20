import { PasswordInput as ArkPasswordInput } from '@ark-ui/react/password-input'
import { useLingui } from '@lingui/react/macro'
import { Eye, EyeOff } from 'lucide-react'
import { forwardRef, type ComponentProps } from 'react'
import { css, cx, sva } from 'styled-system/css'
import { fieldRecipe } from './field'

// Ark PasswordInput styled like the other inputs, with a show/hide toggle. Place inside a
// Field.Root so the label, ids and invalid state are shared.
const passwordInput = sva({
  slots: ['control', 'input', 'visibilityTrigger', 'indicator'],
  base: {
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { pr: '11!' },
    visibilityTrigger: {
      position: 'absolute',
      right: '1',
      layerStyle: 'iconButton',
      w: '8',
      h: '8',
    },
    indicator: { display: 'inline-flex' },
  },
})

export type PasswordInputProps = ComponentProps<typeof ArkPasswordInput.Input> & {
  rootProps?: ComponentProps<typeof ArkPasswordInput.Root>
}

/**
 * forwardRef, not a `ref` prop: the server-rendered sign-in and sign-up pages run on Preact,
 * which gives a plain function component no `ref`. The form library needs the input itself
 * (it compares the typed value with it), or a corrected password keeps its old error.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { rootProps, className, ...inputProps },
  ref,
) {
  const { t } = useLingui()
  const styles = passwordInput()
  return (
    <ArkPasswordInput.Root className={fieldRecipe().root} {...rootProps}>
      <ArkPasswordInput.Control className={styles.control}>
        <ArkPasswordInput.Input ref={ref} className={cx(fieldRecipe().input, styles.input, className)} {...inputProps} />
        <ArkPasswordInput.VisibilityTrigger className={styles.visibilityTrigger} aria-label={t`Show password`}>
          <ArkPasswordInput.Indicator className={styles.indicator} fallback={<Eye aria-hidden size={18} />}>
            <EyeOff aria-hidden size={18} className={css({ display: 'block' })} />
          </ArkPasswordInput.Indicator>
        </ArkPasswordInput.VisibilityTrigger>
      </ArkPasswordInput.Control>
    </ArkPasswordInput.Root>
  )
})
