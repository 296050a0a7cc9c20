import { desc, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Locale } from '~/shared/schemas/common'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import { isMessageKey, translate, type MessageKey } from '../messages'
import { newId } from '../lib/crypto'
import { escapeHtml } from '../lib/html'
import { log } from '../lib/log'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  links: string[]
}

export interface Mailer {
  kind: 'outbox' | 'smtp'
  send(mail: Mail): Promise<void>
}

/**
 * With SMTP_URL mail goes over SMTP (nodemailer), otherwise to the local outbox,
 * logged with its links for the developer. In production (MAIL_LOG=true) the log names the mail
 * but never its links: a log is read by more people than the mail's addressee, and a sign-in or
 * reset link in it would let any of them in.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; production?: boolean }): Mailer {
  if (opts.smtpUrl) {
    // A request waits for its mail: fail in seconds, not nodemailer's default minutes, when the
    // SMTP server does not answer. Options in the URL's query (e.g. ?ignoreTLS=true) still win.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      },
    }
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await opts.db.insert(mailOutbox).values({ id: newId(), ...mail })
      const links = opts.production ? '' : ` ${mail.links.join(' ')}`
      log.info(`mail to ${mail.to}: ${mail.subject}${links}`)
    },
  }
}

export async function readOutbox(db: Db, to: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.createdAt), desc(sql`ctid`))
    .limit(50)
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    links: r.links,
    created_at: r.createdAt.toISOString(),
  }))
}

type Template = 'verify' | 'magic' | 'reset' | 'invite' | 'email_revert' | 'passkey_added' | 'security'
  // The owner's renewal notices (services/billing/payment-mails.ts), sent whatever the settings.
  | 'payment_failed' | 'payment_action'

// The parts every mail's HTML shares: the page in the recipient's language, the action button
// and the small print under it.
const page = (locale: Locale, inner: string) =>
  `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
${inner}
</body></html>`
const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`
const small = (html: string) => `<p style="font-size:13px;color:#475569">${html}</p>`

/**
 * The texts of one kind of mail, `mail.<kind>.<part>`, in the recipient's language; a parameter
 * it was not given reads as blank, not as its `{placeholder}`.
 */
function mailTexts(locale: Locale, kind: string, params: Record<string, string | undefined>) {
  const values = new Proxy(params, { get: (target, name: string) => target[name] ?? '' }) as Record<string, string>
  return (part: string) => translate(locale, `mail.${kind}.${part}` as MessageKey, values)
}

/**
 * Renders one of the mail templates in the recipient's language, with its single action link.
 * The closing line is the template's own `.ignore` when it has one (an email-change notice is
 * not something its reader asked for), else the shared "did not ask for this" line.
 */
export function renderMail(
  template: Template,
  locale: Locale,
  params: { to: string; link: string; name?: string; account?: string; inviter?: string; email?: string; passkey?: string; change?: string },
): Mail {
  const text = mailTexts(locale, template, params)
  const [subject, body, action] = [text('subject'), text('body'), text('action')]
  const ownIgnore = `mail.${template}.ignore`
  const ignore = translate(locale, isMessageKey(ownIgnore) ? ownIgnore : 'mail.ignore')
  const html = page(
    locale,
    `<p>${escapeHtml(body)}</p>
${button(params.link, action)}
${small(escapeHtml(params.link))}
${small(escapeHtml(ignore))}`,
  )
  return { to: params.to, subject, text: `${body}\n\n${params.link}\n\n${ignore}\n`, html, links: [params.link] }
}

/**
 * The /help message: the sender's words
 * to the support address, escaped, with who sent it so support can reply. It has no links.
 */
export function renderSupportMail(
  locale: Locale,
  params: { to: string; name: string; email: string; account: string; message: string; supportEnabled: boolean },
): Mail {
  const access = translate(locale, params.supportEnabled ? 'mail.support.access_on' : 'mail.support.access_off')
  const text = mailTexts(locale, 'support', { name: params.name, email: params.email, account: params.account, access })
  const [intro, reply] = [text('body'), text('reply')]
  const paragraphs = params.message
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
  const html = page(
    locale,
    `<p>${escapeHtml(intro)}</p>
<blockquote style="margin:0;padding:8px 16px;border-left:3px solid #4338ca">${paragraphs}</blockquote>
${small(escapeHtml(reply))}`,
  )
  return { to: params.to, subject: text('subject'), text: `${intro}\n\n${params.message}\n\n${reply}\n`, html, links: [] }
}

export type Notice = 'new_signin' | 'plan_updated' | 'card_updated' | 'invite_accepted'

/**
 * A notification mail: a short notice in the recipient's language
 * with one action link, and a footer naming the setting that sent it and where to turn it off.
 * new_signin: `method` (translated), `device` (the user-agent) and `time` (UTC); plan_updated: `account` and `plan`.
 * new_signin: `device` (the user-agent) and `time` (UTC); plan_updated: `account` and `plan`;
 * card_updated: `account`, `brand` and `last4`.
 */
export function renderNoticeMail(
  notice: Notice,
  locale: Locale,
  params: {
    to: string
    link: string
    settingsLink: string
    name: string
    device?: string
    time?: string
    method?: string
    account?: string
    plan?: string
    brand?: string
    last4?: string
    member?: string
  },
): Mail {
  const device = params.device || translate(locale, 'mail.new_signin.unknown_device')
  const text = mailTexts(locale, notice, { ...params, device })
  const lines = [text('body')]
  if (notice === 'new_signin') {
    if (params.method) lines.push(text('method'))
    lines.push(text('device'), text('time'))
  }
  const [subject, advice, action] = [text('subject'), text('advice'), text('action')]
  const settings = translate(locale, 'mail.notice.settings')
  const html = page(
    locale,
    `<p>${lines.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(advice)}</p>
${button(params.link, action)}
${small(`${escapeHtml(settings)} <a href="${escapeHtml(params.settingsLink)}">${escapeHtml(params.settingsLink)}</a>`)}`,
  )
  const plain = `${lines.join('\n')}\n\n${advice}\n${params.link}\n\n${settings}\n${params.settingsLink}\n`
  return { to: params.to, subject, text: plain, html, links: [params.link, params.settingsLink] }
}
