import { Children, isValidElement, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { cardGridRecipe } from './card-grid.recipe'

/** Card grids: at most 8 on the account hub, 4 on the dashboard. */
export const CARD_GRID_MAX = { accountHub: 8, dashboard: 4 } as const

export interface RootProps {
  /** Cards beyond this many are not rendered. */
  max: number
  children: ReactNode
  /** Names the list for assistive technology, e.g. "Account settings". */
  label?: string
  columns?: 2 | 3 | 4
  className?: string
}

/** A responsive list of cards that renders at most `max` of its children, in order. */
export function Root({ max, children, label, columns, className }: RootProps) {
  const styles = cardGridRecipe({ columns })
  // Children.toArray drops null/false, so conditionally hidden cards do not use up a slot.
  const cards = Children.toArray(children).slice(0, Math.max(0, Math.floor(max)))
  return (
    <ul className={cx(styles.root, className)} aria-label={label}>
      {cards.map((card, index) => (
        <li key={isValidElement(card) && card.key != null ? card.key : index} className={styles.item}>
          {card}
        </li>
      ))}
    </ul>
  )
}
