import { useState } from 'react'
import { avatarRecipe, initial } from '~/client/ui/avatar-recipe'

/**
 * The list owner's avatar, decorative: the name is in the heading beside it. The kit's look
 * without the kit's Avatar (Ark's machine is not worth its weight on this phone-first page).
 */
export function OwnerAvatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false)
  return (
    <span className={avatarRecipe({ size: 'lg' })} aria-hidden>
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initial(name)}
    </span>
  )
}
