import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { badgeRecipe } from './data-table.recipe'
import type { BadgeVariant } from './model'

export interface BadgeProps {
  variant?: BadgeVariant
  children: ReactNode
  className?: string
}

// The recipe's class names per variant, worked out once: Panda builds them from the style
// objects on every call, and a list draws a badge in every row on every keystroke of its search.
const classes = new Map<BadgeVariant | undefined, string>()
function badgeClass(variant: BadgeVariant | undefined): string {
  let name = classes.get(variant)
  if (name === undefined) classes.set(variant, (name = badgeRecipe({ variant })))
  return name
}

/** A status label (data table badges); also usable outside tables. */
export function Badge({ variant, children, className }: BadgeProps) {
  return <span className={className ? cx(badgeClass(variant), className) : badgeClass(variant)}>{children}</span>
}
