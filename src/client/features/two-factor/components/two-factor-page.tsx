import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { DataTable } from '~/client/ui/data-table'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import type { TwoFactorEnrolment } from '~/shared/schemas/two-factor'
import { OtpCode } from '~/shared/schemas/two-factor'
import { turnOff } from '../api'
import { SetupSteps, StartSetup } from './setup-steps'

// spec §2 /account/2fa (user): the state and the steps; decisions §13. Online only (decisions §7):
// every step is a form that says "offline" and blocks its submit without a connection.

const CodeProof = v.object({ code: OtpCode })
const PasswordProof = v.object({
  password: v.pipe(v.string(), v.nonEmpty('validation.password.old_required'), v.maxLength(200, 'validation.password.max_length')),
})

const stateRow = css({ display: 'flex', alignItems: 'center', gap: '2' })

export function TwoFactorPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null)
  useDocumentTitle(t`Two-factor authentication`)
  if (!user) return null
  const on = user['2fa_enabled']
  return (
    <Card.Root className={css({ maxW: '2xl' })}>
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
          <TurnOff hasPassword={user.has_password} />
        ) : enrolment ? (
          <SetupSteps enrolment={enrolment} onCancel={() => setEnrolment(null)} onDone={() => setEnrolment(null)} />
        ) : (
          <StartSetup onStarted={setEnrolment} />
        )}
      </Card.Body>
    </Card.Root>
  )
}

function TurnOff({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useLingui()
  const [withPassword, setWithPassword] = useState(false)
  return (
    <>
      <Form.Root
        key={withPassword ? 'password' : 'code'}
        schema={withPassword ? PasswordProof : CodeProof}
        defaultValues={withPassword ? { password: '' } : { code: '' }}
        submit={(values) => turnOff(values as { code: string } | { password: string })}
        aria-label={t`Turn off two-factor authentication`}
      >
        {withPassword ? (
          <Form.Password name="password" label={t`Your password`} autoComplete="current-password" required />
        ) : (
          <Form.Otp name="code" label={t`A code from your app`} />
        )}
        <Form.Submit variant="danger">
          <Trans>Turn off</Trans>
        </Form.Submit>
      </Form.Root>
      {hasPassword && (
        <Button variant="link" onClick={() => setWithPassword(!withPassword)}>
          {withPassword ? <Trans>Use a code instead</Trans> : <Trans>Use your password instead</Trans>}
        </Button>
      )}
    </>
  )
}
