import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Logo } from '~/client/ui/logo'
import { AuthLogoLink } from './auth-logo-link'

// The auth layout shows a quote from a classic novelist beside the logo.
interface Quote {
  text: MessageDescriptor
  author: string
  work: MessageDescriptor
}

const QUOTES: Quote[] = [
  {
    text: msg`“I declare after all there is no enjoyment like reading!”`,
    author: 'Jane Austen',
    work: msg`Pride and Prejudice`,
  },
  {
    text: msg`“The person, be it gentleman or lady, who has not pleasure in a good novel, must be intolerably stupid.”`,
    author: 'Jane Austen',
    work: msg`Northanger Abbey`,
  },
  {
    text: msg`“There are books of which the backs and covers are by far the best parts.”`,
    author: 'Charles Dickens',
    work: msg`Oliver Twist`,
  },
]

const styles = {
  panel: css({
    display: { base: 'none', md: 'flex' },
    flexDirection: 'column',
    justifyContent: 'space-between',
    gap: '10',
    p: { md: '10', lg: '14' },
    bg: 'brand.panel',
    color: 'brand.panel.fg',
    position: 'sticky',
    top: '0',
    h: '100dvh',
    overflow: 'hidden',
  }),
  logoLink: css({ alignSelf: 'flex-start', color: 'inherit', borderRadius: 'md' }),
  figure: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '32rem' }),
  quote: css({ fontFamily: 'serif', fontSize: { md: '2xl', lg: '3xl' }, lineHeight: 'snug', fontWeight: 'medium' }),
  caption: css({ fontSize: 'md', color: 'brand.panel.muted' }),
  cite: css({ fontStyle: 'italic' }),
}

/** Today's quote: one a day, by the day of the month (the server's day for a rendered page). */
export const quoteOfTheDay = (now = new Date()) => now.getDate() % QUOTES.length

/** The coloured side panel of the auth layout; hidden on small screens. */
export function QuotePanel({ quote: index }: { quote?: number }) {
  const { t, i18n } = useLingui()
  const quote = QUOTES[(index ?? quoteOfTheDay()) % QUOTES.length]!
  const work = i18n._(quote.work)
  const author = quote.author
  return (
    <aside aria-label={t`About TBR`} className={styles.panel} data-testid="auth-panel">
      <AuthLogoLink className={styles.logoLink}>
        <Logo size="lg" />
      </AuthLogoLink>
      <figure className={styles.figure}>
        <blockquote className={styles.quote}>{i18n._(quote.text)}</blockquote>
        <figcaption className={styles.caption}>
          <Trans>
            {author}, <cite className={styles.cite}>{work}</cite>
          </Trans>
        </figcaption>
      </figure>
    </aside>
  )
}
