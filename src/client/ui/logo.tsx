import { cx, sva } from 'styled-system/css'

// The product mark: a small stack of books and the TBR wordmark.
const logo = sva({
  slots: ['root', 'mark', 'word'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2', color: 'inherit' },
    mark: { flexShrink: 0 },
    word: { fontFamily: 'serif', fontWeight: 'bold', letterSpacing: 'wide', lineHeight: '1' },
  },
  variants: {
    size: {
      sm: { mark: { w: '6', h: '6' }, word: { fontSize: 'lg' } },
      md: { mark: { w: '8', h: '8' }, word: { fontSize: 'xl' } },
      lg: { mark: { w: '12', h: '12' }, word: { fontSize: '3xl' } },
    },
  },
  defaultVariants: { size: 'md' },
})

export interface LogoProps {
  size?: 'sm' | 'md' | 'lg'
  /** Hide the wordmark (icon rail). */
  markOnly?: boolean
  className?: string
}

const PRODUCT = 'TBR'

export function Logo({ size, markOnly, className }: LogoProps) {
  const styles = logo({ size })
  return (
    <span className={cx(styles.root, className)}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect x="4" y="20" width="24" height="6" rx="1.5" fill="currentColor" opacity="0.95" />
        <rect x="6" y="13" width="20" height="6" rx="1.5" fill="currentColor" opacity="0.75" />
        <rect x="8" y="6" width="16" height="6" rx="1.5" fill="currentColor" opacity="0.55" />
        <path d="M22 6v8l-2-1.5L18 14V6z" fill="currentColor" />
      </svg>
      {!markOnly && <span className={styles.word}>{PRODUCT}</span>}
    </span>
  )
}
