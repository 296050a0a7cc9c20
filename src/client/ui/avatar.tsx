import { Avatar as ArkAvatar } from '@ark-ui/react/avatar'
import { cva, cx, type RecipeVariantProps } from 'styled-system/css'

// User menu: an avatar image, falling back to the first letter of the name.
export const avatarRecipe = cva({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: 'full',
    bg: 'accent',
    color: 'accent.fg',
    fontWeight: 'semibold',
    userSelect: 'none',
    '& img': { w: 'full', h: 'full', objectFit: 'cover' },
  },
  variants: {
    size: {
      sm: { w: '8', h: '8', fontSize: 'sm' },
      md: { w: '10', h: '10', fontSize: 'md' },
      lg: { w: '16', h: '16', fontSize: '2xl' },
    },
  },
  defaultVariants: { size: 'md' },
})

/** The first letter of the name, upper-cased ('?' for an empty name). */
export function initial(name: string | null | undefined) {
  const first = [...(name ?? '').trim()][0]
  return first ? first.toLocaleUpperCase() : '?'
}

export type AvatarProps = RecipeVariantProps<typeof avatarRecipe> & {
  name: string | null | undefined
  src?: string | null
  className?: string
}

/** Decorative: the name is always given next to it or in the control that holds it. */
export function Avatar({ name, src, size, className }: AvatarProps) {
  return (
    <ArkAvatar.Root className={cx(avatarRecipe({ size }), className)} aria-hidden>
      <ArkAvatar.Fallback>{initial(name)}</ArkAvatar.Fallback>
      {src ? <ArkAvatar.Image src={src} alt="" /> : null}
    </ArkAvatar.Root>
  )
}
