// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import * as Tooltip from './tooltip'

// Tooltips open after 700 ms; within 300 ms of one closing the next opens at once.
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(async () => vi.advanceTimersByTime(ms))
const tip = (name: string) => screen.queryByRole('tooltip', { name })

function Rail() {
  return (
    <>
      <Tooltip.Root content="Dashboard">
        <button type="button" aria-label="Dashboard" />
      </Tooltip.Root>
      <Tooltip.Root content="Account">
        <button type="button" aria-label="Account" />
      </Tooltip.Root>
    </>
  )
}

const enter = (name: string) => act(async () => fireEvent.pointerEnter(screen.getByRole('button', { name }), { pointerType: 'mouse' }))
const leave = (name: string) => act(async () => fireEvent.pointerLeave(screen.getByRole('button', { name }), { pointerType: 'mouse' }))

test('opens 700 ms after the pointer enters, not before; leaving hides it', async () => {
  render(<Rail />)
  await enter('Dashboard')
  await tick(699)
  expect(tip('Dashboard')).toBeNull()
  await tick(1)
  expect(tip('Dashboard')).not.toBeNull()
  await leave('Dashboard')
  await tick(50)
  expect(tip('Dashboard')).toBeNull()
})

test('leaving before the delay cancels it', async () => {
  render(<Rail />)
  await enter('Dashboard')
  await tick(400)
  await leave('Dashboard')
  await tick(1000)
  expect(tip('Dashboard')).toBeNull()
})

test('skip delay: the next tooltip within 300 ms opens at once; after that it waits again', async () => {
  render(<Rail />)
  await enter('Dashboard')
  await tick(700)
  await leave('Dashboard')
  await tick(200)
  await enter('Account')
  await tick(0)
  expect(tip('Account')).not.toBeNull()
  await leave('Account')
  await tick(301)
  await enter('Dashboard')
  await tick(600)
  expect(tip('Dashboard')).toBeNull()
  await tick(100)
  expect(tip('Dashboard')).not.toBeNull()
})

test('keyboard focus shows it at once as the trigger’s description; Escape hides it', async () => {
  render(<Rail />)
  const button = screen.getByRole('button', { name: 'Account' })
  await act(async () => button.focus())
  await tick(0)
  const shown = tip('Account')
  expect(shown).not.toBeNull()
  expect(button.getAttribute('aria-describedby')).toBe(shown!.id)
  await act(async () => fireEvent.keyDown(document, { key: 'Escape' }))
  await tick(50)
  expect(tip('Account')).toBeNull()
  expect(button.hasAttribute('aria-describedby')).toBe(false)
  expect(document.activeElement).toBe(button)
})
