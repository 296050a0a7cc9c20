import { Pagination } from '@ark-ui/react/pagination'
import { Trans, useLingui } from '@lingui/react/macro'
import { Check, ChevronLeft, ChevronRight } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { send } from '~/client/lib/http'
import { Button } from '~/client/ui/button'
import { paginationRecipe, wizardRecipe } from './onboarding-wizard.recipe'
import { CANCELLED_EVENT, DEFAULT_DESTINATION, parsePage, STEPS_PER_PAGE } from './page'

export { CANCELLED_EVENT, DEFAULT_DESTINATION, parsePage, STEPS_PER_PAGE }

export interface Step {
  /** Stable key; defaults to the step's position. */
  id?: string
  name: ReactNode
  description: ReactNode
  content: ReactNode
}

export interface RootProps {
  steps: Step[]
  /**
   * The 1-based `page` query parameter. The wizard does not read the URL itself, so it
   * works with any router: the route validates the search with `parsePage` and passes it here.
   */
  page: number
  /** Called with the page to show; the route writes it back to `?page=`. */
  onPageChange: (page: number) => void
  /** Leaves the wizard (finish or skip), e.g. TanStack Router's `(to) => navigate({ to })`. */
  navigate: (to: string) => void | Promise<void>
  /** Where finish and skip go; /dashboard by default. */
  destination?: string
  /** When on, `onSave` marks the user onboarded before leaving. */
  save?: boolean
  /**
   * Marks the user onboarded (the screen's PATCH /api/user { onboarded: true }). If it rejects, the
   * wizard stays where it is; reporting the failure is the callback's job.
   */
  onSave?: () => Promise<void> | void
  className?: string
}

/**
 * The onboarding wizard: steps listed on the left with ticks, one step per page,
 * Previous / numbered pages / Next, Skip always present, Finish on the last step. The controls
 * are only those that lead somewhere: no Previous on the first step, no Next on the last (Finish
 * is there) or past it, and no pages at all for a single step.
 *
 * Route usage (TanStack Router):
 *   validateSearch: (s) => ({ page: OnboardingWizard.parsePage(s.page) })
 *   <OnboardingWizard.Root page={page} onPageChange={(p) => navigate({ search: { page: p } })}
 *     navigate={(to) => navigate({ to })} save onSave={markOnboarded} steps={…} />
 */
export function Root({
  steps,
  page: rawPage,
  onPageChange,
  navigate,
  destination = DEFAULT_DESTINATION,
  save = false,
  onSave,
  className,
}: RootProps) {
  const { t } = useLingui()
  const styles = wizardRecipe()
  const pager = paginationRecipe()
  const [leaving, setLeaving] = useState(false)
  const id = useId()
  const page = parsePage(rawPage)
  const count = steps.length
  const outOfRange = page > count
  const isLast = !outOfRange && page === count
  // Past the end the step list and the numbers lead back; Previous would only step to page - 1.
  const hasPrevious = page > 1 && !outOfRange
  const hasNext = page < count

  async function leave(kind: 'finish' | 'skip') {
    if (leaving) return
    setLeaving(true)
    try {
      // When the save option is on, the user is first marked onboarded.
      if (save) await onSave?.()
    } catch {
      setLeaving(false)
      return
    }
    if (kind === 'skip') {
      // Skip records a cancelled-onboarding event. A usage event must never keep the
      // reader in the wizard (offline, server down), so it is sent without waiting for it.
      send('post', 'event', { name: CANCELLED_EVENT }).catch((error: unknown) =>
        console.warn('cancelled_onboarding event not recorded', error),
      )
    }
    try {
      await navigate(destination)
    } finally {
      setLeaving(false)
    }
  }

  return (
    <div className={cx(styles.root, className)}>
      {/* Our own list rather than Ark's Steps: Zag's tablist puts aria-current on the items
          between role="tablist" and its tabs, which assistive tech and axe reject. Here each step
          is a button in an ordered list, the current one marked aria-current="step". */}
      <nav aria-label={t`Onboarding steps`}>
        <ol className={styles.list}>
          {steps.map((step, index) => {
            const current = index + 1 === page
            return (
              <li key={step.id ?? index} className={styles.item}>
                <button
                  type="button"
                  className={styles.trigger}
                  aria-current={current ? 'step' : undefined}
                  aria-controls={`${id}-step-${index}`}
                  onClick={() => onPageChange(index + 1)}
                >
                  {/* A green tick for the current and earlier steps; a later step shows
                      its number, not a grey tick that reads as "done". */}
                  <span className={styles.tick} data-reached={index + 1 <= page ? '' : undefined} aria-hidden="true">
                    {index + 1 <= page ? <Check size={14} strokeWidth={3} /> : index + 1}
                  </span>
                  <span id={`${id}-name-${index}`} className={styles.name}>
                    {step.name}
                  </span>
                  <span className={styles.description}>{step.description}</span>
                </button>
              </li>
            )
          })}
        </ol>
      </nav>

      <div className={styles.main}>
        {steps.map((step, index) => (
          <section
            key={step.id ?? index}
            id={`${id}-step-${index}`}
            aria-labelledby={`${id}-name-${index}`}
            hidden={index + 1 !== page}
            className={styles.content}
          >
            {step.content}
          </section>
        ))}
        {outOfRange && (
          <p role="status" className={styles.empty}>
            <Trans>Nothing to show</Trans>
          </p>
        )}

        <div className={styles.footer}>
          {count > 1 && (
            <Pagination.Root
              count={count}
              pageSize={STEPS_PER_PAGE}
              page={page}
              onPageChange={(details) => onPageChange(details.page)}
              siblingCount={1}
              translations={{
                rootLabel: t`Onboarding pages`,
                // The names contain the visible words (WCAG 2.5.3 label in name).
                prevTriggerLabel: t`Previous page`,
                nextTriggerLabel: t`Next page`,
                itemLabel: ({ page: step, totalPages: steps }) => t`Step ${step} of ${steps}`,
              }}
              className={pager.root}
            >
              {hasPrevious && (
                <Pagination.PrevTrigger className={pager.prevTrigger}>
                  <ChevronLeft aria-hidden="true" size={16} />
                  <Trans>Previous</Trans>
                </Pagination.PrevTrigger>
              )}
              <Pagination.Context>
                {(api) =>
                  api.pages.map((item, index) =>
                    item.type === 'page' ? (
                      <Pagination.Item key={item.value} {...item} className={pager.item}>
                        {item.value}
                      </Pagination.Item>
                    ) : (
                      <Pagination.Ellipsis key={`ellipsis-${index}`} index={index} className={pager.ellipsis}>
                        &#8230;
                      </Pagination.Ellipsis>
                    ),
                  )
                }
              </Pagination.Context>
              {hasNext && (
                <Pagination.NextTrigger className={pager.nextTrigger}>
                  <Trans>Next</Trans>
                  <ChevronRight aria-hidden="true" size={16} />
                </Pagination.NextTrigger>
              )}
            </Pagination.Root>
          )}
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => leave('skip')} disabled={leaving}>
              <Trans>Skip</Trans>
            </Button>
            {isLast && (
              <Button onClick={() => leave('finish')} loading={leaving}>
                <Trans>Finish</Trans>
              </Button>
            )}
          </div>
        </div>
      </div>
    </div>
  )
}
