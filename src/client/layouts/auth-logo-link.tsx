import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { MARKETING_URL } from '~/client/lib/config'
import { PageLink } from '~/client/ui/page-link'

/**
 * The auth layout's logo link: to the provider's marketing site when one is configured,
 * otherwise to `/` (the welcome screen) like the logo of every other layout.
 */
export function AuthLogoLink({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useLingui()
  if (MARKETING_URL) {
    return (
      <a href={MARKETING_URL} className={className} aria-label={t`TBR website`}>
        {children}
      </a>
    )
  }
  return (
    <PageLink to="/" className={className} aria-label={t`TBR home`}>
      {children}
    </PageLink>
  )
}
