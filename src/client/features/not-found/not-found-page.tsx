import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Logo } from '~/client/ui/logo'
import { WayOutLinks } from './way-out-links'

const styles = {
  page: css({
    minH: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '6',
    p: '6',
    textAlign: 'center',
    bg: 'bg',
    color: 'fg',
    animation: 'slideUp token(durations.page) ease-out',
    _motionReduce: { animation: 'none' },
  }),
  code: css({ fontSize: '6xl', fontWeight: 'black', color: 'accent', lineHeight: '1', fontFamily: 'serif' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  text: css({ color: 'fg.muted', maxW: 'md' }),
  logo: css({ color: 'accent', borderRadius: 'md' }),
}

const STATUS = '404'

/**
 * /404, /notfound and any unknown path: a not-found page with a link to the dashboard,
 * or for a signed-out visitor the home page and sign-in.
 */
export function NotFoundPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Page not found`)
  return (
    <main id="main" className={styles.page}>
      <Link to="/" className={styles.logo} aria-label={t`TBR home`}>
        <Logo size="md" />
      </Link>
      <p className={styles.code} aria-hidden>
        {STATUS}
      </p>
      <h1 className={styles.title}>
        <Trans>Page not found</Trans>
      </h1>
      <p className={styles.text}>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <WayOutLinks />
    </main>
  )
}
