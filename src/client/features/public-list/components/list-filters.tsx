import { useLingui } from '@lingui/react/macro'
import { Search } from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { isStatusFilter, STATUS_FILTERS, type StatusFilter } from '../list-model'
import { FILTER_LABEL } from './labels'
import { inputStyle } from '~/client/ui/input-style'

const field = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
}
const styles = {
  root: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) 12rem' },
    gap: '3',
    alignItems: 'end',
  }),
  searchBox: css({ position: 'relative' }),
  searchIcon: css({ position: 'absolute', insetStart: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' }),
  searchInput: css({ ...inputStyle, ps: '9' }),
  select: css({ ...inputStyle, cursor: 'pointer' }),
}

export interface ListFiltersProps {
  query: string
  onQueryChange: (query: string) => void
  status: StatusFilter
  onStatusChange: (status: StatusFilter) => void
}

/** spec §2 /{id}: a search box (title or author) and a status filter (Any, Not started, Reading, Finished). */
export function ListFilters({ query, onQueryChange, status, onStatusChange }: ListFiltersProps) {
  const { t, i18n } = useLingui()
  const searchId = useId()
  const statusId = useId()
  return (
    <div role="search" className={styles.root}>
      <div className={field.root}>
        <label htmlFor={searchId} className={field.label}>
          {t`Search books`}
        </label>
        <div className={styles.searchBox}>
          <Search aria-hidden size={16} className={styles.searchIcon} />
          <input
            id={searchId}
            type="search"
            name="q"
            value={query}
            onChange={(e) => onQueryChange(e.target.value)}
            placeholder={t`Title or author`}
            autoComplete="off"
            enterKeyHint="search"
            className={styles.searchInput}
          />
        </div>
      </div>
      <div className={field.root}>
        <label htmlFor={statusId} className={field.label}>
          {t`Status`}
        </label>
        <select
          id={statusId}
          name="status"
          value={status}
          onChange={(e) => isStatusFilter(e.target.value) && onStatusChange(e.target.value)}
          className={styles.select}
        >
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {i18n._(FILTER_LABEL[value])}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
