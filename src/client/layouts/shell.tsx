import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useSubscriptionRedirect } from '~/client/lib/session'
import { Feedback } from '~/client/ui/feedback'
import { Logo } from '~/client/ui/logo'
import { CurrentAccount } from './current-account'
import { MobileMenu } from './mobile-menu'
import { NavOptionsContext, type NavOptions } from './nav-context'
import { SideRail } from './side-rail'
import { SignOutGuard } from './sign-out'
import { StepUpDialog } from './step-up-dialog'
import { UserMenu } from './user-menu'

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
  logo: css({ color: 'accent', flex: '1', display: 'flex', alignItems: 'center', gap: '2', minW: 0 }),
  logoLink: css({ display: 'inline-flex', color: 'inherit', borderRadius: 'md' }),
  // The bottom padding lets the end of every page scroll clear of the fixed feedback button
  // (md and up; on phones the heart is in the top bar).
  main: css({ flex: '1', px: { base: '4', md: '10' }, pt: { base: '6', md: '10' }, pb: { base: '10', md: '24' } }),
}

/**
 * The signed-in frame shared by the app and account layouts: the icon rail on md and
 * up; below that a top bar with the slide-out menu, the logo (to /) and the user menu. A person
 * with more than one account sees the current one's name (top bar, above the page, the menu).
 */
export function Shell({ children, nav = {}, topBarExtra }: { children: ReactNode; nav?: NavOptions; topBarExtra?: ReactNode }) {
  const { t } = useLingui()
  useSubscriptionRedirect()
  return (
    <NavOptionsContext.Provider value={nav}>
      <div className={styles.shell}>
        <SideRail />
        <div className={styles.column}>
          <header className={styles.topBar}>
            <MobileMenu />
            <span className={styles.logo}>
              <Link to="/" aria-label={t`TBR home`} className={styles.logoLink}>
                <Logo size="sm" />
              </Link>
              <CurrentAccount place="bar" />
            </span>
            {topBarExtra}
            {/* Feedback widget; on a phone here, so nothing floats over a page's buttons (decision 22). */}
            <Feedback.Root placement="bar" />
            <UserMenu />
          </header>
          <CurrentAccount place="strip" />
          <main id="main" className={styles.main}>
            {children}
          </main>
        </div>
        {/* Feedback widget: a fixed heart button on every signed-in screen (md and up). */}
        <Feedback.Root />
        <SignOutGuard />
        <StepUpDialog />
      </div>
    </NavOptionsContext.Provider>
  )
}
