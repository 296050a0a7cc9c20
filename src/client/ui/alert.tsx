import { ark, type HTMLArkProps } from '@ark-ui/react/factory'
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import { createContext, useContext } from 'react'
import { cx, sva } from 'styled-system/css'

// An inline notice (not a toast). Used as `import * as Alert from '~/client/ui/alert'`.
export type AlertStatus = 'info' | 'success' | 'warning' | 'error'

const alert = sva({
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      gap: '3',
      alignItems: 'flex-start',
      p: '4',
      borderRadius: 'lg',
      borderWidth: '1px',
      fontSize: 'sm',
    },
    icon: { w: '5', h: '5', flexShrink: 0, mt: '0.5' },
    content: { display: 'flex', flexDirection: 'column', gap: '1', minW: 0 },
    title: { fontWeight: 'semibold', color: 'fg' },
    description: { color: 'fg' },
  },
  variants: {
    status: {
      info: { root: { bg: 'info.subtle', borderColor: 'info.border' }, icon: { color: 'info' } },
      success: { root: { bg: 'success.subtle', borderColor: 'success.border' }, icon: { color: 'success' } },
      warning: { root: { bg: 'warning.subtle', borderColor: 'warning.border' }, icon: { color: 'warning' } },
      error: { root: { bg: 'danger.subtle', borderColor: 'danger.border' }, icon: { color: 'danger' } },
    },
  },
  defaultVariants: { status: 'info' },
})

const StatusContext = createContext<AlertStatus>('info')

export interface RootProps extends HTMLArkProps<'div'> {
  status?: AlertStatus
}

/** Errors and warnings are announced (role alert); info and success are polite (role status). */
export function Root({ status = 'info', className, ...props }: RootProps) {
  const role = status === 'error' || status === 'warning' ? 'alert' : 'status'
  return (
    <StatusContext.Provider value={status}>
      <ark.div role={role} data-status={status} className={cx(alert({ status }).root, className)} {...props} />
    </StatusContext.Provider>
  )
}

const ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert }

export function Icon({ className }: { className?: string }) {
  const status = useContext(StatusContext)
  const Glyph = ICONS[status]
  return <Glyph aria-hidden className={cx(alert({ status }).icon, className)} />
}
export function Content({ className, ...props }: HTMLArkProps<'div'>) {
  return <ark.div className={cx(alert().content, className)} {...props} />
}
export function Title({ className, ...props }: HTMLArkProps<'p'>) {
  return <ark.p className={cx(alert().title, className)} {...props} />
}
export function Description({ className, ...props }: HTMLArkProps<'div'>) {
  return <ark.div className={cx(alert().description, className)} {...props} />
}
