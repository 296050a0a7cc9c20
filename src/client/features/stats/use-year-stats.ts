import { useMemo } from 'react'
import { knownBooks, useBooks, useGoals, useListCount } from '~/client/sync'
import { finishedYears, localToday, yearStats, type YearStats } from './year-stats'

/** Today's local day; the current year is read from it (the reader's time zone). */
export const today = () => localToday(new Date())
export const currentYear = () => Number(today().slice(0, 4))

/**
 * The reader's year from Dexie, live: recomputed after every local change and applied pull.
 * `years`: the years that have finished books or a goal, and this year, newest first. 'arriving'
 * while the account's books and goals are still on their way to this device (its first sync: a
 * year of nothing read, and no goal, would be false); undefined while loading.
 */
export function useYearStats(
  year: number,
): { stats: YearStats; years: number[]; goal: number | null } | 'arriving' | undefined {
  const counted = useListCount()
  const books = knownBooks(useBooks(), counted)
  const goals = useGoals()
  const arriving = counted?.arriving
  return useMemo(() => {
    if (arriving) return 'arriving'
    if (!books || !goals) return undefined
    const goal = goals.find((g) => g.year === year)?.books ?? null
    const years = new Set([currentYear(), ...finishedYears(books), ...goals.map((g) => g.year)])
    return {
      stats: yearStats(books, year, goal, today()),
      years: [...years].sort((a, b) => b - a),
      goal,
    }
  }, [books, goals, year, arriving])
}
