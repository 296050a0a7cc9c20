import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '~/client/ui/portal'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'

// Ark Dialog as a centred modal (confirmations such as closing the account); used as
// `import * as Dialog from '~/client/ui/dialog'`.
const dialog = sva({
  slots: ['backdrop', 'positioner', 'content', 'title', 'description', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', zIndex: 'overlay', bg: 'black/50', animation: 'fadeIn 0.15s', _motionReduce: { animation: 'none' } },
    positioner: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4' },
    content: {
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      w: 'full',
      maxW: '28rem',
      p: '6',
      bg: 'bg.panel',
      color: 'fg',
      borderRadius: 'xl',
      borderWidth: '1px',
      borderColor: 'border',
      boxShadow: 'xl',
      outline: 'none',
      animation: 'slideUp 0.2s ease-out',
      _motionReduce: { animation: 'none' },
    },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    footer: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '3', mt: '2' },
  },
})

const Styles = createContext(dialog())
const useStyles = () => useContext(Styles)

export function Root(props: ComponentProps<typeof ArkDialog.Root>) {
  return (
    <Styles.Provider value={dialog()}>
      <ArkDialog.Root lazyMount unmountOnExit {...props} />
    </Styles.Provider>
  )
}
export const Trigger = ArkDialog.Trigger
export const CloseTrigger = ArkDialog.CloseTrigger

export function Content({ className, children, ...props }: ComponentProps<typeof ArkDialog.Content>) {
  const styles = useStyles()
  return (
    <Portal>
      <ArkDialog.Backdrop className={styles.backdrop} />
      <ArkDialog.Positioner className={styles.positioner}>
        <ArkDialog.Content className={cx(styles.content, className)} {...props}>
          {children}
        </ArkDialog.Content>
      </ArkDialog.Positioner>
    </Portal>
  )
}
export function Title({ className, ...props }: ComponentProps<typeof ArkDialog.Title>) {
  return <ArkDialog.Title className={cx(useStyles().title, className)} {...props} />
}
export function Description({ className, ...props }: ComponentProps<typeof ArkDialog.Description>) {
  return <ArkDialog.Description className={cx(useStyles().description, className)} {...props} />
}
export function Footer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(useStyles().footer, className)} {...props} />
}
