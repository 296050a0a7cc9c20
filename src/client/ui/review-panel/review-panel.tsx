import { Collapsible } from '@ark-ui/react/collapsible'
import { Trans, useLingui } from '@lingui/react/macro'
import { ChevronDown } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { reviewPanelRecipe } from './review-panel.recipe'

/** The review panel expands up to 600px high (the recipe holds the same literal). */
export const REVIEW_PANEL_MAX_HEIGHT = 600
/** Height of the collapsed preview, about four lines of body text. */
export const DEFAULT_COLLAPSED_HEIGHT = 96

export interface RootProps {
  children: ReactNode
  /** Names the text region for assistive technology; defaults to "Review". */
  label?: string
  collapsedHeight?: number
  defaultOpen?: boolean
  open?: boolean
  onOpenChange?: (open: boolean) => void
  className?: string
}

/** Long text (a book review) shown as a short preview that expands, then scrolls past 600px. */
export function Root({
  children,
  label,
  collapsedHeight = DEFAULT_COLLAPSED_HEIGHT,
  defaultOpen = false,
  open,
  onOpenChange,
  className,
}: RootProps) {
  const { t } = useLingui()
  const [innerOpen, setInnerOpen] = useState(defaultOpen)
  const isOpen = open ?? innerOpen
  const styles = reviewPanelRecipe({ expanded: isOpen })
  return (
    <Collapsible.Root
      open={isOpen}
      onOpenChange={(details) => {
        setInnerOpen(details.open)
        onOpenChange?.(details.open)
      }}
      collapsedHeight={collapsedHeight}
      className={cx(styles.root, className)}
    >
      {/* Focusable when expanded so keyboard users can scroll text longer than 600px. */}
      <Collapsible.Content
        className={styles.content}
        role="region"
        aria-label={label ?? t`Review`}
        tabIndex={isOpen ? 0 : -1}
      >
        {children}
      </Collapsible.Content>
      <Collapsible.Trigger className={styles.trigger}>
        {isOpen ? <Trans>Show less</Trans> : <Trans>Show more</Trans>}
        <Collapsible.Indicator className={styles.indicator}>
          <ChevronDown aria-hidden="true" size={16} />
        </Collapsible.Indicator>
      </Collapsible.Trigger>
    </Collapsible.Root>
  )
}
