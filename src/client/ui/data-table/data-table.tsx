import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { Icon } from '../icon'
import { Badge } from './badge'
import { dataTableRecipe } from './data-table.recipe'
import { cellText, nextSort, searchRows, sortRows, type Column, type Row, type SortState } from './model'
import { RowActions, type RowAction } from './row-actions'
import { Cell } from './cell'

export { Badge, cellText, nextSort, searchRows, sortRows }
export type { BadgeProps } from './badge'
export type { BadgeValue, BadgeVariant, Column, Row, SortDirection, SortState } from './model'
export type { RowAction }

/** A toolbar action; by default it acts on the selected rows and is disabled while none are. */
export interface GlobalAction<T> {
  label: string
  onSelect: (selected: T[]) => void
  /** Default true. False for actions like "Add user" that need no selection. */
  requiresSelection?: boolean
  icon?: Icon.IconName
  variant?: 'default' | 'primary' | 'danger'
}

export interface RootProps<T extends Row> {
  rows: readonly T[]
  columns: readonly Column<T>[]
  /** Accessible name of the table, e.g. "API keys". */
  label: string
  /** Names a row in per-row controls ("Select Emma"); default: the first column's text, else the id. */
  rowLabel?: (row: T) => string
  /** Show the search box (default true). */
  searchable?: boolean
  selectable?: boolean
  onSelectionChange?: (selected: T[]) => void
  rowActions?: (row: T) => RowAction[]
  actions?: readonly GlobalAction<T>[]
  defaultSort?: SortState
  /** Replaces the empty-state message when there are no rows at all (e.g. a blank slate). */
  empty?: ReactNode
  className?: string
}

/**
 * The data table: search, sortable columns (repeated clicks toggle asc/desc), row
 * selection with "N of M rows selected", row action menus, global actions, badges, an empty state
 * (global.table.empty) and timestamps as YYYY-MM-DD HH:MM:SS. Selection counts the rows
 * the search leaves visible, and global actions act on those.
 */
export function Root<T extends Row>(props: RootProps<T>) {
  const { rows, columns, label, searchable = true, selectable = false, rowActions, actions = [] } = props
  const { t, i18n } = useLingui()
  const styles = dataTableRecipe()
  const searchId = useId()
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<SortState | null>(props.defaultSort ?? null)
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set())

  const visible = useMemo(() => {
    const found = searchRows(rows, columns, query)
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined
    return column && sort ? sortRows(found, column, sort.direction, i18n.locale) : found
  }, [rows, columns, query, sort, i18n.locale])

  const selected = visible.filter((row) => selectedIds.has(row.id))
  const allSelected = visible.length > 0 && selected.length === visible.length
  const someSelected = selected.length > 0 && !allSelected

  const selectAllRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected
  }, [someSelected])

  const rowLabel = (row: T) => props.rowLabel?.(row) || (columns[0] ? cellText(columns[0], row) : '') || row.id

  function changeSelection(next: ReadonlySet<string>) {
    setSelectedIds(next)
    props.onSelectionChange?.(visible.filter((row) => next.has(row.id)))
  }
  function toggleRow(id: string) {
    const next = new Set(selectedIds)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    changeSelection(next)
  }
  function toggleAll() {
    const next = new Set(selectedIds)
    for (const row of visible) {
      if (allSelected) next.delete(row.id)
      else next.add(row.id)
    }
    changeSelection(next)
  }
  function runAction(action: GlobalAction<T>) {
    action.onSelect(selected)
    // The selection was "used up" by the action (delete, revoke…); keep it for add-style actions.
    if (action.requiresSelection !== false) changeSelection(new Set())
  }

  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)
  // Shown under the first column on a phone, where they are not columns of their own.
  const stacked = columns.filter((column, index) => index > 0 && column.hideBelow)
  const emptyMessage = t({ id: 'global.table.empty', message: 'No results found' })
  const total = visible.length
  const count = selected.length

  return (
    <div className={cx(styles.root, props.className)}>
      {(searchable || actions.length > 0) && (
        <div className={styles.toolbar}>
          {searchable && (
            <div>
              <label htmlFor={searchId} className={styles.searchLabel}>
                <Trans>Search {label}</Trans>
              </label>
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t`Search…`}
                className={styles.searchInput}
                autoComplete="off"
              />
            </div>
          )}
          {actions.length > 0 && (
            <div className={styles.actions} role="group" aria-label={t`Table actions`}>
              {actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className={styles.action}
                  data-variant={action.variant && action.variant !== 'default' ? action.variant : undefined}
                  disabled={action.requiresSelection !== false && count === 0}
                  onClick={() => runAction(action)}
                >
                  {action.icon && <Icon.Root name={action.icon} size="sm" />}
                  {action.label}
                </button>
              ))}
            </div>
          )}
        </div>
      )}

      <div className={styles.scroller}>
        <table className={styles.table} aria-label={label}>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className={cx(styles.headerCell, styles.selectCell)}>
                  <input
                    ref={selectAllRef}
                    type="checkbox"
                    className={styles.checkbox}
                    checked={allSelected}
                    onChange={toggleAll}
                    disabled={total === 0}
                    aria-label={t`Select all rows`}
                  />
                </th>
              )}
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : null
                const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ChevronsUpDown
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={styles.headerCell}
                    data-align={column.align}
                    data-hide-below={column.hideBelow}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                  >
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => setSort((s) => nextSort(s, column.key))}
                      >
                        {column.header}
                        <SortIcon aria-hidden="true" size={14} />
                      </button>
                    )}
                  </th>
                )
              })}
              {rowActions && (
                <th scope="col" className={styles.headerCell}>
                  <span className={styles.searchLabel}>
                    <Trans>Actions</Trans>
                  </span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className={styles.empty}>
                  {rows.length === 0 && props.empty ? props.empty : emptyMessage}
                </td>
              </tr>
            ) : (
              visible.map((row) => {
                const name = rowLabel(row)
                const isSelected = selectedIds.has(row.id)
                return (
                  <tr key={row.id} className={styles.row} data-selected={isSelected ? '' : undefined}>
                    {selectable && (
                      <td className={styles.selectCell}>
                        <input
                          type="checkbox"
                          className={styles.checkbox}
                          checked={isSelected}
                          onChange={() => toggleRow(row.id)}
                          aria-label={t`Select ${name}`}
                        />
                      </td>
                    )}
                    {columns.map((column, index) => (
                      <td
                        key={column.key}
                        className={styles.cell}
                        data-align={column.align}
                        data-hide-below={column.hideBelow}
                        data-type={column.type ?? 'text'}
                      >
                        <Cell column={column} row={row} />
                        {index === 0 && stacked.length > 0 && (
                          <span className={styles.stacked}>
                            {stacked.map((c) => (
                              <span key={c.key} className={styles.stackedItem}>
                                {c.type !== 'badge' && `${c.header}: `}
                                <Cell column={c} row={row} />
                              </span>
                            ))}
                          </span>
                        )}
                      </td>
                    ))}
                    {rowActions && (
                      <td className={styles.cell} data-align="end">
                        <RowActions label={t`Actions for ${name}`} actions={rowActions(row)} />
                      </td>
                    )}
                  </tr>
                )
              })
            )}
          </tbody>
        </table>
      </div>

      {selectable && (
        <p className={styles.footer} role="status">
          <Plural value={total} one={`${count} of # row selected`} other={`${count} of # rows selected`} />
        </p>
      )}
    </div>
  )
}
