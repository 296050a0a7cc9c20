import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { AddOutcome } from '~/client/features/public-list/api/add-book'
import type { PublicBook } from '~/client/features/public-list/api/public-list'
import { PublicListView } from '~/client/features/public-list/components/public-list-view'
import { LocaleSwitchView } from '~/client/layouts/locale-switch-view'
import { PublicLayoutView } from '~/client/layouts/public-layout-view'
import type { Locale } from '~/shared/schemas/common'
import type { PublicPayload } from '~/shared/public-ssr'

/**
 * The server-rendered public list: the app's own layout and list view (the same components as
 * the /$slug route), rendered to HTML on the server and hydrated by main.tsx, both through
 * preact/compat so the markup is the same on both sides (decision 50).
 */
export function PublicApp({
  i18n,
  payload,
  session,
  onAdd,
  onLocale,
}: {
  i18n: I18n
  payload: PublicPayload
  session: PublicPayload['session']
  onAdd: (book: PublicBook) => Promise<AddOutcome>
  onLocale: (locale: Locale) => void
}) {
  return (
    <I18nProvider i18n={i18n}>
      <PublicLayoutView signedIn={session.signedIn} localeSwitch={<LocaleSwitchView onChange={onLocale} />}>
        <PublicListView data={payload.data} signedIn={session.signedIn} own={session.own} onAdd={onAdd} />
      </PublicLayoutView>
    </I18nProvider>
  )
}
