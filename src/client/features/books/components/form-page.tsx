import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as Card from '~/client/ui/card'

const styles = {
  back: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    mb: '4',
    borderRadius: 'sm',
    _hover: { color: 'fg' },
  }),
  title: css({
    fontSize: { base: '2xl', md: '3xl' },
    fontWeight: 'bold',
    letterSpacing: 'tight',
    overflowWrap: 'anywhere',
  }),
  lead: css({ color: 'fg.muted', mt: '1', mb: '6' }),
  card: css({ maxW: '2xl' }),
}

/** The frame of /books/new and /books/{id}: a way back, the page title, the form in a card. */
export function FormPage({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.card}>
      <Link to="/books" className={styles.back}>
        <ArrowLeft aria-hidden size={16} />
        <Trans>My books</Trans>
      </Link>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : <div className={css({ h: '6' })} />}
      <Card.Root>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </div>
  )
}
