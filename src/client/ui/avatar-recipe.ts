import { cva } from 'styled-system/css'

// An avatar's look: a round image, falling back to the first letter of the name. Apart from
// avatar.tsx (Ark's Avatar machine, ~8 KiB gzip) so a light page can draw one with a plain <img>.
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
