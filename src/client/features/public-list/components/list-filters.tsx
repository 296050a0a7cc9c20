import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { SearchBox } from '~/client/ui/search-box'
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
        <SearchBox
          id={searchId}
          name="q"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder={t`Title or author`}
        />
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
