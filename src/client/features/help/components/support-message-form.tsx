import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import * as v from 'valibot'
import { useSession } from '~/client/lib/session'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { SUPPORT_MESSAGE_MAX, SupportMessage } from '~/shared/schemas/utility'
import { sendSupportMessage } from '../api/send-support-message'

const MessageForm = v.object({ message: SupportMessage })

/** /help message form; an empty message is refused. Offline it says so. */
export function SupportMessageForm() {
  const { t } = useLingui()
  const { user } = useSession()
  // A new key gives a fresh, empty form after a message is sent.
  const [sent, setSent] = useState(0)
  if (!user) return null
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t`Contact support`}</Card.Title>
        <Card.Description>{t`Tell us what went wrong or what you need. We answer by email at ${user.email}.`}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Form.Root
          key={sent}
          schema={MessageForm}
          defaultValues={{ message: '' }}
          submit={(values) => sendSupportMessage({ email: user.email, name: user.name }, values.message)}
          onSuccess={() => setSent((n) => n + 1)}
          aria-label={t`Contact support`}
        >
          <Form.Textarea name="message" label={t`Message`} required maxLength={SUPPORT_MESSAGE_MAX} rows={5} />
          <Form.Submit>{t`Send message`}</Form.Submit>
        </Form.Root>
      </Card.Body>
    </Card.Root>
  )
}
