import { useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Logo } from '~/client/ui/logo'
import { MobileMenu } from './mobile-menu'
import { PageTransition } from './page-transition'
import { SideRail } from './side-rail'
import { ThemeToggle } from './theme-toggle'

const styles = {
  shell: css({ display: 'flex', minH: '100dvh', bg: 'bg.canvas', color: 'fg' }),
  column: css({ flex: '1', display: 'flex', flexDirection: 'column', minW: 0 }),
  topBar: css({
    display: { base: 'flex', md: 'none' },
    alignItems: 'center',
    gap: '2',
    px: '2',
    h: '14',
    bg: 'bg.panel',
    borderBottomWidth: '1px',
    borderColor: 'border',
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
  }),
  logo: css({ color: 'accent', flex: '1', display: 'flex', alignItems: 'center' }),
  logoLink: css({ display: 'inline-flex', color: 'inherit', borderRadius: 'md' }),
  main: css({ flex: '1', px: { base: '4', md: '10' }, py: { base: '6', md: '10' } }),
  content: css({ maxW: '5xl', mx: 'auto' }),
}

/** The plain dashboard layout (spec §2): icon rail on md+, a top bar with a menu below. */
export function AppLayout() {
  const { t } = useLingui()
  return (
    <div className={styles.shell}>
      <SideRail />
      <div className={styles.column}>
        <header className={styles.topBar}>
          <MobileMenu />
          <span className={styles.logo}>
            <Link to="/" aria-label={t`TBR home`} className={styles.logoLink}>
              <Logo size="sm" />
            </Link>
          </span>
          <ThemeToggle />
        </header>
        <main id="main" className={styles.main}>
          <PageTransition className={styles.content}>
            <Outlet />
          </PageTransition>
        </main>
      </div>
    </div>
  )
}
