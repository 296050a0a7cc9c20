import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { handleError } from '~/client/lib/http'
import { useSession } from '~/client/lib/session'
import { useOnline } from '~/client/lib/use-online'
import { Button } from '~/client/ui/button'
import * as Dialog from '~/client/ui/dialog'
import { hasFlag } from '~/shared/permissions'
import { closeAccount } from '../api/close-account'

const styles = {
  zone: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '6', borderWidth: '1px', borderColor: 'danger.border', borderRadius: 'xl', bg: 'bg.panel' }),
  title: css({ fontSize: 'lg', fontWeight: 'semibold', color: 'danger' }),
  text: css({ fontSize: 'sm', color: 'fg.muted' }),
  row: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' }),
}

/** spec §2 Danger Zone; spec §6: owners close the whole account, others leave it. */
export function DangerZone() {
  const { t } = useLingui()
  const { user } = useSession()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!user) return null
  const owner = hasFlag(user.permission, 'owner')
  const action = owner ? t`Close account` : t`Leave account`
  const account = user.account_name
  return (
    <section className={styles.zone} aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title" className={styles.title}>{t`Danger Zone`}</h2>
      <div className={styles.row}>
        <p className={styles.text}>
          {owner
            ? t`Closing ${account} removes its list, its public page and every member's access. This cannot be undone.`
            : t`Leaving ${account} removes your access to it. The account and its list stay.`}
        </p>
        <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} role="alertdialog">
          <Dialog.Trigger asChild>
            <Button variant="danger" disabled={!online}>
              {action}
            </Button>
          </Dialog.Trigger>
          <Dialog.Content>
            <Dialog.Title>{owner ? t`Close ${account}?` : t`Leave ${account}?`}</Dialog.Title>
            <Dialog.Description>
              {owner ? t`Everyone is signed out of it and its public page stops working at once.` : t`You will be signed out of this account.`}
            </Dialog.Description>
            <Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <Button variant="outline">{t`Cancel`}</Button>
              </Dialog.CloseTrigger>
              <Button
                variant="danger"
                loading={busy}
                onClick={async () => {
                  setBusy(true)
                  try {
                    await closeAccount(owner)
                  } catch (error) {
                    setBusy(false)
                    setOpen(false)
                    await handleError(error)
                  }
                }}
              >
                {action}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Root>
      </div>
      {!online && <p className={styles.text}>{t`You are offline. Connect to the internet to close the account.`}</p>}
    </section>
  )
}
