// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { Icon } from '.'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

test('renders a registered icon, decorative by default', () => {
  const { container } = render(<Icon.Root name="heart" />)
  const svg = container.querySelector('svg')
  expect(svg).not.toBeNull()
  expect(svg?.getAttribute('aria-hidden')).toBe('true')
  expect(svg?.getAttribute('class')).toContain('lucide-heart')
})

test('a labelled icon is an image with that name', () => {
  render(<Icon.Root name="book" label="Books" />)
  expect(screen.getByRole('img', { name: 'Books' })).toBeTruthy()
})

test('an unknown name logs that the icon was not found and renders nothing', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { container } = render(<Icon.Root name="no-such-icon" />)
  expect(container.innerHTML).toBe('')
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn.mock.calls[0]?.[0]).toContain('Icon not found')
  expect(warn.mock.calls[0]?.[0]).toContain('no-such-icon')
})

test('names inherited from Object.prototype are not icons', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { container } = render(<Icon.Root name="toString" />)
  expect(container.innerHTML).toBe('')
  expect(Icon.isIconName('toString')).toBe(false)
  expect(Icon.isIconName('heart')).toBe(true)
})
