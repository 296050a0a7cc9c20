import { useLingui } from '@lingui/react/macro'
import { memo, useMemo } from 'react'
import { css } from 'styled-system/css'
import * as Select from '~/client/ui/select'
import { LIST_SORTS, type ListSort } from '../labels'

const root = css({ minW: { md: '12rem' } })

/** The order of /books: Up next, date added, title, author, rating. Memoised: the list's page
 *  draws again on every search keystroke, the menu need not. */
export const SortSelect = memo(function SortSelect({
  value,
  onChange,
}: {
  value: ListSort
  onChange: (next: ListSort) => void
}) {
  const { t, i18n } = useLingui()
  const collection = useMemo(
    () => Select.optionsCollection(LIST_SORTS.map((s) => ({ value: s.value, label: i18n._(s.label) }))),
    // Again when the language changes: the i18n instance stays the same.
    [i18n, i18n.locale],
  )
  return (
    <Select.Root
      className={root}
      collection={collection}
      name="sort"
      value={[value]}
      onValueChange={(e) => {
        const next = e.value[0] as ListSort | undefined
        if (next) onChange(next)
      }}
    >
      <Select.Label className={css({ srOnly: true })}>{t`Sort by`}</Select.Label>
      <Select.Trigger aria-label={t`Sort by`} />
      <Select.Content collection={collection} />
      <Select.HiddenSelect />
    </Select.Root>
  )
})
