import { queryOptions } from '@tanstack/react-query'
import { getData, send } from '~/client/lib/http'
import type { NotificationInput, NotificationSettings } from '~/shared/schemas/notification'

// GET and PATCH /api/notification (one boolean per name). Online only:
// read through TanStack Query, never stored in Dexie.

export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notification'],
    queryFn: ({ signal }) => getData<NotificationSettings>('notification', { signal }),
  })

export function saveNotifications(changes: NotificationInput) {
  return send<NotificationSettings>('patch', 'notification', changes)
}
