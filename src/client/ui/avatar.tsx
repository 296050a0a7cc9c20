import { Avatar as ArkAvatar } from '@ark-ui/react/avatar'
import { cx, type RecipeVariantProps } from 'styled-system/css'
import { avatarRecipe, initial } from './avatar-recipe'

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
