import { useLingui } from '@lingui/react/macro'
import { css, cva } from 'styled-system/css'
import { changeLocale } from './preferences'
import type { Locale } from '~/shared/schemas/common'

const group = cva({
  base: { display: 'inline-flex', p: '0.5', gap: '0.5', borderRadius: 'md', bg: 'bg.muted' },
  variants: { orientation: { horizontal: { flexDirection: 'row' }, vertical: { flexDirection: 'column' } } },
  defaultVariants: { orientation: 'horizontal' },
})

const option = css({
  minW: '9',
  h: '7',
  px: '2',
  fontSize: 'xs',
  fontWeight: 'bold',
  letterSpacing: 'wide',
  borderRadius: 'sm',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg' },
  '&[aria-pressed=true]': { bg: 'bg.panel', color: 'fg', boxShadow: 'xs' },
})

const SHORT: Record<Locale, string> = { en: 'EN', es: 'ES' }
// Each language is named in itself, as language pickers do; the accessible name starts with the
// visible code so voice control can use it (WCAG 2.5.3).
const NATIVE: Record<Locale, string> = { en: 'English', es: 'Español' }

/** EN/ES switch (spec §4: sets the request language, the interface and, signed in, the user's locale). */
export function LocaleSwitch({ orientation }: { orientation?: 'horizontal' | 'vertical' }) {
  const { t, i18n } = useLingui()
  return (
    <div role="group" aria-label={t`Language`} className={group({ orientation })}>
      {(['en', 'es'] as const).map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={option}
          aria-pressed={i18n.locale === locale}
          aria-label={`${SHORT[locale]} ${NATIVE[locale]}`}
          onClick={() => void changeLocale(locale)}
        >
          {SHORT[locale]}
        </button>
      ))}
    </div>
  )
}
