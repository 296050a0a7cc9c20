import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { buttonRecipe } from '~/client/ui/button'
import { Logo } from '~/client/ui/logo'
import { LocaleSwitch } from './locale-switch'
import { PageTransition } from './page-transition'

// spec §2 public layout (/{slug}): a simple header with the logo linking to / (spec §1), no rail;
// a signed-in visitor also gets the way back to their own list.
const styles = {
  shell: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas', color: 'fg' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', px: { base: '4', md: '8' }, h: '16', bg: 'bg.panel', borderBottomWidth: '1px', borderColor: 'border' }),
  logo: css({ color: 'accent', display: 'inline-flex', borderRadius: 'md' }),
  end: css({ display: 'flex', alignItems: 'center', gap: '2' }),
  main: css({ flex: '1', w: 'full', maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } }),
}

export function PublicLayout({ children }: { children?: React.ReactNode }) {
  const { t } = useLingui()
  const { token } = useSession()
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to="/" aria-label={t`TBR home`} className={styles.logo}>
          <Logo size="sm" />
        </Link>
        <div className={styles.end}>
          {token && (
            <Link to="/books" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
              <BookOpen aria-hidden size={16} />
              <Trans>My books</Trans>
            </Link>
          )}
          <LocaleSwitch />
        </div>
      </header>
      <main id="main" className={styles.main}>
        <PageTransition>{children ?? <Outlet />}</PageTransition>
      </main>
    </div>
  )
}
