import { LoaderCircle } from 'lucide-react'
import { cx } from 'styled-system/css'
import { cva } from 'styled-system/css'

const spinner = cva({
  base: {
    animation: 'spin 0.8s linear infinite',
    flexShrink: 0,
    _motionReduce: { animationDuration: '2.4s' },
  },
  variants: { size: { sm: { w: '4', h: '4' }, md: { w: '5', h: '5' }, lg: { w: '8', h: '8' } } },
  defaultVariants: { size: 'sm' },
})

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg'
  className?: string
  /** Announced to assistive technology; omit when the spinner sits inside a labelled control. */
  label?: string
}

/** A rotating indicator; decorative unless given a label. */
export function Spinner({ size, className, label }: SpinnerProps) {
  return (
    <LoaderCircle
      className={cx(spinner({ size }), className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
    />
  )
}
