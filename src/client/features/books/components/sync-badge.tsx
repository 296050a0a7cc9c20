import { Popover } from '@ark-ui/react/popover'
import { Portal } from '~/client/ui/portal'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CloudAlert, CloudCheck, CloudOff, CloudUpload, RefreshCw, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { Rejection } from '~/client/db'
import { dismissRejection, syncNow, useBook, useRejections, useSyncStatus, type SyncStatus } from '~/client/sync'
import { Button } from '~/client/ui/button'
import { textRecipe } from '~/client/ui/text'

const styles = {
  bar: css({
    maxW: '5xl',
    mx: 'auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    gap: '3',
    mt: { base: '-2', md: '-6' },
    mb: '4',
  }),
  pill: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    h: '8',
    px: '3',
    fontSize: 'sm',
    fontWeight: 'medium',
    borderRadius: 'full',
    borderWidth: '1px',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s',
  }),
  tone: {
    ok: css({ bg: 'bg.panel', color: 'fg.muted', borderColor: 'border', _hover: { bg: 'bg.muted' } }),
    busy: css({ bg: 'info.subtle', color: 'info', borderColor: 'info.border' }),
    warn: css({ bg: 'warning.subtle', color: 'warning', borderColor: 'warning.border' }),
    bad: css({ bg: 'danger.subtle', color: 'danger', borderColor: 'danger.border' }),
  },
  spin: css({ animation: 'spin 1s linear infinite', _motionReduce: { animation: 'none' } }),
  content: css({
    layerStyle: 'popover',
    zIndex: 'popover',
    w: '20rem',
    maxW: 'calc(100vw - 2rem)',
    borderRadius: 'lg',
    p: '4',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    fontSize: 'sm',
  }),
  heading: css({ fontWeight: 'semibold', fontSize: 'md' }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '3',
    rowGap: '1',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'medium', textAlign: 'end' },
  }),
  rejections: css({
    alignSelf: 'stretch',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    borderRadius: 'lg',
    p: '4',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    fontSize: 'sm',
  }),
  rejectionsTitle: css({ fontWeight: 'semibold', color: 'danger', display: 'flex', alignItems: 'center', gap: '2' }),
  rejection: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    color: 'fg',
    '& p': { flex: '1', minW: 0, overflowWrap: 'anywhere', pt: '1.5' },
  }),
  srOnly: css({ srOnly: true }),
}

/** Re-renders every `ms` so relative times ("2 minutes ago") stay true. */
function useNow(ms = 30_000) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(id)
  }, [ms])
  return now
}

function relative(iso: string, now: number, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const abs = Math.abs(seconds)
  if (abs < 45) return fmt.format(0, 'second')
  if (abs < 45 * 60) return fmt.format(Math.round(seconds / 60), 'minute')
  if (abs < 22 * 3600) return fmt.format(Math.round(seconds / 3600), 'hour')
  return fmt.format(Math.round(seconds / 86400), 'day')
}

type Tone = keyof typeof styles.tone

function usePill(status: SyncStatus): { tone: Tone; icon: typeof CloudCheck; text: string; spin?: boolean } {
  const { t } = useLingui()
  const { pending, rejected } = status
  const pendingCount = pending
  const toSync = t`${pendingCount} to sync`
  if (!status.online) return { tone: 'warn', icon: CloudOff, text: pending ? t`Offline · ${toSync}` : t`Offline` }
  if (rejected)
    return {
      tone: 'bad',
      icon: CloudAlert,
      text: plural(rejected, { one: '# change not saved', other: '# changes not saved' }),
    }
  if (status.state === 'unauthorized') return { tone: 'warn', icon: CloudAlert, text: t`Sign in to sync` }
  // Never synced on this device yet (a fresh sign-in): the list is still arriving, not "Synced".
  if (status.state === 'syncing' || (status.state === 'idle' && !status.lastSyncedAt)) {
    return { tone: 'busy', icon: RefreshCw, text: t`Syncing…`, spin: true }
  }
  if (status.state === 'error')
    return { tone: 'warn', icon: CloudAlert, text: pending ? t`Sync paused · ${toSync}` : t`Sync paused` }
  if (pending) return { tone: 'busy', icon: CloudUpload, text: toSync }
  return { tone: 'ok', icon: CloudCheck, text: t`Synced` }
}

/**
 * What the reader can see of the sync engine (issue: local-first books): an offline badge, the
 * number of changes waiting, when this device last synced, and the changes the server refused,
 * each with a clear message and a dismiss button.
 */
export function SyncBadge() {
  const { t } = useLingui()
  const status = useSyncStatus()
  const rejections = useRejections()
  const pill = usePill(status)
  const Icon = pill.icon

  return (
    <div className={styles.bar}>
      <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
        <Popover.Trigger
          className={cx(styles.pill, styles.tone[pill.tone])}
          data-testid="sync-badge"
          aria-label={t`Sync status: ${pill.text}`}
        >
          <Icon aria-hidden size={16} className={pill.spin ? styles.spin : undefined} />
          <span>{pill.text}</span>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content className={styles.content}>
              <SyncDetails status={status} />
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      <p className={styles.srOnly} role="status">
        {!status.online ? t`You are offline. Changes are saved on this device.` : ''}
      </p>
      {rejections.length > 0 && (
        <section className={styles.rejections} aria-labelledby="rejections-title">
          <h2 id="rejections-title" className={styles.rejectionsTitle}>
            <CloudAlert aria-hidden size={18} />
            <Trans>Some changes were not saved</Trans>
          </h2>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            {rejections.map((r) => (
              <RejectionItem key={r.id} rejection={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/**
 * The badge's popover: drawn only while it is open (its number and dates are formatted then, not
 * with the badge on every page's first render, where making the formatters cost a few ms).
 */
function SyncDetails({ status }: { status: SyncStatus }) {
  const { i18n } = useLingui()
  const now = useNow()
  const last = status.lastSyncedAt
  const lastText = last ? relative(last, now, i18n.locale) : null
  const retry = status.retryAt && status.online ? relative(status.retryAt, now, i18n.locale) : null
  const pendingText = i18n.number(status.pending)
  return (
    <>
      <Popover.Title className={styles.heading}>
        <Trans>Sync</Trans>
      </Popover.Title>
      <Popover.Description>
        {!status.online ? (
          <Trans>You are offline. Your changes are kept on this device and sync when you are back online.</Trans>
        ) : status.pending ? (
          <Trans>Your latest changes are saved on this device and are being sent to your account.</Trans>
        ) : (
          <Trans>Everything on this device is saved to your account.</Trans>
        )}
      </Popover.Description>
      <dl className={styles.facts}>
        <dt>
          <Trans>Changes not yet synced</Trans>
        </dt>
        <dd>{pendingText}</dd>
        <dt>
          <Trans>Last synced</Trans>
        </dt>
        <dd>
          {lastText ? (
            <time dateTime={last!} title={new Date(last!).toLocaleString(i18n.locale)}>
              {lastText}
            </time>
          ) : (
            <Trans>Not yet</Trans>
          )}
        </dd>
        {retry && (
          <>
            <dt>
              <Trans>Next try</Trans>
            </dt>
            <dd>{retry}</dd>
          </>
        )}
      </dl>
      {status.error && status.state === 'error' && <p className={textRecipe({ tone: 'muted' })}>{status.error}</p>}
      <Button
        variant="outline"
        size="sm"
        disabled={!status.online || status.state === 'syncing'}
        onClick={() => void syncNow()}
      >
        <RefreshCw aria-hidden size={14} />
        <Trans>Sync now</Trans>
      </Button>
    </>
  )
}

/** One refused change: what it was, the server's reason (already in the reader's language), dismiss. */
function RejectionItem({ rejection }: { rejection: Rejection }) {
  const { t } = useLingui()
  const book = useBook(rejection.kind.startsWith('book.') ? rejection.entityId : undefined)
  const title = (rejection.payload.title as string | undefined) ?? book?.title
  const reason = rejection.message
  let what: string
  if (rejection.kind === 'book.create')
    what = title ? t`Adding “${title}” was refused: ${reason}` : t`Adding a book was refused: ${reason}`
  else if (rejection.kind === 'book.update' && rejection.status === 404)
    what = title
      ? t`“${title}” was deleted on another device, so your change to it was not kept.`
      : t`A book you changed was deleted on another device, so your change was not kept.`
  else if (rejection.kind === 'book.update')
    what = title
      ? t`Your change to “${title}” was not saved: ${reason}`
      : t`A change to a book was not saved: ${reason}`
  else if (rejection.kind === 'book.delete')
    what = title ? t`Deleting “${title}” was refused: ${reason}` : t`Deleting a book was refused: ${reason}`
  else if (rejection.kind === 'goal.set') {
    const year = rejection.entityId
    what = t`Your reading goal for ${year} was not saved: ${reason}`
  } else what = t`A settings change was not saved: ${reason}`
  return (
    <li className={styles.rejection}>
      <p>{what}</p>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t`Dismiss: ${what}`}
        title={t`Dismiss`}
        onClick={() => void dismissRejection(rejection.id)}
      >
        <X aria-hidden size={16} />
      </Button>
    </li>
  )
}
