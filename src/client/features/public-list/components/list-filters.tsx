import { useLingui } from '@lingui/react/macro'
import { Search } from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { FilterChips } from '~/client/ui/filter-chips'
import { STATUS_FILTERS, type StatusFilter } from '../list-model'
import { FILTER_LABEL } from './labels'

const field = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
}
const styles = {
  root: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) auto' },
    gap: { base: '4', lg: '6' },
    alignItems: 'end',
  }),
  searchBox: css({ position: 'relative' }),
  searchIcon: css({ position: 'absolute', insetStart: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' }),
  searchInput: css({ layerStyle: 'input', ps: '9' }),
}

export interface ListFiltersProps {
  query: string
  onQueryChange: (query: string) => void
  status: StatusFilter
  onStatusChange: (status: StatusFilter) => void
}

/**
 * /{id}: a search box (title or author) and a status filter (Any, Not started, Reading,
 * Finished): the kit's chips, the same control as the reader's own list (/books).
 */
export function ListFilters({ query, onQueryChange, status, onStatusChange }: ListFiltersProps) {
  const { t, i18n } = useLingui()
  const searchId = useId()
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
      <FilterChips
        legend={t`Status`}
        name="status"
        value={status}
        onValueChange={onStatusChange}
        options={STATUS_FILTERS.map((value) => ({ value, label: i18n._(FILTER_LABEL[value]) }))}
      />
    </div>
  )
}
