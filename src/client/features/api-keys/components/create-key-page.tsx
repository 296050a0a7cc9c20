import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { CopyButton } from '~/client/ui/copy-button'
import * as Field from '~/client/ui/field'
import * as Form from '~/client/ui/form'
import { navigateTo } from '~/client/lib/navigation'
import { CreateKeyInput, type CreatedApiKey } from '~/shared/schemas/key'
import { createKey } from '../api'
import { useKeyFormError } from './form-error'
import { KeyFields } from './key-fields'
import { OfflineNotice } from './offline-notice'

// /account/apikeys/create: name and scopes; the answer's full_key is shown once, in a
// copy field, with a clear "you will not see it again" (no later answer has it).

const keyRow = css({ display: 'flex', gap: '2', alignItems: 'center' })
const keyInput = css({ fontFamily: 'mono', flex: 1, minW: 0 })

export function CreateKeyPage() {
  const { t } = useLingui()
  useDocumentTitle(t`New API key`)
  const online = useOnline()
  const queryClient = useQueryClient()
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const explain = useKeyFormError(t`The key was not created`)

  return (
    <Card.Root width="form">
      <Card.Header>
        <Card.Title>{created ? t`Your new API key` : t`New API key`}</Card.Title>
        <Card.Description>
          {created ? (
            <Trans>Copy the key now and keep it somewhere safe, like a password manager.</Trans>
          ) : (
            <Trans>The key can do only what its scopes allow, for this account.</Trans>
          )}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {created ? (
          <>
            <Alert.Root status="warning">
              <Alert.Icon />
              <Alert.Content>
                <Alert.Title>{t`You will not see this key again`}</Alert.Title>
                <Alert.Description>
                  <Trans>
                    Only its start and last four characters are kept on show. If you lose it, revoke it and create a new
                    one.
                  </Trans>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Field.Root>
              <Field.Label>{t`API key “${created.name}”`}</Field.Label>
              <div className={keyRow}>
                <Field.Input
                  readOnly
                  name="full_key"
                  value={created.full_key}
                  className={keyInput}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton.Root value={created.full_key} label={t`Copy the API key`}>
                  {t`Copy`}
                </CopyButton.Root>
              </div>
            </Field.Root>
            <Button onClick={() => navigateTo('/account/apikeys')}>{t`Done`}</Button>
          </>
        ) : (
          <>
            {!online && <OfflineNotice />}
            <Form.Root
              schema={CreateKeyInput}
              defaultValues={{ name: '', scope: ['books.read'] }}
              submit={(values) => createKey(values)}
              onSuccess={async (res) => {
                setCreated(res.data as CreatedApiKey)
                await queryClient.invalidateQueries({ queryKey: ['key'] })
              }}
              errorAlert={explain}
              aria-label={t`New API key`}
            >
              <KeyFields />
              <Form.Submit>{t`Create key`}</Form.Submit>
            </Form.Root>
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
