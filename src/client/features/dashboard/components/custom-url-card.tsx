import { Trans, useLingui } from '@lingui/react/macro'
import { Pencil } from 'lucide-react'
import { css } from 'styled-system/css'
import { CopyButton } from '~/client/ui/copy-button'
import { ExternalLink, Link } from '~/client/ui/link'
import { StatCard } from '~/client/ui/stat-card'

const styles = {
  value: css({ display: 'block', fontSize: 'xl', overflowWrap: 'anywhere' }),
  address: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: '3', rowGap: '1', minW: 0 }),
  url: css({ overflowWrap: 'anywhere', minW: 0 }),
  edit: css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm' }),
}

/**
 * /dashboard and /account/url: the custom URL statistic card, with the public address
 * (the card's description), an edit link beside it to /account/url and a copy button
 * (check icon for 2000 ms, the kit's). Without a slug it invites the reader to choose one.
 */
export function CustomUrlCard({ slug, url }: { slug: string | null; url: string | null }) {
  const { t } = useLingui()
  if (!slug || !url) {
    return (
      <StatCard.Root
        icon="link"
        label={<Trans>Custom URL</Trans>}
        value={<span className={styles.value}>{t`Not set yet`}</span>}
        description={
          <Link to="/account/url">
            <Trans>Choose your URL</Trans>
          </Link>
        }
      />
    )
  }
  const path = `/${slug}`
  return (
    <StatCard.Root
      icon="link"
      label={<Trans>Custom URL</Trans>}
      value={<span className={styles.value}>{path}</span>}
      description={
        <span className={styles.address}>
          <ExternalLink href={url} target="_blank" className={styles.url} subtle>
            {url}
          </ExternalLink>
          <Link to="/account/url" className={styles.edit} aria-label={t`Edit your custom URL`}>
            <Pencil aria-hidden size={14} />
            <Trans>Edit</Trans>
          </Link>
        </span>
      }
    >
      <CopyButton.Root value={url} label={t`Copy link to your public list`}>
        <Trans>Copy link</Trans>
      </CopyButton.Root>
    </StatCard.Root>
  )
}
