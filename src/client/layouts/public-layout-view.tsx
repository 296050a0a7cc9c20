import { Trans, useLingui } from '@lingui/react/macro'
import { BookOpen } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { PublicLink } from '~/client/features/public-list/components/public-link'
import { buttonRecipe } from '~/client/ui/button-recipe'
import { Logo } from '~/client/ui/logo'

// Public layout (/{slug}): a simple header with the logo linking to /, no rail;
// a signed-in visitor also gets the way back to their own list. Drawn the same by the app's
// route and by the server-rendered page (src/client/public), which supply the language switch.
const styles = {
  shell: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas', color: 'fg' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', px: { base: '4', md: '8' }, h: '16', bg: 'bg.panel', borderBottomWidth: '1px', borderColor: 'border' }),
  logo: css({ color: 'accent', display: 'inline-flex', borderRadius: 'md' }),
  end: css({ display: 'flex', alignItems: 'center', gap: '2' }),
  main: css({ flex: '1', w: 'full', maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } }),
}

export function PublicLayoutView({
  signedIn,
  localeSwitch,
  children,
}: {
  signedIn: boolean
  localeSwitch: ReactNode
  children: ReactNode
}) {
  const { t } = useLingui()
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <PublicLink to="/" aria-label={t`TBR home`} className={styles.logo}>
          <Logo size="sm" />
        </PublicLink>
        <div className={styles.end}>
          {signedIn && (
            <PublicLink to="/books" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
              <BookOpen aria-hidden size={16} />
              <Trans>My books</Trans>
            </PublicLink>
          )}
          {localeSwitch}
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  )
}
