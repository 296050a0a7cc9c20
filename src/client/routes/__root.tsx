import { Trans } from '@lingui/react/macro'
import { createRootRoute, Outlet } from '@tanstack/react-router'
import { css } from 'styled-system/css'

export const Route = createRootRoute({
  component: () => <Outlet />,
  notFoundComponent: () => (
    <main className={css({ p: '8', color: 'fg' })}>
      <Trans>Page not found</Trans>
    </main>
  ),
})
