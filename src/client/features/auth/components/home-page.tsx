import { Trans, useLingui } from '@lingui/react/macro'
import { BookMarked, Link2, WifiOff } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Button, buttonRecipe } from '~/client/ui/button'
import { PageLink } from '~/client/ui/page-link'
import { SignInForms, useErrorNotice, type SignInMethod } from './sign-in-forms'
import { stackRecipe } from '~/client/ui/stack'

const styles = {
  hero: stackRecipe({ gap: '6' }),
  title: css({
    fontSize: { base: '3xl', md: '4xl' },
    fontWeight: 'bold',
    letterSpacing: 'tight',
    lineHeight: 'tight',
    textWrap: 'pretty',
  }),
  lead: css({ fontSize: 'lg', color: 'fg.muted', mt: '-2' }),
  features: css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', p: '0', m: '0' }),
  feature: css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', alignItems: 'start' }),
  icon: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'lg',
    bg: 'accent.subtle',
    color: 'accent',
    '& svg': { w: '5', h: '5' },
  }),
  featureTitle: css({ fontWeight: 'semibold', lineHeight: 'snug' }),
  featureText: css({ fontSize: 'sm', color: 'fg.muted', mt: '0.5' }),
  // Side by side where the column is wide enough for both labels (one column below md, and the
  // wider left half of the split layout from lg).
  actions: css({ display: 'flex', flexDirection: { base: 'column', sm: 'row', md: 'column', lg: 'row' }, gap: '3' }),
  // Equal widths side by side; stacked, each keeps its own height (a zero flex basis would
  // squash it in a column).
  action: css({ flex: { base: 'none', sm: '1', md: 'none', lg: '1' } }),
  signIn: css({ mt: '10', pt: '8', borderTopWidth: '1px', borderColor: 'border', scrollMarginTop: '6' }),
  signInTitle: css({ fontSize: '2xl', fontWeight: 'bold', letterSpacing: 'tight' }),
  signInText: css({ color: 'fg.muted', mt: '1', mb: '6' }),
}

function Feature({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li className={styles.feature}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <div>
        <p className={styles.featureTitle}>{title}</p>
        <p className={styles.featureText}>{children}</p>
      </div>
    </li>
  )
}

/**
 * `/` for a signed-out visitor (/ signs in): first what TBR is, with creating a list as
 * the first action, then the sign-in forms, one tap away from the welcome's Sign in button. A
 * signed-in visitor never sees it (the route sends them on).
 */
export function HomePage({ error }: { error?: string }) {
  const { t } = useLingui()
  const [method, setMethod] = useState<SignInMethod>('password')
  const signIn = useRef<HTMLElement>(null)
  useDocumentTitle(t`Your to-read list`)
  useErrorNotice(error)

  const goToSignIn = () => {
    const section = signIn.current
    if (!section) return
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    section.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' })
    section.querySelector<HTMLInputElement>('input[name="email"]')?.focus({ preventScroll: true })
  }

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          <Trans>Every book you want to read, in one list</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>TBR keeps your to-be-read list in one place, on all your devices.</Trans>
        </p>
        <ul className={styles.features}>
          <Feature icon={<BookMarked />} title={<Trans>Keep your to-read list</Trans>}>
            <Trans>Add books as you hear of them, rate them and mark what you are reading.</Trans>
          </Feature>
          <Feature icon={<WifiOff />} title={<Trans>Works offline</Trans>}>
            <Trans>Add and edit books without a connection: they sync when you are back online.</Trans>
          </Feature>
          <Feature icon={<Link2 />} title={<Trans>Share it at your own link</Trans>}>
            <Trans>Choose your address and anyone can browse your list, no account needed.</Trans>
          </Feature>
        </ul>
        <div className={styles.actions}>
          <PageLink to="/signup" className={cx(buttonRecipe({ size: 'lg' }), styles.action)}>
            <Trans>Create your free list</Trans>
          </PageLink>
          <Button variant="outline" size="lg" className={styles.action} onClick={goToSignIn}>
            <Trans>Sign in</Trans>
          </Button>
        </div>
      </section>
      <section id="signin" ref={signIn} className={styles.signIn} aria-labelledby="signin-title">
        <h2 id="signin-title" className={styles.signInTitle}>
          <Trans>Sign in</Trans>
        </h2>
        <p className={styles.signInText}>
          {method === 'password' ? (
            <Trans>Welcome back. Enter your email and password.</Trans>
          ) : (
            <Trans>We will email you a link that signs you in, no password needed.</Trans>
          )}
        </p>
        <SignInForms method={method} onMethodChange={setMethod} />
      </section>
    </>
  )
}
