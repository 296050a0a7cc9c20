import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import type { ApiResponse } from '~/client/lib/http'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { DataTable } from '~/client/ui/data-table'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import type { TwoFactorEnrolment } from '~/shared/schemas/two-factor'
import { OtpCode } from '~/shared/schemas/two-factor'
import { renewBackupCode, turnOff } from '../api'
import { BackupCode, SetupSteps, StartSetup } from './setup-steps'
import { stackRecipe } from '~/client/ui/stack'

// /account/2fa (user): the state and the steps. Online only:
// every step is a form that says "offline" and blocks its submit without a connection.

const CodeProof = v.object({ code: OtpCode })
const PasswordProof = v.object({
  password: v.pipe(v.string(), v.nonEmpty('validation.password.old_required'), v.maxLength(200, 'validation.password.max_length')),
})

const stateRow = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'flex-start', sm: 'center' },
  gap: '2',
})
const sections = stackRecipe({ gap: '8' })
const section = stackRecipe({ gap: '3' })
const sectionHeading = headingRecipe({ size: 'md' })
const muted = textRecipe({ tone: 'muted', size: 'sm' })

type Proof = { code: string } | { password: string }

export function TwoFactorPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null)
  useDocumentTitle(t`Two-factor authentication`)
  if (!user) return null
  const on = user['2fa_enabled']
  return (
    <Card.Root width="form">
      <Card.Header>
        <Card.Title>
          <Trans>Two-factor authentication</Trans>
        </Card.Title>
        <div className={stateRow} data-testid="2fa-state">
          {on ? <DataTable.Badge variant="success">{t`On`}</DataTable.Badge> : <DataTable.Badge variant="neutral">{t`Off`}</DataTable.Badge>}
          <Card.Description>
            {on ? (
              <Trans>Each sign-in asks for a code from your authenticator app after your password or link.</Trans>
            ) : (
              <Trans>Add a second step to each sign-in: a code from an authenticator app on your phone.</Trans>
            )}
          </Card.Description>
        </div>
      </Card.Header>
      <Card.Body>
        {on && !enrolment ? (
          <div className={sections}>
            <RenewBackup hasPassword={user.has_password} />
            <TurnOff hasPassword={user.has_password} />
          </div>
        ) : enrolment ? (
          <SetupSteps enrolment={enrolment} onCancel={() => setEnrolment(null)} onDone={() => setEnrolment(null)} />
        ) : (
          <StartSetup onStarted={setEnrolment} />
        )}
      </Card.Body>
    </Card.Root>
  )
}

/** A current code from the app, or the password: what a security change asks for. */
function ProofForm({
  hasPassword,
  label,
  submit,
  onSuccess,
  children,
  danger = false,
}: {
  hasPassword: boolean
  label: string
  submit: (proof: Proof) => Promise<ApiResponse>
  onSuccess?: (res: ApiResponse) => void
  children: ReactNode
  danger?: boolean
}) {
  const { t } = useLingui()
  const [withPassword, setWithPassword] = useState(false)
  return (
    <>
      <Form.Root
        key={withPassword ? 'password' : 'code'}
        schema={withPassword ? PasswordProof : CodeProof}
        defaultValues={withPassword ? { password: '' } : { code: '' }}
        submit={(values) => submit(values as Proof)}
        onSuccess={onSuccess}
        aria-label={label}
      >
        {withPassword ? (
          <Form.Password name="password" label={t`Your password`} autoComplete="current-password" required />
        ) : (
          <Form.Otp name="code" label={t`A code from your app`} />
        )}
        <Form.Submit variant={danger ? 'danger' : undefined}>{children}</Form.Submit>
      </Form.Root>
      {hasPassword && (
        <Button variant="link" onClick={() => setWithPassword(!withPassword)}>
          {withPassword ? <Trans>Use a code instead</Trans> : <Trans>Use your password instead</Trans>}
        </Button>
      )}
    </>
  )
}

/** The backup code is single use: a reader who used or lost it makes a new one here. */
function RenewBackup({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useLingui()
  const [code, setCode] = useState<string | null>(null)
  return (
    <section className={section} aria-labelledby="backup-heading">
      <h3 id="backup-heading" className={sectionHeading}>
        <Trans>Backup code</Trans>
      </h3>
      {code ? (
        <BackupCode code={code} renewed onDone={() => setCode(null)} />
      ) : (
        <>
          <p className={muted}>
            <Trans>Used your backup code, or lost it? Make a new one. The old one stops working.</Trans>
          </p>
          <ProofForm
            hasPassword={hasPassword}
            label={t`Make a new backup code`}
            submit={renewBackupCode}
            onSuccess={(res) => setCode((res.data as { backup_code: string }).backup_code)}
          >
            <Trans>Make a new backup code</Trans>
          </ProofForm>
        </>
      )}
    </section>
  )
}

function TurnOff({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useLingui()
  return (
    <section className={section} aria-labelledby="turn-off-heading">
      <h3 id="turn-off-heading" className={sectionHeading}>
        <Trans>Turn off</Trans>
      </h3>
      <ProofForm hasPassword={hasPassword} label={t`Turn off two-factor authentication`} submit={turnOff} danger>
        <Trans>Turn off</Trans>
      </ProofForm>
    </section>
  )
}
