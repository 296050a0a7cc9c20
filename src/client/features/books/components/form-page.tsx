import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { backLinkRecipe } from '~/client/ui/back-link'
import * as Card from '~/client/ui/card'
import * as PageHeader from '~/client/ui/page-header'

const styles = {
  back: backLinkRecipe(),
  lead: css({ mb: '6' }),
  card: css({ maxW: '2xl' }),
}

/** Where the "back" link of a form page leads: My books unless the page was opened from elsewhere. */
export interface BackLink {
  to: '/books' | '/welcome'
  search?: { page?: number }
  label: ReactNode
}

/** The frame of /books/new and /books/{id}: a way back, the page title, the form in a card. */
export function FormPage({
  title,
  lead,
  back,
  children,
}: {
  title: ReactNode
  lead?: ReactNode
  back?: BackLink
  children: ReactNode
}) {
  return (
    <div className={styles.card}>
      <Link to={back?.to ?? '/books'} search={back?.search ?? {}} className={styles.back}>
        <ArrowLeft aria-hidden size={16} />
        {back?.label ?? <Trans>My books</Trans>}
      </Link>
      <PageHeader.Root>
        <PageHeader.Title>{title}</PageHeader.Title>
        {lead ? <PageHeader.Lead className={styles.lead}>{lead}</PageHeader.Lead> : <div className={css({ h: '6' })} />}
      </PageHeader.Root>
      <Card.Root>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </div>
  )
}
