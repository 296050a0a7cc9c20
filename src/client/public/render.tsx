import { setupI18n } from '@lingui/core'
import { renderToString } from 'react-dom/server'
import type { Locale } from '~/shared/schemas/common'
import { renderedTitle } from '~/client/lib/use-document-title'
import type { PublicPayload, PublicRenderer } from '~/shared/public-ssr'
import { messages as en } from '../i18n/locales/en/messages.po'
import { messages as es } from '../i18n/locales/es/messages.po'
import { AuthApp } from './auth-app'
import { PublicApp } from './public-app'

// The server side of the public list and the signed-out screens (decisions 50, 53), built by
// `npm run build` into dist/server-render/ with react aliased to preact/compat
// (public/vite.config.ts) and loaded by src/server/public-page.ts. Rendering never acts: adding,
// signing in and switching language are the client's.
const CATALOGS: Record<Locale, Record<string, unknown>> = { en, es }

const never = () => Promise.resolve(null)

export const renderPublicList: PublicRenderer['renderPublicList'] = (payload: PublicPayload) => {
  const i18n = setupI18n({ locale: payload.locale, messages: { [payload.locale]: CATALOGS[payload.locale] as never } })
  return renderToString(
    <PublicApp i18n={i18n} payload={payload} session={payload.session} onAdd={never} onLocale={() => undefined} />,
  )
}

/** A signed-out screen's markup, and the <title> its page asked for (useDocumentTitle). */
export const renderAuthPage: PublicRenderer['renderAuthPage'] = (payload) => {
  const i18n = setupI18n({ locale: payload.locale, messages: { [payload.locale]: CATALOGS[payload.locale] as never } })
  renderedTitle.current = null
  const html = renderToString(<AuthApp i18n={i18n} payload={payload} onLocale={() => undefined} />)
  return { html, title: renderedTitle.current }
}

export const messagesFor: PublicRenderer['messagesFor'] = (locale, ids) => {
  const all = CATALOGS[locale]
  if (!ids) return all
  const out: Record<string, unknown> = {}
  for (const id of ids) if (id in all) out[id] = all[id]
  return out
}
