import { BookOpen } from 'lucide-react'
import { useState } from 'react'
import { cva } from 'styled-system/css'

// A book's cover: the image when there is one (and it loads), otherwise an open-book mark on the
// accent tint. Decorative: the title next to it names the book.
export const bookCover = cva({
  base: {
    flexShrink: 0,
    overflow: 'hidden',
    bg: 'accent.subtle',
    color: 'accent',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    '& img': { w: 'full', h: 'full', objectFit: 'cover' },
  },
  variants: {
    size: {
      sm: { w: '10', h: '14', borderRadius: 'sm' },
      // A list row's: a little smaller on a phone, where the row's width is scarce.
      md: { w: { base: '10', sm: '12' }, h: { base: '14', sm: '4.5rem' }, borderRadius: 'sm' },
      lg: { w: '16', h: '24', borderRadius: 'md' },
      xl: { w: { base: '24', md: '32' }, h: { base: '36', md: '48' }, borderRadius: 'md', boxShadow: 'md' },
    },
  },
  defaultVariants: { size: 'md' },
})

const ICON_SIZE = { sm: 18, md: 20, lg: 24, xl: 40 } as const
/** The image's own width and height (the box's, at its largest): the page never shifts as covers load. */
const PIXELS = { sm: [40, 56], md: [48, 72], lg: [64, 96], xl: [128, 192] } as const

/** The box per size, worked out once (a public list hydrates hundreds of covers on a phone). */
const BOX = {
  sm: bookCover({ size: 'sm' }),
  md: bookCover({ size: 'md' }),
  lg: bookCover({ size: 'lg' }),
  xl: bookCover({ size: 'xl' }),
}

/** The mark per size, built once (a list draws one per row). */
const MARK = {
  sm: <BookOpen size={ICON_SIZE.sm} />,
  md: <BookOpen size={ICON_SIZE.md} />,
  lg: <BookOpen size={ICON_SIZE.lg} />,
  xl: <BookOpen size={ICON_SIZE.xl} />,
}

export function BookCover({ url, size = 'md' }: { url: string | null | undefined; size?: keyof typeof ICON_SIZE }) {
  // The address that failed to load: a list that reuses a row for another book tries its cover.
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <span className={BOX[size]} aria-hidden>
      {url && failed !== url ? (
        <img
          src={url}
          alt=""
          width={PIXELS[size][0]}
          height={PIXELS[size][1]}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(url)}
        />
      ) : (
        MARK[size]
      )}
    </span>
  )
}
