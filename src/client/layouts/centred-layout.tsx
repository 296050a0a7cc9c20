import { useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Logo } from '~/client/ui/logo'
import { PageTransition } from './page-transition'

// A centred single-card layout with a dark slate body (in both themes).
const styles = {
  body: css({
    minH: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '6',
    px: '4',
    py: '10',
    bg: 'bg.backdrop',
  }),
  logo: css({ color: 'fg.backdrop', borderRadius: 'md' }),
  card: css({
    w: 'full',
    maxW: '28rem',
    p: { base: '6', sm: '8' },
    bg: 'bg.panel',
    color: 'fg',
    borderRadius: 'xl',
    boxShadow: '2xl',
  }),
}

export function CentredLayout() {
  const { t } = useLingui()
  return (
    <div className={styles.body}>
      <Link to="/" aria-label={t`TBR home`} className={styles.logo}>
        <Logo size="md" />
      </Link>
      <main id="main" className={styles.card}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
    </div>
  )
}
