import { Trans, useLingui } from '@lingui/react/macro'
import { ExternalLink as LinkIcon } from 'lucide-react'
import { css } from 'styled-system/css'
import { CopyButton } from '~/client/ui/copy-button'
import { ExternalLink } from '~/client/ui/link'

const styles = {
  root: css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', minW: 0 }),
  link: css({ overflowWrap: 'anywhere', minW: 0 }),
  icon: css({ display: 'inline', verticalAlign: 'middle', ms: '1.5', mt: '-0.5' }),
}

/** The public address of a list (/account/url): a link that opens it and a copy button. */
export function PublicLink({ url }: { url: string }) {
  const { t } = useLingui()
  return (
    <div className={styles.root}>
      <ExternalLink href={url} target="_blank" className={styles.link}>
        {url}
        <LinkIcon aria-hidden size={14} className={styles.icon} />
      </ExternalLink>
      <CopyButton.Root value={url} label={t`Copy the link`}>
        <Trans>Copy</Trans>
      </CopyButton.Root>
    </div>
  )
}
