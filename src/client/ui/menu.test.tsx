// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import * as Menu from './menu'

// Menu type-ahead resets after 1000 ms; a sub-menu opens after 100 ms of hover and
// stays 300 ms after the pointer leaves (the rules themselves: timing.test.ts).
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})
const tick = (ms: number) => act(async () => vi.advanceTimersByTime(ms))

function UserLikeMenu() {
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger>Open</Menu.Trigger>
      <Menu.Content aria-label="User menu">
        <Menu.Item value="profile">Edit Account</Menu.Item>
        <Menu.Submenu>
          <Menu.TriggerItem>Language</Menu.TriggerItem>
          <Menu.Content aria-label="Languages">
            <Menu.Item value="en">English</Menu.Item>
            <Menu.Item value="es">Español</Menu.Item>
          </Menu.Content>
        </Menu.Submenu>
        <Menu.Item value="help">Help</Menu.Item>
        <Menu.Item value="theme">Light mode</Menu.Item>
        <Menu.Item value="signout">Sign out</Menu.Item>
      </Menu.Content>
    </Menu.Root>
  )
}

const highlighted = () => document.querySelector('[data-part=content][aria-label="User menu"] [data-highlighted]')?.textContent
const menuContent = () => document.querySelector<HTMLElement>('[data-part=content][aria-label="User menu"]')!
const type = (key: string) => act(async () => fireEvent.keyDown(menuContent(), { key }))

test('type-ahead: letters typed within 1000 ms form one search; after a 1000 ms pause a new one starts', async () => {
  render(<UserLikeMenu />)
  await tick(20)
  await type('l')
  expect(highlighted()).toBe('Language')
  await tick(999)
  await type('i')
  expect(highlighted()).toBe('Light mode')
  await tick(1000)
  await type('h')
  expect(highlighted()).toBe('Help')
  await tick(1000)
  await type('s')
  expect(highlighted()).toBe('Sign out')
})

const subContent = () => document.querySelector<HTMLElement>('[data-part=content][aria-label="Languages"]')
const subOpen = () => subContent()?.getAttribute('data-state') === 'open' && !subContent()!.hidden

test('the language sub-menu opens 100 ms after hovering its item and closes 300 ms after leaving', async () => {
  render(<UserLikeMenu />)
  await tick(20)
  const trigger = screen.getByText('Language').closest<HTMLElement>('[data-part=trigger-item]')!
  await act(async () => fireEvent.pointerEnter(trigger, { pointerType: 'mouse' }))
  await tick(99)
  expect(subOpen()).toBe(false)
  await tick(1)
  expect(subOpen()).toBe(true)
  // Leaving towards the sub-menu: it stays through the grace, and while the pointer is in it.
  await act(async () => fireEvent.pointerLeave(trigger, { pointerType: 'mouse' }))
  await tick(200)
  expect(subOpen()).toBe(true)
  await act(async () => fireEvent.pointerEnter(subContent()!, { pointerType: 'mouse' }))
  await tick(1000)
  expect(subOpen()).toBe(true)
  await act(async () => fireEvent.pointerLeave(subContent()!, { pointerType: 'mouse' }))
  await tick(299)
  expect(subOpen()).toBe(true)
  await tick(1)
  expect(subOpen()).toBe(false)
})
