import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { Spinner } from '~/client/ui/spinner'
import { textRecipe } from '~/client/ui/text'
import { NotificationInput, type NotificationSettings } from '~/shared/schemas/notification'
import { notificationsQuery, saveNotifications } from './api/notifications'

// /account/notifications (user): which notice emails we send. Online only: the
// settings load with GET /api/notification and save with PATCH; offline the form kit
// shows its notice and the save button is disabled.
//
// The notices: new_signin (password and magic-link sign-in), plan_updated (a plan change),
// card_updated (a new payment card) and invite_accepted (someone you invited
// joined).
type Shown = Pick<NotificationSettings, 'new_signin' | 'plan_updated' | 'card_updated' | 'invite_accepted'>

const pickShown = (data: NotificationSettings): Shown => ({
  new_signin: data.new_signin,
  plan_updated: data.plan_updated,
  card_updated: data.card_updated,
  invite_accepted: data.invite_accepted,
})

export function NotificationsPage() {
  const { t } = useLingui()
  const online = useOnline()
  const queryClient = useQueryClient()
  const settings = useQuery({ ...notificationsQuery(), enabled: online })
  useDocumentTitle(t`Notifications`)
  const data = settings.data

  return (
    <Card.Root width="form">
      <Card.Header>
        <Card.Title>
          <Trans>Notifications</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Choose which emails we send you about your account.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Form.Root
          // A new form once the settings arrive (and after each save): its starting values are
          // the server's, so nothing reads as unsaved input.
          key={data ? JSON.stringify(pickShown(data)) : 'loading'}
          schema={NotificationInput}
          method="patch"
          url="notification"
          defaultValues={data ? pickShown(data) : undefined}
          submit={(values) => saveNotifications(values)}
          onSuccess={(res) => {
            if (res.data) queryClient.setQueryData(notificationsQuery().queryKey, res.data as NotificationSettings)
          }}
          aria-label={t`Notifications`}
        >
          {data ? (
            <>
              <Form.Switch
                name="new_signin"
                label={t`New sign-in`}
                helperText={t`Email me when someone signs in to my account, with the device and the time.`}
              />
              <Form.Switch
                name="plan_updated"
                label={t`Plan changes`}
                helperText={t`Email me when my account's plan changes.`}
              />
              <Form.Switch
                name="card_updated"
                label={t`Card changes`}
                helperText={t`Email me when the payment card of my account is replaced.`}
              />
              <Form.Switch
                name="invite_accepted"
                label={t`Accepted invites`}
                helperText={t`Email me when someone I invited joins the account.`}
              />
              <Form.Submit>{t`Save changes`}</Form.Submit>
            </>
          ) : settings.isError ? (
            <p className={textRecipe({ tone: 'muted', size: 'sm' })}>
              <Trans>Your notification settings could not be loaded. Please try again.</Trans>
            </p>
          ) : online ? (
            <Spinner size="md" label={t`Loading`} />
          ) : (
            <p className={textRecipe({ tone: 'muted', size: 'sm' })}>
              <Trans>Your notification settings appear once you are back online.</Trans>
            </p>
          )}
        </Form.Root>
      </Card.Body>
    </Card.Root>
  )
}
