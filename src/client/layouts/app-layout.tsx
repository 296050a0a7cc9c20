import { Outlet } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { SyncBadge } from '~/client/features/books/components/sync-badge'
import { PageTransition } from './page-transition'
import { Shell } from './shell'

const content = css({ maxW: '5xl', mx: 'auto' })

/** The plain dashboard layout: the rail and menu around the page. */
export function AppLayout() {
  return (
    <Shell>
      <SyncBadge />
      <PageTransition className={content}>
        <Outlet />
      </PageTransition>
    </Shell>
  )
}
