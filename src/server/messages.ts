import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core'
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serverMessages, type MessageKey } from '~/shared/messages'
import type { Locale } from '~/shared/schemas/common'

export { isMessageKey, type MessageKey } from '~/shared/messages'

// Server messages and mails speak the request's language (decisions: Accept-Language picks en or
// es). Their texts are the Lingui catalogs the client uses, compiled ahead of time by
// `lingui compile` (npm run build, npm run dev and the test setup run it) so the server needs
// neither the Lingui CLI nor a .po parser at run time.

const locales: Locale[] = ['en', 'es']
const compiledPath = (locale: Locale) =>
  fileURLToPath(new URL(`../client/i18n/locales/${locale}/messages.mjs`, import.meta.url))

async function load(locale: Locale): Promise<I18n> {
  const path = compiledPath(locale)
  if (!existsSync(path)) {
    throw new Error(
      `The compiled message catalog ${path} is missing: run \`npx lingui compile --namespace es\` (npm run build does).`,
    )
  }
  const { messages } = (await import(pathToFileURL(path).href)) as { messages: Record<string, unknown> }
  return setupI18n({ locale, messages: { [locale]: messages as never } })
}

const i18ns = Object.fromEntries(await Promise.all(locales.map(async (l) => [l, await load(l)] as const))) as Record<
  Locale,
  I18n
>

/** The message `key` in `locale`, its `{placeholders}` filled from `params`. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  // A placeholder without a value stays visible as `{name}`, as the texts were always written.
  const values = new Proxy(params, { get: (target, name: string) => target[name] ?? `{${name}}` })
  return i18ns[locale]._(serverMessages[key].id, values)
}

/** A text defined elsewhere than the server's messages (the table of API calls) in English: its
 *  ICU message formatted (quoted braces unquoted, `{placeholders}` filled). */
export function inEnglish(text: MessageDescriptor, values: Record<string, string> = {}): string {
  return i18ns.en._({ ...text, values })
}

/** Picks en or es from an Accept-Language header, falling back to en. */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return 'en'
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (tag.startsWith('es')) return 'es'
    if (tag.startsWith('en')) return 'en'
  }
  return 'en'
}
