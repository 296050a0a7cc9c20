import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'

export const Route = createFileRoute('/')({
  component: () => (
    <main className={css({ p: '8', color: 'fg', bg: 'bg' })}>
      <Trans>Sign in</Trans>
    </main>
  ),
})
