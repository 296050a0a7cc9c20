import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { MARKETING_URL } from '~/client/lib/config'
import { useSession } from '~/client/lib/session'
import { buttonRecipe } from '~/client/ui/button'

const actions = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3' })

/**
 * Where a dead end leads (/404 has a link to the dashboard): the dashboard for a signed-in
 * reader; for a visitor, who has no dashboard, the product's home page (the
 * configured MARKETING_URL) and sign-in. `primary` makes the first link the page's main button.
 */
export function WayOutLinks({ primary = true, size = 'lg' }: { primary?: boolean; size?: 'md' | 'lg' }) {
  const { token } = useSession()
  const first = buttonRecipe({ size, variant: primary ? 'solid' : 'outline' })
  if (token) {
    return (
      <Link to="/dashboard" className={first}>
        <Trans>Go to the dashboard</Trans>
      </Link>
    )
  }
  // Without a marketing site the home page is `/`, which is sign-in itself: one link then.
  if (!MARKETING_URL) {
    return (
      <Link to="/signin" className={first}>
        <Trans>Sign in</Trans>
      </Link>
    )
  }
  return (
    <div className={actions}>
      <a href={MARKETING_URL} className={first}>
        <Trans>Go to the home page</Trans>
      </a>
      <Link to="/signin" className={buttonRecipe({ size, variant: 'outline' })}>
        <Trans>Sign in</Trans>
      </Link>
    </div>
  )
}
