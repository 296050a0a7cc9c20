// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, expect, test } from 'vitest'
import { StatCard } from '.'

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

test('value, label, change, icon and description', () => {
  const { container } = render(
    <StatCard.Root value="1,204" label="TBR views" change="+12%" icon="eye" description="tbr.example/ada" />,
    { wrapper },
  )
  const card = screen.getByRole('region', { name: 'TBR views' })
  expect(within(card).getByText('1,204')).toBeTruthy()
  expect(within(card).getByText('+12%')).toBeTruthy()
  expect(within(card).getByText('tbr.example/ada')).toBeTruthy()
  expect(container.querySelector('svg.lucide-eye')).not.toBeNull()
})

test('a minus prefix shows a red down arrow with accessible text', () => {
  render(<StatCard.Root value="8" label="Books" change="-3" />, { wrapper })
  const arrow = screen.getByRole('img', { name: 'Decrease' })
  expect(arrow.getAttribute('class')).toContain('lucide-arrow-down')
  expect(arrow.closest('p')?.className).toContain('c_danger')
  expect(screen.queryByRole('img', { name: 'Increase' })).toBeNull()
})

test('anything else shows a green up arrow with accessible text', () => {
  for (const change of ['+5%', '5', '0', 7]) {
    render(<StatCard.Root value="8" label="Books" change={change} />, { wrapper })
    const arrow = screen.getByRole('img', { name: 'Increase' })
    expect(arrow.getAttribute('class')).toContain('lucide-arrow-up')
    expect(arrow.closest('p')?.className).toContain('c_success')
    cleanup()
  }
})

test('isDecrease reads the minus prefix, including U+2212 and negative numbers', () => {
  expect(StatCard.isDecrease('-1')).toBe(true)
  expect(StatCard.isDecrease(' −4%')).toBe(true)
  expect(StatCard.isDecrease(-2)).toBe(true)
  expect(StatCard.isDecrease('+1')).toBe(false)
  expect(StatCard.isDecrease('1-2')).toBe(false)
  expect(StatCard.isDecrease(0)).toBe(false)
})

test('without a change no arrow is drawn; children render as actions', () => {
  render(
    <StatCard.Root value="ada" label="Custom URL">
      <a href="/account/url">edit</a>
    </StatCard.Root>,
    { wrapper },
  )
  expect(screen.queryByRole('img')).toBeNull()
  expect(screen.getByRole('link', { name: 'edit' })).toBeTruthy()
})

test('a change note (nothing to compare with) is the green pill without an arrow', () => {
  render(<StatCard.Root value="2" label="TBR views" changeNote="new" />, { wrapper })
  const card = screen.getByRole('region', { name: 'TBR views' })
  expect(within(card).getByText('new').className).toContain('c_success')
  expect(within(card).queryByRole('img')).toBeNull()
  cleanup()
  render(<StatCard.Root value="2" label="TBR views" change="+5%" changeNote="new" />, { wrapper })
  expect(screen.queryByText('new')).toBeNull()
  expect(screen.getByRole('img', { name: 'Increase' })).toBeTruthy()
})
