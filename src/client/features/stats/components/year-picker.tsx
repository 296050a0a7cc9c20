import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '~/client/ui/button'
import { GOAL_LIMITS } from '~/shared/schemas/goal'

const styles = {
  picker: css({ display: 'flex', alignItems: 'center', gap: '2' }),
  select: css({ layerStyle: 'input', w: 'auto', minW: '6.5rem', fontVariantNumeric: 'tabular-nums' }),
}

/**
 * The year /stats shows: the years with finished books (or a goal) to pick from, and previous /
 * next buttons that step one year at a time, so every past year is reachable (`?year=`).
 */
export function YearPicker({ year, years, last }: { year: number; years: number[]; last: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const go = (y: number) => void navigate({ to: '/stats', search: { year: y } })
  const options = years.includes(year) ? years : [...years, year].sort((a, b) => b - a)
  return (
    <div className={styles.picker}>
      <Button
        variant="outline"
        size="sm"
        aria-label={t`Previous year`}
        disabled={year <= GOAL_LIMITS.firstYear}
        onClick={() => go(year - 1)}
      >
        <ChevronLeft aria-hidden size={16} />
      </Button>
      <select
        className={styles.select}
        aria-label={t`Year`}
        name="year"
        value={year}
        onChange={(e) => go(Number(e.currentTarget.value))}
      >
        {options.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <Button
        variant="outline"
        size="sm"
        aria-label={t`Next year`}
        disabled={year >= last}
        onClick={() => go(year + 1)}
      >
        <ChevronRight aria-hidden size={16} />
      </Button>
    </div>
  )
}
