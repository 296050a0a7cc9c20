import { LocaleSwitchView } from './locale-switch-view'
import { changeLocale } from './preferences'

/** EN/ES switch (sets the request language, the interface and, signed in, the user's locale). */
export function LocaleSwitch({ orientation }: { orientation?: 'horizontal' | 'vertical' }) {
  return <LocaleSwitchView orientation={orientation} onChange={(locale) => void changeLocale(locale)} />
}
