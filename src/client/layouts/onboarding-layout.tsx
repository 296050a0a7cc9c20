import { Link, Outlet } from '@tanstack/react-router'
import { PageTransition } from './page-transition'
import { SignOutGuard } from './sign-out'
import { StepUpDialog } from './step-up-dialog'
import { TopBarShell, type HomeLinkProps } from './top-bar-shell'
import { UserMenu } from './user-menu'

const HomeLink = (props: HomeLinkProps) => <Link {...props} />

// Onboarding layout: no navigation to wander off to, only the logo and the user menu
// (language, theme, sign out) above the wizard.
export function OnboardingLayout() {
  return (
    <>
      <TopBarShell homeLink={HomeLink} end={<UserMenu />} width="5xl">
        <PageTransition>
          <Outlet />
        </PageTransition>
      </TopBarShell>
      <SignOutGuard />
      <StepUpDialog />
    </>
  )
}
