import { ark, type HTMLArkProps } from '@ark-ui/react/factory'
import type { ReactNode } from 'react'
import { cx, type RecipeVariantProps } from 'styled-system/css'
import { buttonRecipe } from './button-recipe'
import { Spinner } from './spinner'

export { buttonRecipe }

export type ButtonProps = HTMLArkProps<'button'> &
  RecipeVariantProps<typeof buttonRecipe> & {
    /** Shows a spinner and blocks clicks while an action runs. */
    loading?: boolean
    icon?: ReactNode
  }

/** The kit button: variants solid, outline, ghost, link, danger; `loading` shows a spinner. */
export function Button({ loading, icon, variant, size, fullWidth, className, children, disabled, ...rest }: ButtonProps) {
  return (
    <ark.button
      type="button"
      className={cx(buttonRecipe({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </ark.button>
  )
}
