import { useLingui } from '@lingui/react/macro'
import { css, cva } from 'styled-system/css'
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

/**
 * The EN/ES switch as drawn; what a choice does is the caller's (the app's switch saves it and
 * re-renders, the server-rendered public page stores it and reloads in that language).
 */
export function LocaleSwitchView({
  orientation,
  onChange,
}: {
  orientation?: 'horizontal' | 'vertical'
  onChange: (locale: Locale) => void
}) {
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
          onClick={() => onChange(locale)}
        >
          {SHORT[locale]}
        </button>
      ))}
    </div>
  )
}
