import { createFileRoute, notFound } from '@tanstack/react-router'
import { publicListQuery } from '~/client/features/public-list/api/public-list'
import { PublicListError } from '~/client/features/public-list/components/public-list-error'
import { PublicListPage } from '~/client/features/public-list/components/public-list-page'
import { couldBeSlug } from '~/client/features/public-list/list-model'
import { NotFoundPage } from '~/client/features/not-found/not-found-page'
import { WayOutLinks } from '~/client/features/not-found/way-out-links'
import { PublicLayout } from '~/client/layouts/public-layout'
import { queryClient } from '~/client/lib/query-client'

// Public route /{id}. Static routes (/dashboard, /signin, …) rank above this dynamic
// segment, so it only catches one-segment paths nothing else claims; a path that cannot be a
// slug, and a slug the server does not know, render the not-found page in place (any
// unknown path shows the 404 page). No session needed.
export const Route = createFileRoute('/$slug')({
  loader: async ({ params }) => {
    if (!couldBeSlug(params.slug)) throw notFound()
    const list = await queryClient.ensureQueryData(publicListQuery(params.slug))
    if (!list) throw notFound()
  },
  component: PublicRoute,
  notFoundComponent: NotFoundPage,
  errorComponent: PublicRouteError,
})

function PublicRoute() {
  const { slug } = Route.useParams()
  return (
    <PublicLayout>
      <PublicListPage slug={slug} />
    </PublicLayout>
  )
}

function PublicRouteError() {
  return (
    <PublicLayout>
      <PublicListError wayOut={<WayOutLinks primary={false} size="md" />} />
    </PublicLayout>
  )
}
