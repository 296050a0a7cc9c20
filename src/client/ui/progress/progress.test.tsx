// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { Progress } from '.'

afterEach(cleanup)

test('a labelled progressbar with a maximum of 100', () => {
  render(<Progress.Root value={42} label="Reading goal" />)
  const bar = screen.getByRole('progressbar', { name: 'Reading goal' })
  expect(bar.getAttribute('aria-valuemax')).toBe('100')
  expect(bar.getAttribute('aria-valuemin')).toBe('0')
  expect(bar.getAttribute('aria-valuenow')).toBe('42')
  expect(screen.getByText('42%')).toBeTruthy()
})

test.each([
  [150, '100'],
  [100, '100'],
  [-5, '0'],
  [Number.NaN, '0'],
  [Number.POSITIVE_INFINITY, '0'],
])('value %s is clamped to %s', (value, expected) => {
  render(<Progress.Root value={value} label="Upload" />)
  expect(screen.getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow')).toBe(expected)
})

test('the range width follows the clamped value', () => {
  const { container } = render(<Progress.Root value={250} label="Goal" showValue={false} />)
  const range = container.querySelector('[data-part="range"]') as HTMLElement
  expect(range.style.width).toBe('100%')
  expect(screen.queryByText('100%')).toBeNull()
})

test('clampProgress', () => {
  expect(Progress.clampProgress(33.3)).toBe(33.3)
  expect(Progress.clampProgress(101)).toBe(100)
  expect(Progress.PROGRESS_MAX).toBe(100)
})
