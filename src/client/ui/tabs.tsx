import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'

// Ark Tabs styled (arrow keys move between tabs, Tab goes to the panel); used as
// `import * as Tabs from '~/client/ui/tabs'` (/account/billing: Plan, Card, Invoices).
const tabs = sva({
  slots: ['root', 'list', 'trigger', 'indicator', 'content'],
  base: {
    // minW 0: a wide panel (a table) scrolls inside its own box instead of widening the page.
    root: { display: 'flex', flexDirection: 'column', gap: '5', w: 'full', minW: '0' },
    list: {
      display: 'flex',
      gap: '1',
      position: 'relative',
      borderBottomWidth: '1px',
      borderColor: 'border',
      overflowX: 'auto',
    },
    trigger: {
      h: '10',
      px: '4',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      bg: 'transparent',
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      borderRadius: 'md',
      _hover: { color: 'fg' },
      _selected: { color: 'accent' },
      focusRing: 'inside',
    },
    indicator: {
      h: '2px',
      bg: 'accent',
      bottom: '-1px',
      width: 'var(--width)',
      transition: 'left 0.2s, width 0.2s',
      _motionReduce: { transition: 'none' },
    },
    content: {
      minW: '0',
      maxW: 'full',
      outline: 'none',
      _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '4px', borderRadius: 'md' },
    },
  },
})

const Styles = createContext(tabs())
const useStyles = () => useContext(Styles)

export function Root({ className, ...props }: ComponentProps<typeof ArkTabs.Root>) {
  const styles = tabs()
  return (
    <Styles.Provider value={styles}>
      <ArkTabs.Root lazyMount className={cx(styles.root, className)} {...props} />
    </Styles.Provider>
  )
}
export function List({ className, children, ...props }: ComponentProps<typeof ArkTabs.List>) {
  const styles = useStyles()
  return (
    <ArkTabs.List className={cx(styles.list, className)} {...props}>
      {children}
      <ArkTabs.Indicator className={styles.indicator} />
    </ArkTabs.List>
  )
}
export function Trigger({ className, ...props }: ComponentProps<typeof ArkTabs.Trigger>) {
  return <ArkTabs.Trigger className={cx(useStyles().trigger, className)} {...props} />
}
export function Content({ className, ...props }: ComponentProps<typeof ArkTabs.Content>) {
  return <ArkTabs.Content className={cx(useStyles().content, className)} {...props} />
}
