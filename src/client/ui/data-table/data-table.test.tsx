// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { DataTable } from '.'

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

interface Key extends DataTable.Row {
  name: string
  active: boolean
  created: string
}

const keys: Key[] = [
  { id: 'k1', name: 'Reader app', active: true, created: '2024-03-07T05:04:09Z' },
  { id: 'k2', name: 'Backup', active: false, created: '2023-11-30T23:00:00Z' },
  { id: 'k3', name: 'CI bot', active: true, created: '2025-01-15T12:30:45Z' },
]

const columns: DataTable.Column<Key>[] = [
  { key: 'name', header: 'Name', value: (k) => k.name },
  {
    key: 'active',
    header: 'Status',
    type: 'badge',
    value: (k) => (k.active ? { label: 'Active', variant: 'success' } : { label: 'Revoked', variant: 'danger' }),
  },
  { key: 'created', header: 'Created', type: 'datetime', value: (k) => k.created },
]

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[row.querySelector('input[type=checkbox]') ? 1 : 0]?.textContent)

function setup(props: Partial<DataTable.RootProps<Key>> = {}) {
  return render(<DataTable.Root rows={keys} columns={columns} label="API keys" {...props} />, { wrapper })
}

test('a labelled table with a header per column and a row per item', () => {
  setup()
  const table = screen.getByRole('table', { name: 'API keys' })
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Status', 'Created'])
  expect(names()).toEqual(['Reader app', 'Backup', 'CI bot'])
})

test('the search box filters rows by any column, including badge text', () => {
  setup()
  const search = screen.getByRole('searchbox', { name: 'Search API keys' })
  fireEvent.change(search, { target: { value: 'bot' } })
  expect(names()).toEqual(['CI bot'])
  fireEvent.change(search, { target: { value: 'revoked' } })
  expect(names()).toEqual(['Backup'])
  fireEvent.change(search, { target: { value: '' } })
  expect(names()).toHaveLength(3)
})

test('no matches shows the global.table.empty message', () => {
  setup()
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } })
  const cell = screen.getByText('No results found')
  expect(cell.tagName).toBe('TD')
  expect(cell.getAttribute('colspan')).toBe('3')
})

test('an empty table shows the message; a custom blank slate replaces it when there are no rows', () => {
  setup({ rows: [] })
  expect(screen.getByText('No results found')).toBeTruthy()
  cleanup()
  setup({ rows: [], empty: <span>No API keys yet</span> })
  expect(screen.getByText('No API keys yet')).toBeTruthy()
})

test('the empty message is the translation global.table.empty (Spanish catalog)', async () => {
  const { messages } = await import('../../i18n/locales/es/messages.po')
  i18n.load('es', messages as never)
  i18n.activate('es')
  try {
    setup({ rows: [] })
    expect(screen.getByText('No se encontraron resultados')).toBeTruthy()
    expect(screen.queryByText('No results found')).toBeNull()
    cleanup()
    setup({ selectable: true })
    expect(screen.getByRole('status').textContent).toBe('0 de 3 filas seleccionadas')
  } finally {
    i18n.activate('en')
  }
})

test('a column sorts ascending, then toggles descending and back on repeated clicks', async () => {
  setup()
  const header = () => screen.getByRole('columnheader', { name: /Name/ })
  const button = () => within(header()).getByRole('button', { name: 'Name' })
  expect(header().getAttribute('aria-sort')).toBeNull()
  await click(button())
  expect(header().getAttribute('aria-sort')).toBe('ascending')
  expect(names()).toEqual(['Backup', 'CI bot', 'Reader app'])
  await click(button())
  expect(header().getAttribute('aria-sort')).toBe('descending')
  expect(names()).toEqual(['Reader app', 'CI bot', 'Backup'])
  await click(button())
  expect(header().getAttribute('aria-sort')).toBe('ascending')
  expect(names()).toEqual(['Backup', 'CI bot', 'Reader app'])
})

test('another column starts ascending; timestamps sort by time', async () => {
  setup()
  await click(screen.getByRole('button', { name: 'Name' }))
  await click(screen.getByRole('button', { name: 'Name' }))
  await click(screen.getByRole('button', { name: 'Created' }))
  expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('ascending')
  expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull()
  expect(names()).toEqual(['Backup', 'Reader app', 'CI bot'])
})

test('a non-sortable column has no sort button', () => {
  setup({ columns: [{ ...columns[0]!, sortable: false }, columns[1]!] })
  expect(within(screen.getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull()
})

test('ISO timestamps are displayed as YYYY-MM-DD HH:MM:SS', () => {
  setup()
  const times = Array.from(document.querySelectorAll('time'))
  expect(times).toHaveLength(3)
  for (const time of times) {
    expect(time.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  }
  expect(times[0]?.getAttribute('datetime')).toBe('2024-03-07T05:04:09Z')
})

test('columns hidden on a phone are written under the first column there, and only there', () => {
  const phone = columns.map((c, i) => (i > 0 ? { ...c, hideBelow: 'md' as const } : c))
  setup({ columns: phone })
  const row = screen.getByRole('row', { name: /Backup/ })
  const [first, ...others] = within(row).getAllByRole('cell')
  // Each hidden column is a cell of its own (shown from md up) and a line under the name.
  expect(others.map((td) => td.getAttribute('data-hide-below'))).toEqual(['md', 'md'])
  const stacked = first!.querySelector('span')!
  expect(stacked.textContent).toBe('RevokedCreated: 2023-11-30 23:00:00')
  expect(stacked.className).toContain('d_flex')
  expect(stacked.className).toContain('md:d_none')
  // Without hidden columns the first cell is its value alone.
  cleanup()
  setup()
  expect(within(screen.getByRole('row', { name: /Backup/ })).getAllByRole('cell')[0]!.textContent).toBe('Backup')
})

test('badge cells show the label in their variant', () => {
  setup()
  const active = screen.getAllByText('Active')[0]!
  const revoked = screen.getByText('Revoked')
  expect(active.className).toContain('c_success')
  expect(revoked.className).toContain('c_danger')
  expect(revoked.className).toContain('bg_danger.subtle')
})

test('row selection shows "N of M rows selected"', async () => {
  const onSelectionChange = vi.fn()
  setup({ selectable: true, onSelectionChange })
  const status = screen.getByRole('status')
  expect(status.textContent).toBe('0 of 3 rows selected')
  await click(screen.getByRole('checkbox', { name: 'Select Backup' }))
  expect(status.textContent).toBe('1 of 3 rows selected')
  expect(onSelectionChange).toHaveBeenLastCalledWith([keys[1]])
  await click(screen.getByRole('checkbox', { name: 'Select CI bot' }))
  expect(status.textContent).toBe('2 of 3 rows selected')
  const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement
  expect(all.indeterminate).toBe(true)
  expect(all.checked).toBe(false)
  await click(all)
  expect(status.textContent).toBe('3 of 3 rows selected')
  expect(all.checked).toBe(true)
  expect(all.indeterminate).toBe(false)
  await click(all)
  expect(status.textContent).toBe('0 of 3 rows selected')
  await click(screen.getByRole('checkbox', { name: 'Select Backup' }))
  await click(screen.getByRole('checkbox', { name: 'Select Backup' }))
  expect(status.textContent).toBe('0 of 3 rows selected')
})

test('the count follows the search: M is the visible rows', async () => {
  setup({ selectable: true })
  await click(screen.getByRole('checkbox', { name: 'Select Backup' }))
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'p' } })
  expect(names()).toEqual(['Reader app', 'Backup'])
  expect(screen.getByRole('status').textContent).toBe('1 of 2 rows selected')
})

test('singular wording for a single row', () => {
  setup({ selectable: true, rows: [keys[0]!] })
  expect(screen.getByRole('status').textContent).toBe('0 of 1 row selected')
})

test('global actions receive the selected rows, are disabled without a selection, and clear it', async () => {
  const revoke = vi.fn()
  const add = vi.fn()
  setup({
    selectable: true,
    actions: [
      { label: 'Revoke', onSelect: revoke, variant: 'danger' },
      { label: 'New key', onSelect: add, requiresSelection: false, icon: 'plus', variant: 'primary' },
    ],
  })
  const group = screen.getByRole('group', { name: 'Table actions' })
  const revokeButton = within(group).getByRole('button', { name: 'Revoke' }) as HTMLButtonElement
  expect(revokeButton.disabled).toBe(true)
  expect((within(group).getByRole('button', { name: 'New key' }) as HTMLButtonElement).disabled).toBe(false)

  await click(screen.getByRole('checkbox', { name: 'Select Reader app' }))
  await click(screen.getByRole('checkbox', { name: 'Select CI bot' }))
  expect(revokeButton.disabled).toBe(false)
  await click(revokeButton)
  expect(revoke).toHaveBeenCalledWith([keys[0], keys[2]])
  expect(screen.getByRole('status').textContent).toBe('0 of 3 rows selected')

  await click(within(group).getByRole('button', { name: 'New key' }))
  expect(add).toHaveBeenCalledWith([])
})

test('row action menus: a labelled trigger per row opening an Ark menu whose items run', async () => {
  vi.useFakeTimers()
  try {
    const edit = vi.fn()
    const remove = vi.fn()
    setup({
      rowActions: (row) => [
        { label: 'Edit', onSelect: () => edit(row.id) },
        { label: 'Delete', onSelect: () => remove(row.id), danger: true },
      ],
    })
    const trigger = screen.getByRole('button', { name: 'Actions for Backup' })
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    await click(trigger)
    await act(async () => vi.advanceTimersByTime(20))
    const menu = screen.getByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Delete'])
    expect(items[1]?.getAttribute('data-variant')).toBe('danger')
    // A real click: pointer down then click (Zag highlights the item on pointer down).
    await act(async () => fireEvent.pointerDown(items[1]!, { pointerType: 'mouse' }))
    await click(items[1]!)
    expect(remove).toHaveBeenCalledWith('k2')
    expect(edit).not.toHaveBeenCalled()
  } finally {
    vi.useRealTimers()
  }
})

test('row menus open from the keyboard', async () => {
  vi.useFakeTimers()
  try {
    const edit = vi.fn()
    setup({ rowActions: (row) => [{ label: 'Edit', onSelect: () => edit(row.id) }] })
    const trigger = screen.getByRole('button', { name: 'Actions for CI bot' })
    trigger.focus()
    await act(async () => fireEvent.keyDown(trigger, { key: 'Enter' }))
    await act(async () => vi.advanceTimersByTime(20))
    const menu = screen.getByRole('menu')
    await act(async () => fireEvent.keyDown(menu, { key: 'ArrowDown' }))
    await act(async () => fireEvent.keyDown(menu, { key: 'Enter' }))
    await act(async () => vi.advanceTimersByTime(20))
    expect(edit).toHaveBeenCalledWith('k3')
  } finally {
    vi.useRealTimers()
  }
})

test('rowLabel names per-row controls', () => {
  setup({ selectable: true, rowLabel: (k) => `key ${k.id}` })
  expect(screen.getByRole('checkbox', { name: 'Select key k1' })).toBeTruthy()
})

test('searchable=false hides the search box', () => {
  setup({ searchable: false })
  expect(screen.queryByRole('searchbox')).toBeNull()
})
