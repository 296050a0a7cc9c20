/**
 * The onboarding wizard is driven by the query parameter `page`, starting at 1. Reads the raw
 * search value (string or number); anything that is not a whole number ≥ 1 is page 1. Pages past
 * the last step are kept: the wizard shows "Nothing to show" for them.
 */
export function parsePage(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/** Onboarding shows one step per page. */
export const STEPS_PER_PAGE = 1

/** Finish or skip go to the given destination, /dashboard by default. */
export const DEFAULT_DESTINATION = '/dashboard'

/** Skip records this usage event (POST /api/event). */
export const CANCELLED_EVENT = 'cancelled_onboarding'
