import { ark, type HTMLArkProps } from '@ark-ui/react/factory'
import { createContext, useContext } from 'react'
import { cx, sva } from 'styled-system/css'

// A surface grouping related content. Used as `import * as Card from '~/client/ui/card'`.
const card = sva({
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.panel',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'xl',
      boxShadow: 'sm',
      overflow: 'hidden',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '6' },
    title: { fontSize: 'lg', fontWeight: 'semibold', lineHeight: 'tight' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '6', py: '5', display: 'flex', flexDirection: 'column', gap: '3' },
    footer: { display: 'flex', alignItems: 'center', gap: '3', px: '6', pb: '6' },
  },
  variants: {
    // `form`: a card holding one form or one setting keeps a readable line length on wide screens.
    width: { full: {}, form: { root: { maxW: '2xl' } } },
  },
  defaultVariants: { width: 'full' },
})

const Styles = createContext(card())

export function Root({ className, width, ...props }: HTMLArkProps<'div'> & { width?: 'full' | 'form' }) {
  const styles = card({ width })
  return (
    <Styles.Provider value={styles}>
      <ark.div className={cx(styles.root, className)} {...props} />
    </Styles.Provider>
  )
}
export function Header({ className, ...props }: HTMLArkProps<'div'>) {
  return <ark.div className={cx(useContext(Styles).header, className)} {...props} />
}
export function Title({ className, ...props }: HTMLArkProps<'h2'>) {
  return <ark.h2 className={cx(useContext(Styles).title, className)} {...props} />
}
export function Description({ className, ...props }: HTMLArkProps<'p'>) {
  return <ark.p className={cx(useContext(Styles).description, className)} {...props} />
}
export function Body({ className, ...props }: HTMLArkProps<'div'>) {
  return <ark.div className={cx(useContext(Styles).body, className)} {...props} />
}
export function Footer({ className, ...props }: HTMLArkProps<'div'>) {
  return <ark.div className={cx(useContext(Styles).footer, className)} {...props} />
}
