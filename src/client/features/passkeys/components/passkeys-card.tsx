import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { handleError } from '~/client/lib/http'
import { useSession } from '~/client/lib/session'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { toast } from '~/client/ui/toast'
import { textRecipe } from '~/client/ui/text'
import { formatTimestamp } from '~/shared/format/timestamp'
import { PasskeyName, type Passkey } from '~/shared/schemas/passkey'
import {
  addPasskey,
  isAlreadyRegistered,
  isCeremonyCancelled,
  passkeysQuery,
  passkeysSupported,
  removePasskey,
  renamePasskey,
} from '../api'
import { stackRecipe } from '~/client/ui/stack'

// /account/2fa: register passkeys (named), list, rename and remove them.
// Online only: the forms say "offline" and block; row actions are disabled.

const NameForm = v.object({ name: PasskeyName })
// A passkey signs in alone, so adding one asks for the password (server: routes/passkeys.ts).
const AddForm = v.object({
  name: PasskeyName,
  password: v.pipe(v.string(), v.nonEmpty('validation.password.old_required'), v.maxLength(200, 'validation.password.max_length')),
})

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: 0, m: 0 }),
  row: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
  }),
  name: css({ fontWeight: 'semibold', wordBreak: 'break-word' }),
  meta: textRecipe({ tone: 'muted', size: 'sm' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
}

export function PasskeysCard() {
  const { t } = useLingui()
  const list = useQuery(passkeysQuery)
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: passkeysQuery.queryKey })
  const supported = passkeysSupported()
  const hasPassword = useSession().user?.has_password ?? true
  // A new form (empty name) after each passkey added.
  const [added, setAdded] = useState(0)
  return (
    <Card.Root width="form" aria-labelledby="passkeys-title">
      <Card.Header>
        <Card.Title id="passkeys-title">
          <Trans>Passkeys</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>
            Sign in with your fingerprint, face or screen lock instead of a password. A passkey counts as both steps: no
            code is asked.
          </Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body className={stackRecipe({ gap: '5' })}>
        {list.data && list.data.length > 0 ? (
          <ul className={styles.list} aria-label={t`Your passkeys`}>
            {list.data.map((p) => (
              <PasskeyRow key={p.id} passkey={p} onChange={refresh} />
            ))}
          </ul>
        ) : (
          list.data && (
            <p className={styles.meta}>
              <Trans>No passkeys yet.</Trans>
            </p>
          )
        )}
        {supported ? (
          <Form.Root
            key={added}
            schema={hasPassword ? AddForm : NameForm}
            defaultValues={hasPassword ? { name: '', password: '' } : { name: '' }}
            aria-label={t`Add a passkey`}
            submit={async (values) => {
              try {
                const res = await addPasskey(values.name, 'password' in values ? values.password : undefined)
                setAdded((n) => n + 1)
                return res
              } catch (error) {
                if (isAlreadyRegistered(error))
                  toast({ variant: 'info', title: t`This device already has a passkey for you.` })
                else if (isCeremonyCancelled(error)) toast({ variant: 'info', title: t`No passkey was added.` })
                else throw error
                return {}
              }
            }}
            onSuccess={refresh}
          >
            <Form.Text
              name="name"
              label={t`Passkey name`}
              helperText={t`For example, the device it is on.`}
              maxLength={60}
              required
            />
            {hasPassword && (
              <Form.Password name="password" label={t`Your password`} autoComplete="current-password" required />
            )}
            <Form.Submit>
              <Trans>Add a passkey</Trans>
            </Form.Submit>
          </Form.Root>
        ) : (
          <p className={styles.meta}>
            <Trans>This browser cannot use passkeys.</Trans>
          </p>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function PasskeyRow({ passkey, onChange }: { passkey: Passkey; onChange: () => Promise<void> }) {
  const { t } = useLingui()
  const online = useOnline()
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view')
  const [busy, setBusy] = useState(false)
  const added = formatTimestamp(passkey.created_at)
  const used = passkey.last_used_at ? formatTimestamp(passkey.last_used_at) : null

  if (mode === 'rename') {
    return (
      <li className={styles.row}>
        <Form.Root
          schema={NameForm}
          defaultValues={{ name: passkey.name }}
          aria-label={t`Rename passkey ${passkey.name}`}
          submit={({ name }) => renamePasskey(passkey.id, name)}
          onSuccess={async () => {
            await onChange()
            setMode('view')
          }}
          className={css({ flex: '1' })}
        >
          <Form.Text name="name" label={t`Passkey name`} maxLength={60} required />
          <div className={styles.actions}>
            <Form.Submit>
              <Trans>Save</Trans>
            </Form.Submit>
            <Button variant="ghost" onClick={() => setMode('view')}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </Form.Root>
      </li>
    )
  }
  return (
    <li className={styles.row}>
      <div>
        <div className={styles.name}>{passkey.name}</div>
        <div className={styles.meta}>
          {used ? (
            <Trans>
              Added {added} · Last used {used}
            </Trans>
          ) : (
            <Trans>Added {added} · Never used</Trans>
          )}
        </div>
      </div>
      {mode === 'remove' ? (
        <div className={styles.actions} role="group" aria-label={t`Remove passkey ${passkey.name}?`}>
          <Button
            variant="danger"
            loading={busy}
            disabled={!online}
            onClick={async () => {
              setBusy(true)
              try {
                const res = await removePasskey(passkey.id)
                if (res.message) toast({ variant: 'success', title: res.message })
                await onChange()
              } catch (error) {
                await handleError(error)
                setBusy(false)
                setMode('view')
              }
            }}
          >
            <Trans>Remove {passkey.name}</Trans>
          </Button>
          <Button variant="ghost" onClick={() => setMode('view')}>
            <Trans>Keep it</Trans>
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="outline"
            size="sm"
            disabled={!online}
            aria-label={t`Rename ${passkey.name}`}
            onClick={() => setMode('rename')}
          >
            <Trans>Rename</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!online}
            aria-label={t`Remove ${passkey.name}`}
            onClick={() => setMode('remove')}
          >
            <Trans>Remove</Trans>
          </Button>
        </div>
      )}
    </li>
  )
}
