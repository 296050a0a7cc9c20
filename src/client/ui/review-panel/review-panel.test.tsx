// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { ReviewPanel } from '.'

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

const text = 'A long review. '.repeat(200)

test('starts collapsed with a clipped preview and a labelled toggle', () => {
  render(<ReviewPanel.Root>{text}</ReviewPanel.Root>, { wrapper })
  const toggle = screen.getByRole('button', { name: 'Show more' })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  const region = screen.getByRole('region', { name: 'Review' })
  expect(toggle.getAttribute('aria-controls')).toBe(region.id)
  // The preview stays readable (not hidden), clipped to the collapsed height.
  expect(region.hasAttribute('hidden')).toBe(false)
  expect(region.style.maxHeight).toBe('96px')
  expect(region.getAttribute('data-state')).toBe('closed')
  expect(region.className).not.toContain('max-h_600px')
})

test('the toggle expands and collapses; aria-expanded follows', async () => {
  const onOpenChange = vi.fn()
  render(<ReviewPanel.Root onOpenChange={onOpenChange}>{text}</ReviewPanel.Root>, { wrapper })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })))
  const less = screen.getByRole('button', { name: 'Show less' })
  expect(less.getAttribute('aria-expanded')).toBe('true')
  const region = screen.getByRole('region', { name: 'Review' })
  expect(region.style.maxHeight).toBe('')
  expect(region.className).toContain('max-h_600px')
  expect(region.tabIndex).toBe(0)
  expect(onOpenChange).toHaveBeenLastCalledWith(true)
  await act(async () => fireEvent.click(less))
  expect(screen.getByRole('button', { name: 'Show more' }).getAttribute('aria-expanded')).toBe('false')
  expect(onOpenChange).toHaveBeenLastCalledWith(false)
})

test('expanded, the panel is at most 600px high and scrolls', () => {
  render(
    <ReviewPanel.Root defaultOpen label="Your review">
      {text}
    </ReviewPanel.Root>,
    { wrapper },
  )
  const region = screen.getByRole('region', { name: 'Your review' })
  // The recipe's atomic classes carry the limit for the open state.
  expect(region.className).toContain('max-h_600px')
  expect(region.className).toContain('ov-y_auto')
  expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
  expect(ReviewPanel.REVIEW_PANEL_MAX_HEIGHT).toBe(600)
})

test('a custom collapsed height', () => {
  render(<ReviewPanel.Root collapsedHeight={48}>{text}</ReviewPanel.Root>, { wrapper })
  expect(screen.getByRole('region', { name: 'Review' }).style.maxHeight).toBe('48px')
})
