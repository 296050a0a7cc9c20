import { createFileRoute, redirect } from '@tanstack/react-router'
import { FirstBooksStep } from '~/client/features/books/components/first-books-step'
import { AccountLinkStep } from '~/client/features/custom-url/components/account-link-step'
import { ChooseUrlStep } from '~/client/features/custom-url/components/choose-url-step'
import { WelcomePage } from '~/client/features/welcome/welcome-page'
// The page helper only: the wizard itself loads with the route's component chunk.
import { parsePage } from '~/client/ui/onboarding-wizard/page'

// /welcome: the onboarding wizard, driven by the query parameter `page` (from 1). An
// absent page is page 1 and stays out of the URL. Done means done: a user who finished or
// skipped it (onboarded) goes to the dashboard instead.
export const Route = createFileRoute('/_app/welcome')({
  validateSearch: (search: Record<string, unknown>): { page?: number } =>
    search.page === undefined ? {} : { page: parsePage(search.page) },
  beforeLoad: ({ context }) => {
    if (context.user.onboarded) throw redirect({ to: '/dashboard', replace: true })
  },
  component: WelcomeRoute,
})

function WelcomeRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <WelcomePage
      page={page ?? 1}
      onPageChange={(next) => void navigate({ search: { page: next } })}
      navigate={(to) => navigate({ to })}
      urlStep={<ChooseUrlStep />}
      accountLinkStep={<AccountLinkStep />}
      booksStep={<FirstBooksStep page={page ?? 1} />}
    />
  )
}
