import { i18n } from '@lingui/core'
import type { Locale } from '~/shared/schemas/common'

// The language comes from the saved user locale; the fallback is English.
// Catalogs are compiled by the Lingui Vite plugin when imported.
const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('./locales/en/messages.po'),
  es: () => import('./locales/es/messages.po'),
}

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es'
}

export async function activateLocale(locale: Locale) {
  if (i18n.locale === locale) return
  const { messages } = await loaders[locale]()
  i18n.loadAndActivate({ locale, messages: messages as never })
  document.documentElement.lang = locale
}

/** The stored preference, else the browser's language, else English. */
export function initialLocale(stored: unknown): Locale {
  if (isLocale(stored)) return stored
  return navigator.language?.toLowerCase().startsWith('es') ? 'es' : 'en'
}

export { i18n }
