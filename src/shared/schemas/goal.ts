import * as v from 'valibot'

// A reading goal: a number of books for a year (decisions: the reader's year). Shared by the
// goal form, the sync engine's outbox and the API; messages are translation ids.

export const GOAL_LIMITS = { min: 1, max: 1000, firstYear: 1900, lastYear: 2100 } as const

export interface Goal {
  year: number
  books: number
}

/** The year in `PUT /api/goals/{year}`: four digits within a sane range. */
export const GoalYear = v.pipe(
  v.string('validation.goal.year.invalid'),
  v.regex(/^\d{4}$/, 'validation.goal.year.invalid'),
  v.transform(Number),
  v.minValue(GOAL_LIMITS.firstYear, 'validation.goal.year.invalid'),
  v.maxValue(GOAL_LIMITS.lastYear, 'validation.goal.year.invalid'),
)

/** The body of `PUT /api/goals/{year}`: `{ books }`, a whole number from 1 to 1000. */
export const GoalInput = v.strictObject(
  {
    books: v.pipe(
      v.number('validation.goal.books.invalid'),
      v.integer('validation.goal.books.invalid'),
      v.minValue(GOAL_LIMITS.min, 'validation.goal.books.invalid'),
      v.maxValue(GOAL_LIMITS.max, 'validation.goal.books.invalid'),
    ),
  },
  'validation.goal.books.invalid',
)
export type GoalInput = v.InferOutput<typeof GoalInput>

export const isGoalYear = (year: number) =>
  Number.isInteger(year) && year >= GOAL_LIMITS.firstYear && year <= GOAL_LIMITS.lastYear
