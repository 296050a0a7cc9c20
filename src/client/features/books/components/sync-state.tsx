import { useLingui } from '@lingui/react/macro'
import { CloudAlert, CloudCheck, CloudUpload } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import type { SyncState } from '~/client/db'
import { textRecipe } from '~/client/ui/text'
import { SYNC_LABEL } from '../labels'

const styles = {
  root: css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'xs', whiteSpace: 'nowrap' }),
  synced: textRecipe({ tone: 'muted' }),
  pending: css({ color: 'warning' }),
  rejected: css({ color: 'danger', fontWeight: 'semibold' }),
  // Visually hidden on small screens (still read out), shown beside the icon on wide ones.
  text: css({ srOnly: { base: true, lg: false } }),
}

// Built once: the same element every render costs React nothing.
const ICONS = {
  synced: <CloudCheck aria-hidden size={16} />,
  pending: <CloudUpload aria-hidden size={16} />,
  rejected: <CloudAlert aria-hidden size={16} />,
}

/** A book's sync state: an icon, with its words beside it on wide screens and for screen readers always. */
export function SyncStateMark({ state }: { state: SyncState }) {
  const { i18n } = useLingui()
  const label = i18n._(SYNC_LABEL[state])
  return (
    <span className={cx(styles.root, styles[state])} title={label} data-sync={state}>
      {ICONS[state]}
      <span className={styles.text}>{label}</span>
    </span>
  )
}
