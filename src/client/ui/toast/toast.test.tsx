// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { getToasts } from '~/client/lib/toasts'
import { removeToast, toast, Toaster, TOAST_DURATION, TOAST_REMOVE_DELAY } from '.'

// Toasts: placement, variants, auto-close, pausing and swiping, with their timing constants.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  act(() => removeToast())
  vi.useRealTimers()
})

const renderToaster = () =>
  render(
    <I18nProvider i18n={i18n}>
      <Toaster />
    </I18nProvider>,
  )
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms))
/** Shows a toast inside act() and answers its handle (act's own return value is a thenable). */
function show(input: Parameters<typeof toast>[0]) {
  let handle!: ReturnType<typeof toast>
  act(() => {
    handle = toast(input)
  })
  return handle
}
const list = () => screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('ol')!
const titles = () => screen.queryAllByRole('status').map((li) => li.textContent)

test('the region is labelled with its hotkey, sits at z-index 1002 and F8 focuses it', () => {
  renderToaster()
  const region = screen.getByRole('region', { name: 'Notifications (F8)' })
  expect(region.className).toContain('z_toast')
  fireEvent.keyDown(window, { key: 'F8' })
  expect(document.activeElement).toBe(list())
})

test('at most three are visible, newest first', () => {
  renderToaster()
  act(() => {
    for (const title of ['one', 'two', 'three', 'four']) toast({ title })
  })
  expect(titles()).toEqual(['four', 'three', 'two'])
})

test('auto-closes after 5000 ms, then is removed 10000 ms after dismissal', () => {
  renderToaster()
  const { id } = show({ title: 'Saved', variant: 'success' })
  advance(TOAST_DURATION - 1)
  expect(titles()).toEqual(['Saved'])
  advance(1)
  expect(titles()).toEqual([])
  expect(getToasts()).toMatchObject([{ id, open: false }])
  advance(TOAST_REMOVE_DELAY - 1)
  expect(getToasts()).toHaveLength(1)
  advance(1)
  expect(getToasts()).toHaveLength(0)
})

describe('pauses and resumes with the time left', () => {
  test('on hover', () => {
    renderToaster()
    act(() => void toast({ title: 'Hover me' }))
    advance(2000)
    fireEvent.pointerEnter(list())
    advance(20_000)
    expect(titles()).toEqual(['Hover me'])
    fireEvent.pointerLeave(list())
    advance(2999)
    expect(titles()).toEqual(['Hover me'])
    advance(1)
    expect(titles()).toEqual([])
  })

  test('on focus', () => {
    renderToaster()
    act(() => void toast({ title: 'Focus me' }))
    advance(1000)
    act(() => list().focus())
    advance(20_000)
    expect(titles()).toEqual(['Focus me'])
    act(() => list().blur())
    advance(3999)
    expect(titles()).toEqual(['Focus me'])
    advance(1)
    expect(titles()).toEqual([])
  })

  test('on window blur', () => {
    renderToaster()
    act(() => void toast({ title: 'Away' }))
    advance(4000)
    act(() => void window.dispatchEvent(new Event('blur')))
    advance(60_000)
    expect(titles()).toEqual(['Away'])
    act(() => void window.dispatchEvent(new Event('focus')))
    advance(999)
    expect(titles()).toEqual(['Away'])
    advance(1)
    expect(titles()).toEqual([])
  })
})

test('the same message again replaces the open one instead of stacking, with a fresh auto-close', () => {
  renderToaster()
  show({ title: 'Invalid email or password', variant: 'error' })
  show({ title: 'Saved', variant: 'success' })
  advance(4000)
  show({ title: 'Invalid email or password', variant: 'error' })
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Invalid email or password'])
  expect(titles()).toEqual(['Saved'])
  expect(getToasts().map((t) => t.title)).toEqual(['Invalid email or password', 'Saved'])
  // The repeat counts from when it was shown: the first one's 5 s would have ended by now.
  advance(TOAST_DURATION - 1)
  expect(screen.getAllByRole('alert')).toHaveLength(1)
  advance(1)
  expect(screen.queryAllByRole('alert')).toHaveLength(0)
  // Same words in another variant, or with an action (each undo has its own target), still stack.
  show({ title: 'Deleted', variant: 'success' })
  show({ title: 'Deleted', variant: 'info' })
  const undo = { label: 'Undo', altText: 'Undo the deletion', onClick: () => {} }
  show({ title: 'Book deleted', action: undo })
  show({ title: 'Book deleted', action: undo })
  expect(titles()).toEqual(['Book deleted', 'Book deleted', 'Deleted'])
})

test('update merges fields by id', () => {
  renderToaster()
  const t = show({ title: 'Uploading', description: 'cover.jpg' })
  act(() => toast.update(t.id, { title: 'Uploaded' }))
  expect(getToasts()).toMatchObject([{ id: t.id, title: 'Uploaded', description: 'cover.jpg', open: true }])
  expect(titles()).toEqual(['Uploadedcover.jpg'])
})

test('dismiss with an id closes that one; without an id closes all', () => {
  renderToaster()
  const a = show({ title: 'a' })
  act(() => void toast({ title: 'b' }))
  act(() => void toast({ title: 'c' }))
  act(() => toast.dismiss(a.id))
  expect(titles()).toEqual(['c', 'b'])
  act(() => toast.dismiss())
  expect(titles()).toEqual([])
  expect(getToasts().every((t) => !t.open)).toBe(true)
  advance(TOAST_REMOVE_DELAY)
  expect(getToasts()).toHaveLength(0)
})

test('a swipe right past 50 px closes it; a shorter one does not', () => {
  renderToaster()
  act(() => void toast({ title: 'Swipe', duration: Infinity }))
  const item = () => screen.getByRole('status')
  fireEvent.pointerDown(item(), { pointerId: 1, button: 0, clientX: 100 })
  fireEvent.pointerMove(item(), { pointerId: 1, clientX: 140 })
  fireEvent.pointerUp(item(), { pointerId: 1, clientX: 150 })
  expect(titles()).toEqual(['Swipe'])
  fireEvent.pointerDown(item(), { pointerId: 2, button: 0, clientX: 100 })
  fireEvent.pointerMove(item(), { pointerId: 2, clientX: 140 })
  fireEvent.pointerUp(item(), { pointerId: 2, clientX: 151 })
  expect(titles()).toEqual([])
})

test('variants: error is an alert with the alert icon; others are polite status messages', () => {
  renderToaster()
  act(() => {
    toast({ title: 'Plain' })
    toast({ title: 'Info', variant: 'info' })
    toast({ title: 'Broken', variant: 'error' })
  })
  const alert = screen.getByRole('alert')
  expect(alert.dataset.variant).toBe('error')
  expect(alert.querySelector('svg')?.getAttribute('class')).toContain('lucide-circle-alert')
  const [info, plain] = screen.getAllByRole('status')
  expect(info!.dataset.variant).toBe('info')
  expect(plain!.querySelector('svg')?.getAttribute('class')).toContain('lucide-check')
})

test('an action needs alternative text and closes the toast when used', () => {
  expect(() => toast({ title: 'Undo?', action: { label: 'Undo', altText: ' ', onClick: () => {} } })).toThrow()
  renderToaster()
  const onClick = vi.fn()
  act(() => void toast({ title: 'Deleted', action: { label: 'Undo', altText: 'Undo the deletion', onClick } }))
  fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
  expect(onClick).toHaveBeenCalledOnce()
  expect(titles()).toEqual([])
})

test('the close button dismisses', () => {
  renderToaster()
  act(() => void toast({ title: 'Bye' }))
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  expect(titles()).toEqual([])
})
