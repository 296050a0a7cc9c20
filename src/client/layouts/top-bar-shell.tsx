import { useLingui } from '@lingui/react/macro'
import type { ComponentType, ReactNode } from 'react'
import { css, cva } from 'styled-system/css'
import { Logo } from '~/client/ui/logo'

// A page under a plain top bar, no rail: the logo (home) at the start, `end` at the end. The
// onboarding wizard and the public list use it; each passes its own link to home (the router's,
// or a plain anchor on the server-rendered page).
const styles = {
  shell: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas', color: 'fg' }),
  header: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '4',
    px: { base: '4', md: '8' },
    h: '16',
    bg: 'bg.panel',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  logo: css({ color: 'accent', display: 'inline-flex', borderRadius: 'md' }),
  main: cva({
    base: { flex: '1', w: 'full', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } },
    variants: { width: { '5xl': { maxW: '5xl' }, '6xl': { maxW: '6xl' } } },
  }),
}

export interface HomeLinkProps {
  to: '/'
  className: string
  'aria-label': string
  children: ReactNode
}

export function TopBarShell({
  homeLink: HomeLink,
  end,
  width,
  children,
}: {
  homeLink: ComponentType<HomeLinkProps>
  end: ReactNode
  /** The content's widest. */
  width: '5xl' | '6xl'
  children: ReactNode
}) {
  const { t } = useLingui()
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <HomeLink to="/" aria-label={t`TBR home`} className={styles.logo}>
          <Logo size="sm" />
        </HomeLink>
        {end}
      </header>
      <main id="main" className={styles.main({ width })}>
        {children}
      </main>
    </div>
  )
}
