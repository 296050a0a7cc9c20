import * as v from 'valibot'

// A notification setting (name, active) and GET and PATCH /api/notification (one
// boolean per name). Shared by the /account/notifications form and the server route.

export const NOTIFICATION_NAMES = ['new_signin', 'plan_updated', 'card_updated', 'invite_accepted'] as const
export type NotificationName = (typeof NOTIFICATION_NAMES)[number]

/** The whole map as GET and PATCH answer it: every known name, true unless turned off. */
export type NotificationSettings = Record<NotificationName, boolean>

const Active = v.boolean('validation.notification.boolean')

/** PATCH body: any subset of the names, each a boolean; an unknown name is refused. */
export const NotificationInput = v.strictObject(
  {
    new_signin: v.optional(Active),
    plan_updated: v.optional(Active),
    card_updated: v.optional(Active),
    invite_accepted: v.optional(Active),
  },
  'validation.notification.unknown',
)
export type NotificationInput = v.InferOutput<typeof NotificationInput>
