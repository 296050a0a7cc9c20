import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { badgeRecipe } from './data-table.recipe'
import type { BadgeVariant } from './model'

export interface BadgeProps {
  variant?: BadgeVariant
  children: ReactNode
  className?: string
}

/** A status label (data table badges); also usable outside tables. */
export function Badge({ variant, children, className }: BadgeProps) {
  return <span className={cx(badgeRecipe({ variant }), className)}>{children}</span>
}
