import { Link, useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { hasFlag, type Flag } from '~/shared/permissions'
import * as Select from './select'

// Account layout: the secondary navigation is a dropdown on small screens and a vertical
// list on large ones; its entries show only with the user permission (and each entry's own flag);
// its selected value is the first three path segments.

export interface SecondaryNavEntry {
  label: string
  to: string
  /** The flag needed besides `user` (billing owner, users admin, keys developer). */
  permission?: Flag
  /**
   * An upgrade hint (the plan lacks what the entry needs), e.g. "Book Club":
   * the entry stays, names the plan, and links to `upgrade` when the reader may upgrade.
   */
  hint?: string
  upgrade?: { to: string; search: Record<string, string> }
}

/** '/account/apikeys/create' → '/account/apikeys' (the first three path segments). */
export function secondaryNavValue(pathname: string) {
  return pathname.split('/').slice(0, 3).join('/').replace(/\/$/, '') || '/'
}

/** The entries this role may see: none without the user flag, then each entry's own flag. */
export function visibleEntries<T extends { permission?: Flag }>(entries: T[], role: string | null | undefined): T[] {
  if (!hasFlag(role, 'user')) return []
  return entries.filter((e) => !e.permission || hasFlag(role, e.permission))
}

const styles = {
  list: css({ display: { base: 'none', lg: 'flex' }, flexDirection: 'column', gap: '0.5', listStyle: 'none', m: '0', p: '0' }),
  link: css({
    display: 'flex',
    alignItems: 'center',
    h: '9',
    px: '3',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    borderRadius: 'md',
    _hover: { bg: 'bg.muted', color: 'fg' },
    '&[data-selected]': { bg: 'accent.subtle', color: 'accent' },
  }),
  select: css({ display: { base: 'block', lg: 'none' } }),
  hint: css({
    ms: 'auto',
    fontSize: 'xs',
    fontWeight: 'semibold',
    px: '1.5',
    borderRadius: 'full',
    bg: 'warning.subtle',
    color: 'warning',
    whiteSpace: 'nowrap',
  }),
}

export interface SecondaryNavProps {
  entries: SecondaryNavEntry[]
  role: string | null | undefined
  pathname: string
  /** The accessible name of the navigation (and the dropdown's label). */
  label: string
}

export function SecondaryNav({ entries, role, pathname, label }: SecondaryNavProps) {
  const navigate = useNavigate()
  const shown = visibleEntries(entries, role)
  if (shown.length === 0) return null
  const value = secondaryNavValue(pathname)
  const collection = Select.optionsCollection(shown.map((e) => ({ value: e.to, label: e.hint ? `${e.label} (${e.hint})` : e.label })))
  return (
    <nav aria-label={label}>
      <div className={styles.select} data-testid="secondary-nav-select">
        <Select.Root
          collection={collection}
          value={shown.some((e) => e.to === value) ? [value] : []}
          onValueChange={(d) => {
            const to = d.value[0]
            const entry = shown.find((e) => e.to === to)
            if (entry?.upgrade) void navigate({ to: entry.upgrade.to, search: entry.upgrade.search as never })
            else if (to && to !== value) void navigate({ to })
          }}
        >
          <Select.Label className={css({ srOnly: true })}>{label}</Select.Label>
          <Select.Trigger />
          <Select.Content collection={collection} />
        </Select.Root>
      </div>
      <ul className={styles.list}>
        {shown.map((e) => (
          <li key={e.to}>
            {/* Selected by the first three segments, not by the router's own (fuzzy) match. */}
            <Link
              to={e.upgrade?.to ?? e.to}
              search={e.upgrade?.search as never}
              className={styles.link}
              activeOptions={{ exact: true }}
              aria-current={e.to === value ? 'page' : undefined}
              data-selected={e.to === value ? '' : undefined}
            >
              {e.label}
              {e.hint && <span className={styles.hint}>{e.hint}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
