import { cva, type RecipeVariantProps } from 'styled-system/css'

// A single-slot part (lucide draws one <svg>), so a plain recipe rather than a slot recipe.
export const iconRecipe = cva({
  base: { flexShrink: 0, display: 'inline-block', verticalAlign: 'middle' },
  variants: {
    size: {
      sm: { width: '4', height: '4' },
      md: { width: '5', height: '5' },
      lg: { width: '6', height: '6' },
    },
  },
  defaultVariants: { size: 'md' },
})

export type IconVariantProps = NonNullable<RecipeVariantProps<typeof iconRecipe>>
