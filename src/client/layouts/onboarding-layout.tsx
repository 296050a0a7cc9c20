import { useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Logo } from '~/client/ui/logo'
import { PageTransition } from './page-transition'
import { SignOutGuard } from './sign-out'
import { StepUpDialog } from './step-up-dialog'
import { UserMenu } from './user-menu'

// Onboarding layout: no navigation to wander off to, only the logo and the user menu
// (language, theme, sign out) above the wizard.
const styles = {
  shell: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas', color: 'fg' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', px: { base: '4', md: '8' }, h: '16', bg: 'bg.panel', borderBottomWidth: '1px', borderColor: 'border' }),
  logo: css({ color: 'accent', display: 'inline-flex', borderRadius: 'md' }),
  main: css({ flex: '1', w: 'full', maxW: '5xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } }),
}

export function OnboardingLayout() {
  const { t } = useLingui()
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to="/" aria-label={t`TBR home`} className={styles.logo}>
          <Logo size="sm" />
        </Link>
        <UserMenu />
      </header>
      <main id="main" className={styles.main}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
      <SignOutGuard />
      <StepUpDialog />
    </div>
  )
}
