import { Trans } from '@lingui/react/macro'
import { BookOpen } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { PublicLink } from '~/client/features/public-list/components/public-link'
import { buttonRecipe } from '~/client/ui/button-recipe'
import { TopBarShell } from './top-bar-shell'

// Public layout (/{slug}): a simple header with the logo linking to /, no rail;
// a signed-in visitor also gets the way back to their own list. Drawn the same by the app's
// route and by the server-rendered page (src/client/public), which supply the language switch.
const end = css({ display: 'flex', alignItems: 'center', gap: '2' })

export function PublicLayoutView({
  signedIn,
  localeSwitch,
  children,
}: {
  signedIn: boolean
  localeSwitch: ReactNode
  children: ReactNode
}) {
  return (
    <TopBarShell
      homeLink={PublicLink}
      width="6xl"
      end={
        <div className={end}>
          {signedIn && (
            <PublicLink to="/books" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
              <BookOpen aria-hidden size={16} />
              <Trans>My books</Trans>
            </PublicLink>
          )}
          {localeSwitch}
        </div>
      }
    >
      {children}
    </TopBarShell>
  )
}
