import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '~/client/ui/portal'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'

// Ark Dialog as a drawer from the left (the mobile menu opens from the left, max width
// 15rem). Used as `import * as Drawer from '~/client/ui/drawer'`.
const drawer = sva({
  slots: ['trigger', 'backdrop', 'positioner', 'content', 'title', 'description', 'closeTrigger'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'black/50',
      animation: 'fadeIn 0.2s',
      _motionReduce: { animation: 'none' },
    },
    positioner: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', justifyContent: 'flex-start' },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      w: '80vw',
      maxW: '15rem',
      h: 'full',
      p: '4',
      bg: 'bg.panel',
      color: 'fg',
      boxShadow: 'xl',
      outline: 'none',
      animation: 'drawerIn 0.2s ease-out',
      _motionReduce: { animation: 'none' },
    },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    closeTrigger: {
      position: 'absolute',
      top: '3',
      right: '3',
      layerStyle: 'iconButton',
      w: '8',
      h: '8',
    },
  },
})

const Styles = createContext(drawer())
const useStyles = () => useContext(Styles)

export function Root(props: ComponentProps<typeof Dialog.Root>) {
  return (
    <Styles.Provider value={drawer()}>
      <Dialog.Root lazyMount unmountOnExit {...props} />
    </Styles.Provider>
  )
}
export const Trigger = Dialog.Trigger

/** Backdrop, positioner and content in a portal. */
export function Content({ className, children, ...props }: ComponentProps<typeof Dialog.Content>) {
  const styles = useStyles()
  return (
    <Portal>
      <Dialog.Backdrop className={styles.backdrop} />
      <Dialog.Positioner className={styles.positioner}>
        <Dialog.Content className={cx(styles.content, className)} {...props}>
          {children}
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  )
}
export function Title({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  return <Dialog.Title className={cx(useStyles().title, className)} {...props} />
}
export function Description({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description className={cx(useStyles().description, className)} {...props} />
}
export function CloseTrigger({ className, ...props }: ComponentProps<typeof Dialog.CloseTrigger>) {
  return <Dialog.CloseTrigger className={cx(useStyles().closeTrigger, className)} {...props} />
}
