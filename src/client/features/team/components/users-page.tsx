import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import * as Alert from '~/client/ui/alert'
import { Avatar } from '~/client/ui/avatar'
import * as Card from '~/client/ui/card'
import { DataTable } from '~/client/ui/data-table'
import { toast } from '~/client/ui/toast'
import { handleError } from '~/client/lib/http'
import { grantableRoles, type Role } from '~/shared/permissions'
import type { MemberStatus } from '~/shared/schemas/team'
import { removeMember, resendInvite, revokeInvite, teamQuery } from '../api'
import { ROLE_LABELS, STATUS_LABELS } from '../role-labels'
import { InviteDialog } from './invite-dialog'
import { ConfirmDialog, RoleDialog } from './member-dialogs'

// /account/users (admin): members and pending invites in one data table
// with search, sort and a status badge; row actions edit (role), delete (confirmed), contact (a
// mail link) and resend invite; a global Invite action. The owner's row has no actions. Online
// only: offline the page says so and every action is disabled.

interface TeamRow {
  id: string
  kind: 'user' | 'invite'
  name: string
  email: string
  permission: string
  status: MemberStatus
  date: string
  avatar: string | null
}

const STATUS_VARIANT = { Invited: 'warning', Registered: 'info', Verified: 'success' } as const

const nameCell = css({ display: 'inline-flex', alignItems: 'center', gap: '2' })

/** The name with the member's avatar (the kit's fallback letter without one). */
function MemberName({ row }: { row: TeamRow }) {
  if (row.kind === 'invite') return <>—</>
  return (
    <span className={nameCell}>
      <Avatar name={row.name} src={row.avatar} size="sm" />
      {row.name}
    </span>
  )
}

type Confirm = { title: string; description: string; confirm: string; run: () => Promise<{ message?: string }> }

export function UsersPage() {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Users`)
  const online = useOnline()
  const { user } = useSession()
  const team = useQuery({ ...teamQuery(), enabled: online })
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<TeamRow | null>(null)
  const [confirm, setConfirm] = useState<Confirm | null>(null)
  const myRole = user?.permission ?? 'user'
  const mayManage = (role: string) => grantableRoles(myRole).includes(role as Role)

  const rows: TeamRow[] = [
    ...(team.data?.users ?? []).map((u) => ({ id: u.id, kind: 'user' as const, name: u.name, email: u.email, permission: u.permission, status: u.status, date: u.date_joined, avatar: u.avatar })),
    ...(team.data?.invites ?? []).map((i) => ({ id: i.id, kind: 'invite' as const, name: '', email: i.email, permission: i.permission, status: 'Invited' as const, date: i.date_sent, avatar: null })),
  ]
  const roleName = (role: string) => (role in ROLE_LABELS ? i18n._(ROLE_LABELS[role as Role]) : role)

  // Deleting a row (withdrawing an invite, removing a member) always asks first, online only.
  const deleteAction = (ask: Confirm) => ({ id: 'delete', label: t`Delete`, danger: true, disabled: !online, onSelect: () => setConfirm(ask) })
  const actionsFor = (row: TeamRow) => {
    const contact = { id: 'contact', label: t`Contact`, onSelect: () => window.open(`mailto:${row.email}`, '_self') }
    if (row.kind === 'invite') {
      return [
        {
          id: 'resend',
          label: t`Resend invite`,
          disabled: !online,
          onSelect: () =>
            void resendInvite(row.id).then(
              (res) => toast({ variant: 'success', title: res.message ?? t`Invite sent again` }),
              (error) => handleError(error),
            ),
        },
        contact,
        deleteAction({
          title: t`Withdraw the invite to ${row.email}?`,
          description: t`The link in the email stops working.`,
          confirm: t`Withdraw invite`,
          run: () => revokeInvite(row.id),
        }),
      ]
    }
    // The owner's row (and one's own, and anyone at or above one's own role) has no actions.
    if (row.id === user?.id || !mayManage(row.permission)) return []
    return [
      { id: 'edit', label: t`Edit`, disabled: !online, onSelect: () => setEditing(row) },
      contact,
      deleteAction({
        title: t`Remove ${row.name} from this account?`,
        // decisions: removing a member revokes the API keys they created; the toast says how many.
        description: t`They are signed out of this account at once, and the API keys they created here are revoked. Their own user and other accounts stay.`,
        confirm: t`Remove`,
        run: () => removeMember(row.id),
      }),
    ]
  }

  return (
    <Card.Root className={css({ maxW: '5xl' })}>
      <Card.Header>
        <Card.Title>
          <Trans>Users</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>The people in this account and the invites waiting for an answer.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {!online && (
          <Alert.Root status="warning">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Description>{t`You are offline. Connect to the internet to manage users and invites.`}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <DataTable.Root<TeamRow>
          label={t`Users`}
          rows={rows}
          rowLabel={(r) => r.name || r.email}
          defaultSort={{ key: 'date', direction: 'asc' }}
          empty={team.isPending && online ? t`Loading…` : undefined}
          actions={online ? [{ label: t`Invite`, icon: 'plus', variant: 'primary', requiresSelection: false, onSelect: () => setInviting(true) }] : []}
          rowActions={actionsFor}
          columns={[
            { key: 'name', header: t`Name`, value: (r) => r.name || '—', render: (r) => <MemberName row={r} /> },
            { key: 'email', header: t`Email`, value: (r) => r.email, hideBelow: 'md' },
            { key: 'permission', header: t`Role`, value: (r) => roleName(r.permission), hideBelow: 'md' },
            {
              key: 'status',
              header: t`Status`,
              type: 'badge',
              value: (r) => ({ label: i18n._(STATUS_LABELS[r.status]), variant: STATUS_VARIANT[r.status] }),
              hideBelow: 'md',
            },
            { key: 'date', header: t`Since`, type: 'datetime', value: (r) => r.date, hideBelow: 'md' },
          ]}
        />
      </Card.Body>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} role={myRole} />
      <RoleDialog member={editing} role={myRole} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        confirm={confirm?.confirm ?? ''}
        onConfirm={() => confirm!.run()}
        onClose={() => setConfirm(null)}
      />
    </Card.Root>
  )
}
