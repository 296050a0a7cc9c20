import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Logo } from '~/client/ui/logo'
import { AuthLogoLink } from './auth-logo-link'
import { QuotePanel } from './quote-panel'

const styles = {
  shell: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '1fr 1fr', xl: '5fr 6fr' },
    minH: '100dvh',
    bg: 'bg',
    color: 'fg',
  }),
  column: css({ display: 'flex', flexDirection: 'column', minW: 0, px: { base: '5', sm: '8', lg: '12' }, py: '6' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', minH: '10' }),
  mobileLogo: css({ display: { base: 'inline-flex', md: 'none' }, color: 'accent', borderRadius: 'md' }),
  main: css({ flex: '1', display: 'flex', alignItems: 'center', justifyContent: 'center', py: { base: '8', md: '12' } }),
  content: css({ w: 'full', maxW: '26rem' }),
}

/**
 * Split auth layout: the form on the left, the quote panel on the right (md and up). As
 * drawn, for the SPA's auth routes (auth-layout.tsx) and the server-rendered signed-out screens
 * (src/client/public/auth-app.tsx): the caller gives the language switch and the page.
 * `quote`: which quote the panel shows (the server picks it, so hydration draws the same one).
 */
export function AuthLayoutView({ localeSwitch, quote, children }: { localeSwitch: ReactNode; quote?: number; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <div className={styles.column}>
        <header className={styles.header}>
          <AuthLogoLink className={styles.mobileLogo}>
            <Logo size="sm" />
          </AuthLogoLink>
          <span aria-hidden className={css({ display: { base: 'none', md: 'block' } })} />
          {localeSwitch}
        </header>
        <main id="main" className={styles.main}>
          <div className={styles.content}>{children}</div>
        </main>
      </div>
      <QuotePanel quote={quote} />
    </div>
  )
}
