import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { css } from 'styled-system/css'
import { handleError } from '~/client/lib/http'
import { navigateTo } from '~/client/lib/navigation'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { DataTable } from '~/client/ui/data-table'
import * as Field from '~/client/ui/field'
import type { SupportUser } from '~/shared/schemas/two-factor'
import { impersonationToken, supportUsersQuery } from '../api'

// Support screen (masters only; route guard in routes/_account.account.support.tsx):
// the people who turned support access on (/help switch), searched on the server by name, email
// or account; "Sign in as" makes a 5-minute single-use token and opens /signin/impersonate with it.

const searchBox = css({ maxW: 'md' })

export function SupportPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Support`)
  const online = useOnline()
  const [search, setSearch] = useState('')
  const query = useDeferredValue(search.trim())
  const list = useQuery(supportUsersQuery(query))
  const [opening, setOpening] = useState<string | null>(null)

  const signInAs = async (user: SupportUser) => {
    setOpening(user.id)
    try {
      const { token } = await impersonationToken(user.id)
      navigateTo('/signin/impersonate', { token })
    } catch (error) {
      await handleError(error)
      setOpening(null)
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t`People who allow support access`}</Card.Title>
        <Card.Description>
          {t`Only people who turned support access on in Help are listed. A support session is recorded, and it cannot change billing, passwords, email addresses or two-factor settings.`}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Field.Root className={searchBox}>
          <Field.Label>{t`Search by name, email or account`}</Field.Label>
          <Field.Input type="search" name="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field.Root>
        {!online && <Card.Description>{t`You are offline. Connect to the internet to open a support session.`}</Card.Description>}
        <DataTable.Root<SupportUser>
          label={t`People who allow support access`}
          rows={list.data ?? []}
          rowLabel={(u) => u.name}
          searchable={false}
          empty={list.isPending ? t`Loading…` : t`Nobody matches.`}
          columns={[
            { key: 'name', header: t`Name`, value: (u) => u.name },
            { key: 'email', header: t`Email`, value: (u) => u.email },
            { key: 'accounts', header: t`Accounts`, value: (u) => u.accounts.map((a) => a.name).join(', ') },
            { key: 'last_login', header: t`Last sign-in`, type: 'datetime', value: (u) => u.last_login },
            {
              key: 'action',
              header: t`Support session`,
              sortable: false,
              searchable: false,
              value: () => '',
              render: (u) => (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!online || opening !== null}
                  loading={opening === u.id}
                  aria-label={t`Sign in as ${u.name}`}
                  onClick={() => void signInAs(u)}
                >
                  {t`Sign in as`}
                </Button>
              ),
            },
          ]}
        />
      </Card.Body>
    </Card.Root>
  )
}
