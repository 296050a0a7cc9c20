import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { navigateTo } from '~/client/lib/navigation'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { Spinner } from '~/client/ui/spinner'
import { UpdateKeyInput } from '~/shared/schemas/key'
import { keyQuery, updateKey } from '../api'
import { useKeyFormError } from './form-error'
import { KeyFields } from './key-fields'
import { OfflineNotice } from './offline-notice'

// /account/apikeys/edit?id= : rename or re-scope a key. A missing key (unknown
// id, another account's, or no id) goes to /404.

const mono = css({ fontFamily: 'mono' })

export function EditKeyPage({ id }: { id: string }) {
  const { t } = useLingui()
  useDocumentTitle(t`Edit API key`)
  const online = useOnline()
  const queryClient = useQueryClient()
  const key = useQuery({ ...keyQuery(id), enabled: online && id !== '' })
  const missing = id === '' || key.data === null
  useEffect(() => {
    if (missing) navigateTo('/404')
  }, [missing])
  const k = key.data
  const explain = useKeyFormError(t`Your changes were not saved`)

  return (
    <Card.Root width="form">
      <Card.Header>
        <Card.Title>{t`Edit API key`}</Card.Title>
        {k && <Card.Description className={mono}>{k.key}</Card.Description>}
      </Card.Header>
      <Card.Body>
        {!online && <OfflineNotice />}
        {k ? (
          <Form.Root
            key={k.id}
            schema={UpdateKeyInput}
            defaultValues={{ name: k.name, scope: k.scope }}
            submit={(values) => updateKey(k.id, values)}
            onSuccess={async () => {
              await queryClient.invalidateQueries({ queryKey: ['key'] })
              navigateTo('/account/apikeys')
            }}
            errorAlert={explain}
            aria-label={t`Edit API key`}
          >
            <KeyFields />
            <Form.Submit>{t`Save changes`}</Form.Submit>
          </Form.Root>
        ) : (
          online && <Spinner label={t`Loading…`} />
        )}
      </Card.Body>
    </Card.Root>
  )
}
