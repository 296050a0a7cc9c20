import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { handleError, toApiError } from '~/client/lib/http'
import { useSession } from '~/client/lib/session'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import * as Field from '~/client/ui/field'
import { Panel } from '~/client/ui/panel'
import { textRecipe } from '~/client/ui/text'
import { hasFlag } from '~/shared/permissions'
import { closeAccount } from '../api/close-account'
import { stackRecipe } from '~/client/ui/stack'

const styles = {
  title: css({ fontSize: 'lg', fontWeight: 'semibold', color: 'danger' }),
  text: textRecipe({ tone: 'muted', size: 'sm' }),
  row: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' }),
  form: stackRecipe({ gap: '4' }),
  name: css({ fontWeight: 'semibold', wordBreak: 'break-word' }),
}

/**
 * Danger Zone: owners close the whole account, others leave it (decision 21). The dialog asks for
 * the account name, typed exactly as shown, and its button stays
 * disabled until it matches; the server checks it again (DELETE /api/account {confirm}).
 */
export function DangerZone() {
  const { t } = useLingui()
  const { user } = useSession()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string>()
  const nameInput = useRef<HTMLInputElement>(null)
  if (!user) return null
  const owner = hasFlag(user.permission, 'owner')
  const action = owner ? t`Close account` : t`Leave account`
  const account = user.account_name
  const matches = typed === account

  const confirm = async (event: FormEvent) => {
    event.preventDefault()
    if (!matches) return
    setBusy(true)
    try {
      await closeAccount(owner, typed)
    } catch (err) {
      setBusy(false)
      const apiError = await toApiError(err)
      // The name was changed meanwhile (another device): say so on the field, keep the dialog.
      if (apiError?.body.inputError === 'confirm') return setError(apiError.message)
      setOpen(false)
      await handleError(err)
    }
  }

  return (
    <Panel padding="xl" tone="danger" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title" className={styles.title}>{t`Danger Zone`}</h2>
      <div className={styles.row}>
        <p className={styles.text}>
          {owner
            ? t`Closing ${account} removes its list, its public page and every member's access. This cannot be undone.`
            : t`Leaving ${account} removes your access to it. The account and its list stay.`}
        </p>
        <Dialog.Root
          open={open}
          onOpenChange={(d) => {
            setOpen(d.open)
            setTyped('')
            setError(undefined)
          }}
          role="alertdialog"
          // The first thing to do is type the name: start there.
          initialFocusEl={() => nameInput.current}
        >
          <Dialog.Trigger asChild>
            <Button variant="danger" disabled={!online}>
              {action}
            </Button>
          </Dialog.Trigger>
          <Dialog.Content>
            <form onSubmit={confirm} className={styles.form}>
              <Dialog.Title>{owner ? t`Close ${account}?` : t`Leave ${account}?`}</Dialog.Title>
              <Dialog.Description>
                {owner ? t`Everyone is signed out of it and its public page stops working at once.` : t`You will be signed out of this account.`}
              </Dialog.Description>
              <Field.Root invalid={!!error}>
                <Field.Label>
                  <Trans>
                    Type <strong className={styles.name}>{account}</strong> to confirm
                  </Trans>
                </Field.Label>
                <Field.Input
                  ref={nameInput}
                  name="confirm"
                  value={typed}
                  onChange={(e) => {
                    setTyped(e.target.value)
                    setError(undefined)
                  }}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                />
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
              <Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <Button variant="outline">{t`Cancel`}</Button>
                </Dialog.CloseTrigger>
                <Button type="submit" variant="danger" loading={busy} disabled={!matches}>
                  {action}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Root>
      </div>
      {!online && <p className={styles.text}>{t`You are offline. Connect to the internet to close the account.`}</p>}
    </Panel>
  )
}
