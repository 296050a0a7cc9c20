import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { pendingRedirect } from '~/client/lib/session/redirect'
import { useOnline } from '~/client/lib/use-online'
import { buttonRecipe } from '~/client/ui/button-recipe'

// /signin: one button per configured provider, none when none is configured.
// Each is a link the browser follows to the server, which sends it on to the provider; it comes
// back to /signin/social. Offline the links are shown disabled. The providers are
// the app's query (routes/_auth.signin.tsx) or the server-rendered page's data (src/client/public).

export interface SocialProvider {
  id: string
  name: string
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: 0, m: 0 })

export function SocialButtonsView({ providers, redirect }: { providers: SocialProvider[]; redirect?: string }) {
  const online = useOnline()
  if (providers.length === 0) return null
  return (
    <ul className={list}>
      {providers.map((p) => (
        <li key={p.id}>
          <a
            href={`/api/auth/social/${encodeURIComponent(p.id)}`}
            className={buttonRecipe({ variant: 'outline', fullWidth: true })}
            aria-disabled={!online || undefined}
            data-disabled={!online ? '' : undefined}
            onClick={(e) => {
              if (!online) e.preventDefault()
              // The sign-in ends on /signin/social, which goes on to where the reader was going.
              else pendingRedirect.set(redirect)
            }}
          >
            <Trans>Continue with {p.name}</Trans>
          </a>
        </li>
      ))}
    </ul>
  )
}
