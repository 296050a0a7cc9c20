import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { formatTimestamp } from '~/shared/format/timestamp'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import { Spinner } from '~/client/ui/spinner'
import { keyQuery } from '../api'

const list = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '2 4',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
})
const mono = css({ fontFamily: 'mono', overflowWrap: 'anywhere' })

/**
 * "reveal": GET /api/key/{id} shows what the server keeps showing of a key, its public
 * prefix and last four characters, never the secret again.
 */
export function RevealDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useLingui()
  const key = useQuery({ ...keyQuery(id ?? ''), enabled: id !== null })
  const k = key.data
  return (
    <Dialog.Root open={id !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Dialog.Content>
        <Dialog.Title>{k ? k.name : t`API key`}</Dialog.Title>
        <Dialog.Description>
          <Trans>
            The full key was shown once, when it was created. Keys are recognisable by their start and their last four
            characters.
          </Trans>
        </Dialog.Description>
        {k ? (
          <dl className={list}>
            <dt>{t`Key`}</dt>
            <dd className={mono} data-testid="revealed-key">
              {k.key}
            </dd>
            <dt>{t`Scopes`}</dt>
            <dd className={mono}>{k.scope.join(', ')}</dd>
            <dt>{t`Status`}</dt>
            <dd>{k.active ? t`Active` : t`Revoked`}</dd>
            <dt>{t`Created`}</dt>
            <dd>{formatTimestamp(k.created_at)}</dd>
            <dt>{t`Last used`}</dt>
            <dd>{k.last_used_at ? formatTimestamp(k.last_used_at) : t`Never`}</dd>
          </dl>
        ) : (
          <Spinner />
        )}
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline">{t`Close`}</Button>
          </Dialog.CloseTrigger>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
