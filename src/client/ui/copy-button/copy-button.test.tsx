// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { CopyButton } from '.'

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
let writeText: ReturnType<typeof vi.fn>
beforeEach(() => {
  vi.useFakeTimers()
  writeText = vi.fn().mockResolvedValue(undefined)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

const icon = (button: HTMLElement) => button.querySelector('svg')?.getAttribute('class') ?? ''

test('copies the value and shows the check icon for exactly 2000 ms, then the copy icon again', async () => {
  render(<CopyButton.Root value="https://tbr.example/ada" label="Copy public link" />, { wrapper })
  const button = screen.getByRole('button', { name: 'Copy public link' })
  expect(icon(button)).toContain('lucide-copy')

  await act(async () => fireEvent.click(button))
  expect(writeText).toHaveBeenCalledWith('https://tbr.example/ada')
  expect(icon(button)).toContain('lucide-check')
  expect(screen.getByRole('status').textContent).toBe('Copied')

  await act(async () => vi.advanceTimersByTime(CopyButton.COPY_CONFIRMATION_MS - 50))
  expect(icon(button)).toContain('lucide-check')

  await act(async () => vi.advanceTimersByTime(100))
  expect(icon(button)).toContain('lucide-copy')
  expect(screen.getByRole('status').textContent).toBe('')
})

test('the confirmation constant is the spec value', () => {
  expect(CopyButton.COPY_CONFIRMATION_MS).toBe(2000)
})

test('a default accessible name, keyboard operable, onCopy called', async () => {
  const onCopy = vi.fn()
  render(<CopyButton.Root value="abc" onCopy={onCopy} />, { wrapper })
  const button = screen.getByRole('button', { name: 'Copy' })
  expect(button.tagName).toBe('BUTTON')
  expect(button.getAttribute('type')).toBe('button')
  await act(async () => fireEvent.click(button))
  expect(onCopy).toHaveBeenCalledTimes(1)
})
