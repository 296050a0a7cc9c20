import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import { CopyButton } from '~/client/ui/copy-button'
import * as Form from '~/client/ui/form'
import { headingRecipe } from '~/client/ui/text'
import type { TwoFactorEnrolment } from '~/shared/schemas/two-factor'
import { OtpCode } from '~/shared/schemas/two-factor'
import { confirmSetup, startSetup } from '../api'
import { stackRecipe } from '~/client/ui/stack'

// 2FA: toggling on returns a QR code; entering the code verifies it and returns a backup
// code (shown once). The steps: scan (or type the secret), enter a code, keep the
// backup code.

const styles = {
  steps: css({ display: 'flex', flexDirection: 'column', gap: '6', listStyle: 'none', p: 0, m: 0 }),
  step: stackRecipe({ gap: '3' }),
  heading: headingRecipe({ size: 'md' }),
  qr: css({ w: '48', h: '48', bg: 'white', p: '2', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border' }),
  secretRow: css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  code: css({
    fontFamily: 'mono',
    fontSize: 'md',
    letterSpacing: 'wide',
    bg: 'bg.muted',
    px: '3',
    py: '2',
    borderRadius: 'md',
    wordBreak: 'break-all',
  }),
}

const CodeForm = v.object({ code: OtpCode })
const Empty = v.object({})

/** "Set up": asks the server for a new secret (online only, like every step). */
export function StartSetup({ onStarted }: { onStarted: (e: TwoFactorEnrolment) => void }) {
  const { t } = useLingui()
  return (
    <Form.Root
      schema={Empty}
      submit={async () => {
        onStarted(await startSetup())
        return {}
      }}
      aria-label={t`Set up two-factor authentication`}
    >
      <Form.Submit>
        <Trans>Set up two-factor authentication</Trans>
      </Form.Submit>
    </Form.Root>
  )
}

/** Four-character groups, easier to read and type from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

export function SetupSteps({ enrolment, onCancel, onDone }: { enrolment: TwoFactorEnrolment; onCancel: () => void; onDone: () => void }) {
  const { t } = useLingui()
  const formId = useId()
  const [backupCode, setBackupCode] = useState<string | null>(null)
  if (backupCode) return <BackupCode code={backupCode} onDone={onDone} />
  return (
    <ol className={styles.steps}>
      <li className={styles.step}>
        <h3 className={styles.heading}>
          <Trans>1. Scan this QR code with your authenticator app</Trans>
        </h3>
        <img className={styles.qr} src={enrolment.qr_code} alt={t`QR code for your authenticator app`} width={192} height={192} />
        <p>
          <Trans>Can’t scan it? Type this key into the app instead:</Trans>
        </p>
        <div className={styles.secretRow}>
          <code className={styles.code} data-testid="totp-secret" aria-label={t`Secret key`}>
            {grouped(enrolment.secret)}
          </code>
          <CopyButton.Root value={enrolment.secret} label={t`Copy the secret key`} />
        </div>
      </li>
      <li className={styles.step}>
        <h3 className={styles.heading}>
          <Trans>2. Enter the 6-digit code the app shows</Trans>
        </h3>
        <Form.Root
          id={formId}
          schema={CodeForm}
          defaultValues={{ code: '' }}
          submit={(values) => confirmSetup(values.code)}
          onSuccess={(res) => setBackupCode((res.data as { backup_code: string }).backup_code)}
          aria-label={t`Confirm two-factor authentication`}
        >
          <Form.Otp
            name="code"
            label={t`Code`}
            onComplete={() => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit()}
          />
          <Form.Submit>
            <Trans>Turn on</Trans>
          </Form.Submit>
        </Form.Root>
        <Button variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </li>
    </ol>
  )
}

/** The backup code, shown once: after turning 2FA on (`renewed` false) or making a new one. */
export function BackupCode({ code, onDone, renewed = false }: { code: string; onDone: () => void; renewed?: boolean }) {
  const { t } = useLingui()
  return (
    <div className={styles.step}>
      <Alert.Root status="success">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Title>
            {renewed ? <Trans>Your new backup code</Trans> : <Trans>Two-factor authentication is on</Trans>}
          </Alert.Title>
          <Alert.Description>
            <Trans>
              Save this backup code somewhere safe. It signs you in once if you lose your phone, and it is shown only now.
            </Trans>
            {renewed && (
              <>
                {' '}
                <Trans>The previous backup code no longer works.</Trans>
              </>
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <div className={styles.secretRow}>
        <code className={styles.code} data-testid="backup-code" aria-label={t`Backup code`}>
          {code}
        </code>
        <CopyButton.Root value={code} label={t`Copy the backup code`} />
      </div>
      <Button onClick={onDone}>
        <Trans>I have saved it</Trans>
      </Button>
    </div>
  )
}
