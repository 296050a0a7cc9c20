import { Menu as ArkMenu, useMenuContext } from '@ark-ui/react/menu'
import { Portal } from '~/client/ui/portal'
import { Check, ChevronRight } from 'lucide-react'
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react'
import { cx, sva } from 'styled-system/css'
import { createHoverIntent, createTypeahead, isTypeaheadKey } from './timing'

// Ark Menu styled; used as `import * as Menu from '~/client/ui/menu'`. Type-ahead (1000 ms
// reset) and sub-menu hover (100 ms open, 300 ms grace) are ours, in timing.ts.
export const menuRecipe = sva({
  slots: ['trigger', 'positioner', 'content', 'item', 'itemGroup', 'itemGroupLabel', 'separator', 'itemIndicator', 'triggerItem'],
  base: {
    content: {
      layerStyle: 'popover',
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      minW: '14rem',
      p: '1',
      borderRadius: 'lg',
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2.5',
      w: 'full',
      minH: '9',
      px: '2.5',
      fontSize: 'sm',
      color: 'fg',
      borderRadius: 'md',
      cursor: 'pointer',
      textDecoration: 'none',
      userSelect: 'none',
      _highlighted: { bg: 'bg.muted' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      '& svg': { flexShrink: 0, color: 'fg.muted' },
    },
    triggerItem: { '& > :last-child': { ms: 'auto' } },
    itemGroup: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    itemGroupLabel: { px: '2.5', pt: '1.5', pb: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    separator: { my: '1', borderTopWidth: '1px', borderColor: 'border' },
    itemIndicator: { ms: 'auto', display: 'inline-flex', '& svg': { color: 'accent!' } },
  },
})

const Styles = createContext(menuRecipe())
const useStyles = () => useContext(Styles)

/** A menu; Ark's own type-ahead is replaced by the spec's (see Content). */
export function Root({ children, ...props }: ComponentProps<typeof ArkMenu.Root>) {
  return (
    <Styles.Provider value={menuRecipe()}>
      <ArkMenu.Root typeahead={false} lazyMount unmountOnExit {...props}>
        {children}
      </ArkMenu.Root>
    </Styles.Provider>
  )
}

export const Trigger = ArkMenu.Trigger

const ITEM_SELECTOR = '[data-part=item]:not([data-disabled]), [data-part=trigger-item]:not([data-disabled])'

/** Highlights the item whose label starts with what was typed (reset after 1000 ms). */
function useTypeahead() {
  const menu = useMenuContext()
  const typeahead = useMemo(() => createTypeahead(), [])
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isTypeaheadKey(event)) return
    // Only this menu's own items, not those of a sub-menu rendered inside it.
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter(
      (el) => el.closest('[data-part=content]') === event.currentTarget,
    )
    const current = items.findIndex((el) => el.hasAttribute('data-highlighted'))
    const index = typeahead.key(event.key, items.map((el) => el.textContent ?? ''), current)
    const value = index >= 0 ? items[index]!.dataset.value : undefined
    if (value) {
      event.preventDefault()
      menu.setHighlightedValue(value)
    }
  }
}

function ContentInner({ className, onKeyDown, ...props }: ComponentProps<typeof ArkMenu.Content>) {
  const styles = useStyles()
  const typeahead = useTypeahead()
  const sub = useContext(SubmenuHover)
  return (
    <ArkMenu.Positioner className={styles.positioner}>
      <ArkMenu.Content
        className={cx(styles.content, className)}
        onKeyDown={(e) => {
          onKeyDown?.(e)
          typeahead(e)
        }}
        onPointerEnter={sub ? () => sub.intent.enter(false, true) : undefined}
        onPointerLeave={sub ? () => sub.intent.leave() : undefined}
        {...props}
      />
    </ArkMenu.Positioner>
  )
}

/** The positioned content, in a portal. */
export function Content(props: ComponentProps<typeof ArkMenu.Content>) {
  return (
    <Portal>
      <ContentInner {...props} />
    </Portal>
  )
}

export function Item({ className, ...props }: ComponentProps<typeof ArkMenu.Item>) {
  return <ArkMenu.Item className={cx(useStyles().item, className)} {...props} />
}
export function ItemGroup({ className, ...props }: ComponentProps<typeof ArkMenu.ItemGroup>) {
  return <ArkMenu.ItemGroup className={cx(useStyles().itemGroup, className)} {...props} />
}
export function ItemGroupLabel({ className, ...props }: ComponentProps<typeof ArkMenu.ItemGroupLabel>) {
  return <ArkMenu.ItemGroupLabel className={cx(useStyles().itemGroupLabel, className)} {...props} />
}
export function Separator({ className, ...props }: ComponentProps<typeof ArkMenu.Separator>) {
  return <ArkMenu.Separator className={cx(useStyles().separator, className)} {...props} />
}
export const RadioItemGroup = ArkMenu.RadioItemGroup

/** A menuitemradio with a check on the chosen one. */
export function RadioItem({ className, children, ...props }: ComponentProps<typeof ArkMenu.RadioItem>) {
  const styles = useStyles()
  return (
    <ArkMenu.RadioItem className={cx(styles.item, className)} {...props}>
      {children}
      <ArkMenu.ItemIndicator className={styles.itemIndicator}>
        <Check aria-hidden size={16} />
      </ArkMenu.ItemIndicator>
    </ArkMenu.RadioItem>
  )
}
export const ItemText = ArkMenu.ItemText

interface SubmenuHoverValue {
  intent: ReturnType<typeof createHoverIntent>
  open: boolean
}
const SubmenuHover = createContext<SubmenuHoverValue | null>(null)

/**
 * A sub-menu whose hover timing is ours (opens after 100 ms, 300 ms grace). Ark still
 * handles the keyboard (ArrowRight/Enter open, ArrowLeft/Escape close) and selection; its own
 * pointer-driven open and close requests are left to the hover intent.
 */
export function Submenu({ children, ...props }: Omit<ComponentProps<typeof ArkMenu.Root>, 'open' | 'onOpenChange'>) {
  const parent = useMenuContext()
  const [open, setOpen] = useState(false)
  const intent = useMemo(() => createHoverIntent(setOpen), [])
  const lastInput = useRef(0)
  useEffect(() => {
    const mark = () => {
      lastInput.current = Date.now()
    }
    document.addEventListener('keydown', mark, true)
    document.addEventListener('click', mark, true)
    return () => {
      document.removeEventListener('keydown', mark, true)
      document.removeEventListener('click', mark, true)
      intent.dispose()
    }
  }, [intent])
  // The sub-menu never outlives its parent.
  useEffect(() => {
    if (!parent.open) setOpen(false)
  }, [parent.open])
  return (
    <SubmenuHover.Provider value={{ intent, open }}>
      <ArkMenu.Root
        typeahead={false}
        positioning={{ placement: 'right-start', gutter: 4 }}
        {...props}
        open={open}
        onOpenChange={(d) => {
          // A close that no key or click caused comes from Ark's own hover tracking: ignore it
          // while the pointer is still deciding, so our grace period applies.
          if (!d.open && intent.pending && Date.now() - lastInput.current > 50) return
          setOpen(d.open)
        }}
      >
        {children}
      </ArkMenu.Root>
    </SubmenuHover.Provider>
  )
}

/** The item that opens a sub-menu; it shows a chevron. */
export function TriggerItem({ className, children, ...props }: ComponentProps<typeof ArkMenu.TriggerItem>) {
  const styles = useStyles()
  const sub = useContext(SubmenuHover)
  return (
    <ArkMenu.TriggerItem
      className={cx(styles.item, styles.triggerItem, className)}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'touch') sub?.intent.enter(true, sub.open)
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'touch') sub?.intent.leave()
      }}
      {...props}
    >
      {children}
      <ChevronRight aria-hidden size={16} />
    </ArkMenu.TriggerItem>
  )
}

