import { and, eq, sql } from 'drizzle-orm'
import type { Locale } from '~/shared/schemas/common'
import { NOTIFICATION_NAMES, type NotificationName, type NotificationSettings } from '~/shared/schemas/notification'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { notificationSettings, type users } from '../db/schema'
import { translate, type MessageKey } from '../messages'
import { log } from '../lib/log'
import { renderNoticeMail, type Mail } from './mail'

// Notification settings (name, active), one row per user and name that the user changed;
// a name without a row is active. Every read and write is keyed by the caller's user id, so a
// user only ever sees or changes their own settings.

/** The user's full map: every known name, true unless turned off. */
export async function readSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const rows = await db
    .select({ name: notificationSettings.name, active: notificationSettings.active })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
  const map = Object.fromEntries(NOTIFICATION_NAMES.map((n) => [n, true])) as NotificationSettings
  for (const row of rows)
    if ((NOTIFICATION_NAMES as readonly string[]).includes(row.name)) map[row.name as NotificationName] = row.active
  return map
}

/** Stores the given names (upsert); the others keep their value. Answers the full map. */
export async function writeSettings(db: Db, userId: string, changes: Partial<NotificationSettings>) {
  const values = Object.entries(changes)
    .filter(([, active]) => typeof active === 'boolean')
    .map(([name, active]) => ({ userId, name, active: active as boolean, updatedAt: new Date() }))
  if (values.length) {
    await db
      .insert(notificationSettings)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.name],
        set: { active: sql`excluded.active`, updatedAt: sql`excluded.updated_at` },
      })
  }
  return readSettings(db, userId)
}

export async function isActive(db: Db, userId: string, name: NotificationName) {
  const [row] = await db
    .select({ active: notificationSettings.active })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.name, name)))
  return row?.active ?? true
}

/** Timestamps read YYYY-MM-DD HH:MM:SS (here in UTC). */
const utcTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

type Recipient = Pick<typeof users.$inferSelect, 'id' | 'email' | 'name' | 'locale'>

/**
 * Sends a notice when its setting is on. Never throws: a notice is a courtesy, and the action
 * that caused it (a sign-in, a plan change) has already happened and must still succeed. Not
 * subject to the per-address mail limits: it goes only to the account's own address and only
 * after an action that needed a session or a sign-in.
 */
async function notify(deps: Deps, user: Recipient, name: NotificationName, build: () => Mail) {
  try {
    if (!(await isActive(deps.db, user.id, name))) return
    await deps.mailer.send(build())
  } catch (err) {
    log.error(`notification ${name} to ${user.email} failed`, err)
  }
}

/**
 * How a sign-in proved who it was, named in the new_signin notice. Passkeys and
 * social sign-in add their names here. A support session (impersonation) is never mailed: it is
 * recorded as an event instead (routes/impersonate.ts).
 */
export type SignInMethod =
  'password' | 'magic_link' | 'email_link' | 'password_reset' | 'signin_token' | 'passkey' | 'social'
export type SecondFactor = 'totp' | 'backup_code'

export function describeMethod(locale: Locale, method: SignInMethod, secondFactor?: SecondFactor) {
  const first = translate(locale, `mail.method.${method}` as MessageKey)
  if (!secondFactor) return first
  return translate(locale, secondFactor === 'totp' ? 'mail.method.then_totp' : 'mail.method.then_backup', {
    method: first,
  })
}

/** new_signin: after a successful sign-in, naming the method, the device and the time. */
export function notifySignIn(
  deps: Deps,
  user: Recipient,
  opts: { userAgent?: string | null; method: SignInMethod; secondFactor?: SecondFactor; at?: Date },
) {
  const locale = user.locale as Locale
  return notify(deps, user, 'new_signin', () =>
    renderNoticeMail('new_signin', locale, {
      to: user.email,
      name: user.name,
      // A user-agent is client input: keep it to one bounded line.
      device: (opts.userAgent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
      time: utcTime(opts.at ?? new Date()),
      method: describeMethod(locale, opts.method, opts.secondFactor),
      link: `${deps.appUrl}/account/password`,
      settingsLink: `${deps.appUrl}/account/notifications`,
    }),
  )
}

/** plan_updated: after the account's plan changed. */
export function notifyPlanUpdated(deps: Deps, user: Recipient, account: string, plan: string) {
  return notify(deps, user, 'plan_updated', () =>
    renderNoticeMail('plan_updated', user.locale as Locale, {
      to: user.email,
      name: user.name,
      account,
      plan,
      link: `${deps.appUrl}/account`,
      settingsLink: `${deps.appUrl}/account/notifications`,
    }),
  )
}

/** card_updated: after the account's card was replaced (PATCH /api/account/card). */
export function notifyCardUpdated(
  deps: Deps,
  user: Recipient,
  account: string,
  card: { brand: string; last4: string },
) {
  return notify(deps, user, 'card_updated', () =>
    renderNoticeMail('card_updated', user.locale as Locale, {
      to: user.email,
      name: user.name,
      account,
      brand: card.brand.toUpperCase(),
      last4: card.last4,
      link: `${deps.appUrl}/account/billing`,
      settingsLink: `${deps.appUrl}/account/notifications`,
    }),
  )
}

/** invite_accepted: to the inviter, naming who joined which account. */
export function notifyInviteAccepted(deps: Deps, inviter: Recipient, account: string, member: { name: string; email: string }) {
  return notify(deps, inviter, 'invite_accepted', () =>
    renderNoticeMail('invite_accepted', inviter.locale as Locale, {
      to: inviter.email,
      name: inviter.name,
      account,
      member: `${member.name} <${member.email}>`,
      link: `${deps.appUrl}/account/users`,
      settingsLink: `${deps.appUrl}/account/notifications`,
    }),
  )
}
