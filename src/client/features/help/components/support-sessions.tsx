import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useOnline } from '~/client/lib/use-online'
import * as Card from '~/client/ui/card'
import { DataTable } from '~/client/ui/data-table'
import { formatTimestamp } from '~/shared/format/timestamp'
import type { SupportSessionView } from '~/shared/schemas/two-factor'
import { supportSessionsQuery } from '../api/support-sessions'

/**
 * /help: who from support opened a session as this person, when, and whether it is still open,
 * newest first, so a reader can check what support access was used for (online only).
 */
export function SupportSessions() {
  const { t } = useLingui()
  const online = useOnline()
  const sessions = useQuery({ ...supportSessionsQuery(), enabled: online })
  const empty = !online
    ? t`You are offline. Connect to the internet to see the support sessions.`
    : sessions.isError
      ? t`The support sessions could not be loaded.`
      : sessions.isPending
        ? t`Loading…`
        : t`Nobody from support has opened a session as you.`
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t`Support sessions`}</Card.Title>
        <Card.Description>{t`Each time someone from our support team opened your account, newest first.`}</Card.Description>
      </Card.Header>
      <Card.Body>
        <DataTable.Root<SupportSessionView>
          label={t`Support sessions`}
          rows={online ? (sessions.data ?? []) : []}
          searchable={false}
          defaultSort={{ key: 'started', direction: 'desc' }}
          empty={empty}
          columns={[
            { key: 'who', header: t`Who`, value: (r) => r.staff_name },
            {
              key: 'started',
              header: t({ message: 'Started', context: 'support session' }),
              type: 'datetime',
              value: (r) => r.started_at,
              hideBelow: 'md',
            },
            {
              key: 'ended',
              header: t({ message: 'Ended', context: 'support session' }),
              value: (r) => (r.ended_at ? formatTimestamp(r.ended_at) : t`Active`),
              render: (r) =>
                r.ended_at ? (
                  <time dateTime={r.ended_at}>{formatTimestamp(r.ended_at)}</time>
                ) : (
                  <DataTable.Badge variant="success">{t`Active`}</DataTable.Badge>
                ),
            },
          ]}
        />
      </Card.Body>
    </Card.Root>
  )
}
