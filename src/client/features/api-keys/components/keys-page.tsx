import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { formatTimestamp } from '~/shared/format/timestamp'
import { handleError } from '~/client/lib/http'
import { navigateTo } from '~/client/lib/navigation'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { DataTable } from '~/client/ui/data-table'
import { Link } from '~/client/ui/link'
import { Spinner } from '~/client/ui/spinner'
import { toast } from '~/client/ui/toast'
import { textRecipe } from '~/client/ui/text'
import type { ApiKeyView } from '~/shared/schemas/key'
import { API_DOCS_URL, deleteKeys, keysQuery, updateKey } from '../api'
import { ConfirmDialog } from '~/client/ui/confirm-dialog'
import { OfflineNotice } from './offline-notice'
import { RevealDialog } from './reveal-dialog'

// /account/apikeys (developer): the kit's data table with name, key, active; select,
// search, reveal, revoke (confirmed; final), edit, delete, bulk delete and New; a blank
// slate when there are none. Online only.

const header = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
})
const blank = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3', py: '6' })
const mono = css({ fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'nowrap' })
const muted = textRecipe({ tone: 'muted' })

type Pending = { kind: 'revoke'; key: ApiKeyView } | { kind: 'delete'; keys: ApiKeyView[] } | null

export function KeysPage() {
  const { t } = useLingui()
  useDocumentTitle(t`API keys`)
  const online = useOnline()
  const queryClient = useQueryClient()
  const keys = useQuery({ ...keysQuery(), enabled: online })
  const [pending, setPending] = useState<Pending>(null)
  const [revealing, setRevealing] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['key'] })

  const act = async (work: () => Promise<{ message?: string }>) => {
    try {
      const res = await work()
      if (res.message) toast({ variant: 'success', title: res.message })
    } catch (error) {
      await handleError(error)
    } finally {
      await refresh()
    }
  }
  const newKey = () => navigateTo('/account/apikeys/create')
  const rows = keys.data ?? []

  return (
    <Card.Root>
      <Card.Header className={header}>
        <div>
          <Card.Title>{t`API keys`}</Card.Title>
          <Card.Description>
            <Trans>
              Keys let your scripts read and add books for this account. Read the{' '}
              <Link to={API_DOCS_URL}>API reference</Link>.
            </Trans>
          </Card.Description>
        </div>
        {rows.length > 0 && (
          <Button icon={<Plus size={16} aria-hidden />} onClick={newKey} disabled={!online}>
            {t`New key`}
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {!online && <OfflineNotice />}
        {online && keys.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : rows.length === 0 ? (
          <div className={blank} data-testid="keys-blank-slate">
            <p>
              <Trans>
                You have no API keys yet. Create one to add books from a shortcut, export your list or show it on your
                blog.
              </Trans>
            </p>
            <Button icon={<Plus size={16} aria-hidden />} onClick={newKey} disabled={!online}>
              {t`Create your first key`}
            </Button>
          </div>
        ) : (
          <DataTable.Root<ApiKeyView>
            label={t`API keys`}
            rows={rows}
            rowLabel={(k) => k.name}
            selectable
            defaultSort={{ key: 'name', direction: 'asc' }}
            columns={[
              { key: 'name', header: t`Name`, value: (k) => k.name },
              {
                key: 'key',
                header: t`Key`,
                value: (k) => k.key,
                render: (k) => <code className={mono}>{k.key}</code>,
                // On a phone it is written under the name (and the row menu's "Reveal" shows it).
                hideBelow: 'md',
              },
              {
                key: 'active',
                header: t`Active`,
                type: 'badge',
                value: (k) =>
                  k.active ? { label: t`Active`, variant: 'success' } : { label: t`Revoked`, variant: 'neutral' },
                hideBelow: 'md',
              },
              {
                key: 'last_used_at',
                header: t`Last used`,
                type: 'datetime',
                hideBelow: 'md',
                value: (k) => k.last_used_at,
                // A key never used says so, as the reveal dialog does (an empty cell read as missing data).
                render: (k) =>
                  k.last_used_at ? (
                    <time dateTime={k.last_used_at}>{formatTimestamp(k.last_used_at)}</time>
                  ) : (
                    <span className={muted}>{t`Never`}</span>
                  ),
              },
            ]}
            rowActions={(k) => [
              { label: t`Reveal`, onSelect: () => setRevealing(k.id) },
              { label: t`Edit`, onSelect: () => navigateTo('/account/apikeys/edit', { id: k.id }), disabled: !online },
              {
                label: t`Revoke`,
                onSelect: () => setPending({ kind: 'revoke', key: k }),
                danger: true,
                disabled: !online || !k.active,
              },
              {
                label: t`Delete`,
                onSelect: () => setPending({ kind: 'delete', keys: [k] }),
                danger: true,
                disabled: !online,
              },
            ]}
            actions={[
              {
                label: t`Delete selected`,
                icon: 'trash',
                variant: 'danger',
                onSelect: (selected) => setPending({ kind: 'delete', keys: selected }),
              },
            ]}
          />
        )}
      </Card.Body>

      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        title={pending?.kind === 'revoke' ? t`Revoke “${pending.key.name}”?` : ''}
        description={t`Scripts using this key stop working at once. Revoking cannot be undone: you would create a new key instead.`}
        confirmLabel={t`Revoke`}
        disabled={!online}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending?.kind === 'revoke' ? act(() => updateKey(pending.key.id, { active: false })) : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        title={
          pending?.kind === 'delete' ? (
            <Plural value={pending.keys.length} one="Delete # API key?" other="Delete # API keys?" />
          ) : (
            ''
          )
        }
        description={t`Scripts using these keys stop working at once. This cannot be undone.`}
        confirmLabel={t`Delete`}
        disabled={!online}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending?.kind === 'delete' ? act(() => deleteKeys(pending.keys.map((k) => k.id))) : Promise.resolve()
        }
      />
      <RevealDialog id={revealing} onClose={() => setRevealing(null)} />
    </Card.Root>
  )
}
