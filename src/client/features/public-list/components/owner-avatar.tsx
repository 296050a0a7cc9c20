import { useState } from 'react'
import { css } from 'styled-system/css'

// The kit avatar's look (ui/avatar.tsx, size lg). Importing that module would bring Ark's Avatar
// machine (~8 KiB gzip) into this phone-first page, for an image with a fallback letter.
const style = css({
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
  w: '16',
  h: '16',
  fontSize: '2xl',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})

/** The first letter of the name, upper-cased, when there is no image ('?' for no name). */
export function initial(name: string) {
  const first = [...name.trim()][0]
  return first ? first.toLocaleUpperCase() : '?'
}

/** The list owner's avatar, decorative: the name is in the heading beside it. */
export function OwnerAvatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false)
  return (
    <span className={style} aria-hidden>
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initial(name)}
    </span>
  )
}
