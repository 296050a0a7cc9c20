import type { Locale } from '~/shared/schemas/common'

// User menu: flags for English and Spanish. Drawn inline, so they look the same on every
// system (emoji flags show as letters where no emoji font is installed).
function UnitedKingdom() {
  return (
    <svg viewBox="0 0 60 30" width="20" height="10" aria-hidden focusable="false">
      <clipPath id="flag-gb-clip">
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath="url(#flag-gb-clip)" stroke="#C8102E" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  )
}

function Spain() {
  return (
    <svg viewBox="0 0 60 30" width="20" height="10" aria-hidden focusable="false">
      <path d="M0,0 h60 v30 h-60 z" fill="#AA151B" />
      <path d="M0,7.5 h60 v15 h-60 z" fill="#F1BF00" />
    </svg>
  )
}

export function Flag({ locale }: { locale: Locale }) {
  return locale === 'es' ? <Spain /> : <UnitedKingdom />
}
