import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createHoverIntent,
  createTooltipGroup,
  createTypeahead,
  isTypeaheadKey,
  SUBMENU_CLOSE_GRACE,
  SUBMENU_OPEN_DELAY,
  TOOLTIP_OPEN_DELAY,
  TOOLTIP_SKIP_DELAY,
  TYPEAHEAD_RESET,
} from './timing'

// Tooltip 700 ms / skip 300 ms, menu type-ahead reset 1000 ms, sub-menu 100 ms / 300 ms.
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

test('the constants are the spec values', () => {
  expect([TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY, TYPEAHEAD_RESET, SUBMENU_OPEN_DELAY, SUBMENU_CLOSE_GRACE]).toEqual([700, 300, 1000, 100, 300])
})

describe('tooltip group', () => {
  test('the first tooltip waits 700 ms; another within 300 ms of a close opens at once', () => {
    const group = createTooltipGroup()
    expect(group.delay()).toBe(700)
    group.opened()
    expect(group.delay()).toBe(0) // one is showing
    group.closed()
    vi.advanceTimersByTime(299)
    expect(group.delay()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(group.delay()).toBe(700)
  })
})

describe('type-ahead', () => {
  const labels = ['Edit Account', 'Language', 'Help', 'Light mode', 'Sign out']
  test('typed characters build one search until a 1000 ms pause', () => {
    const ta = createTypeahead()
    expect(ta.key('l', labels, -1)).toBe(1)
    vi.advanceTimersByTime(999)
    expect(ta.key('i', labels, 1)).toBe(3) // "li" → Light mode
    expect(ta.search).toBe('li')
    vi.advanceTimersByTime(999)
    expect(ta.search).toBe('li')
    vi.advanceTimersByTime(1)
    expect(ta.search).toBe('')
    expect(ta.key('h', labels, 3)).toBe(2) // a new search: "h"
  })

  test('repeating one letter cycles through the items starting with it; no match is -1', () => {
    const ta = createTypeahead()
    expect(ta.key('l', labels, -1)).toBe(1)
    expect(ta.key('l', labels, 1)).toBe(3)
    expect(ta.key('l', labels, 3)).toBe(1)
    vi.advanceTimersByTime(1000)
    expect(ta.key('z', labels, 1)).toBe(-1)
  })

  test('only single printable characters without modifiers are type-ahead keys', () => {
    const k = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
      isTypeaheadKey({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods })
    expect(k('a')).toBe(true)
    expect(k('Á')).toBe(true)
    expect(k(' ')).toBe(false)
    expect(k('ArrowDown')).toBe(false)
    expect(k('a', { ctrlKey: true })).toBe(false)
    expect(k('a', { metaKey: true })).toBe(false)
  })
})

describe('sub-menu hover intent', () => {
  test('opens 100 ms after the pointer enters its trigger; leaving first cancels it', () => {
    const setOpen = vi.fn()
    const intent = createHoverIntent(setOpen)
    intent.enter(true, false)
    vi.advanceTimersByTime(99)
    expect(setOpen).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(setOpen).toHaveBeenCalledWith(true)

    setOpen.mockClear()
    const quick = createHoverIntent(setOpen)
    quick.enter(true, false)
    vi.advanceTimersByTime(50)
    quick.leave()
    vi.advanceTimersByTime(1000)
    expect(setOpen).not.toHaveBeenCalledWith(true)
  })

  test('closes 300 ms after the pointer leaves, unless it reaches the sub-menu within the grace', () => {
    const setOpen = vi.fn()
    const intent = createHoverIntent(setOpen)
    intent.enter(true, true)
    intent.leave()
    expect(intent.pending).toBe(true)
    vi.advanceTimersByTime(250)
    intent.enter(false, true) // into the sub-menu
    vi.advanceTimersByTime(1000)
    expect(setOpen).not.toHaveBeenCalled()
    intent.leave()
    vi.advanceTimersByTime(299)
    expect(setOpen).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(setOpen).toHaveBeenCalledWith(false)
    expect(intent.pending).toBe(false)
  })
})
