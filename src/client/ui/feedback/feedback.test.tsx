// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { ApiRequestError, handleError, send } from '~/client/lib/http'
import { Feedback } from '.'

vi.mock('~/client/lib/http', async (importActual) => ({
  ...(await importActual<typeof import('~/client/lib/http')>()),
  send: vi.fn(),
  handleError: vi.fn(),
}))
const sendMock = vi.mocked(send)
const handleErrorMock = vi.mocked(handleError)

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
beforeEach(() => {
  vi.useFakeTimers()
  sendMock.mockReset()
  handleErrorMock.mockReset()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

// Zag installs its dismiss listeners and finishes exit presence on the next frame.
const nextFrame = () => act(async () => vi.advanceTimersByTime(20))

async function openPanel() {
  render(<Feedback.Root />, { wrapper })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send feedback' })))
  await nextFrame()
  return screen.getByRole('dialog', { name: 'How is your reading list working for you?' })
}

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))

test('a labelled heart button, fixed at the bottom right, opens a panel with a title', async () => {
  render(<Feedback.Root />, { wrapper })
  const heart = screen.getByRole('button', { name: 'Send feedback' })
  expect(heart.className).toContain('pos_fixed')
  expect(heart.querySelector('svg')?.getAttribute('class')).toContain('lucide-heart')
  expect(heart.getAttribute('aria-expanded')).toBe('false')
  expect(screen.queryByRole('dialog')).toBeNull()
  await click(heart)
  expect(heart.getAttribute('aria-expanded')).toBe('true')
  expect(screen.getByRole('dialog', { name: 'How is your reading list working for you?' })).toBeTruthy()
})

test('three faces map to positive, neutral and negative; the form appears after a choice', async () => {
  await openPanel()
  const faces = screen.getByRole('group', { name: 'Your rating' })
  const buttons = Array.from(faces.querySelectorAll('button'))
  expect(buttons.map((b) => b.textContent)).toEqual(['Positive', 'Neutral', 'Negative'])
  expect(buttons.map((b) => b.querySelector('svg')?.getAttribute('class'))).toEqual([
    expect.stringContaining('lucide-smile'),
    expect.stringContaining('lucide-meh'),
    expect.stringContaining('lucide-frown'),
  ])
  expect(Feedback.FACES.map((f) => f.rating)).toEqual(['positive', 'neutral', 'negative'])
  expect(screen.queryByRole('textbox')).toBeNull()
  expect(document.querySelector('button[type="submit"]')).toBeNull()

  await click(screen.getByRole('button', { name: 'Neutral' }))
  expect(screen.getByRole('button', { name: 'Neutral' }).getAttribute('aria-pressed')).toBe('true')
  expect(screen.getByRole('button', { name: 'Positive' }).getAttribute('aria-pressed')).toBe('false')
  const textarea = screen.getByRole('textbox', { name: 'Comment (optional)' })
  expect(textarea.getAttribute('name')).toBe('comment')
  expect(textarea.getAttribute('maxlength')).toBe('2000')
  const submits = document.querySelectorAll('button[type="submit"]')
  expect(submits).toHaveLength(1)
})

test('submit posts {rating, comment}; the panel closes exactly 3000 ms after success', async () => {
  sendMock.mockResolvedValue({ message: 'Thank you for your feedback!' })
  const onSent = vi.fn()
  render(<Feedback.Root onSent={onSent} />, { wrapper })
  await click(screen.getByRole('button', { name: 'Send feedback' }))
  await click(screen.getByRole('button', { name: 'Negative' }))
  fireEvent.change(screen.getByRole('textbox', { name: 'Comment (optional)' }), {
    target: { value: '  Sync was slow  ' },
  })
  await click(document.querySelector('button[type="submit"]') as HTMLElement)

  expect(sendMock).toHaveBeenCalledWith('post', 'feedback', { rating: 'negative', comment: 'Sync was slow' })
  expect(onSent).toHaveBeenCalledWith({ rating: 'negative', comment: 'Sync was slow' })
  expect(screen.getByRole('status').textContent).toBe('Thank you for your feedback!')

  const heart = screen.getByRole('button', { name: 'Send feedback' })
  await act(async () => vi.advanceTimersByTime(Feedback.FEEDBACK_CLOSE_MS - 1))
  expect(heart.getAttribute('aria-expanded')).toBe('true')
  expect(screen.getByRole('dialog').getAttribute('data-state')).toBe('open')
  await act(async () => vi.advanceTimersByTime(1))
  expect(heart.getAttribute('aria-expanded')).toBe('false')
  await nextFrame()
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('reopening after a send starts afresh', async () => {
  sendMock.mockResolvedValue({ message: 'Thanks' })
  render(<Feedback.Root />, { wrapper })
  const heart = screen.getByRole('button', { name: 'Send feedback' })
  await click(heart)
  await click(screen.getByRole('button', { name: 'Positive' }))
  await click(document.querySelector('button[type="submit"]') as HTMLElement)
  expect(sendMock).toHaveBeenCalledWith('post', 'feedback', { rating: 'positive', comment: undefined })
  await act(async () => vi.advanceTimersByTime(3000))
  await nextFrame()
  await click(heart)
  expect(screen.getByRole('button', { name: 'Positive' }).getAttribute('aria-pressed')).toBe('false')
  expect(screen.queryByRole('textbox')).toBeNull()
  expect(screen.queryByRole('status')).toBeNull()
})

test('the close constant is the spec value', () => {
  expect(Feedback.FEEDBACK_CLOSE_MS).toBe(3000)
})

test('while sending, the form is busy and cannot be submitted twice', async () => {
  let resolve!: (v: { message: string }) => void
  sendMock.mockReturnValue(new Promise((r) => (resolve = r)))
  await openPanel()
  await click(screen.getByRole('button', { name: 'Positive' }))
  const submit = document.querySelector('button[type="submit"]') as HTMLButtonElement
  await click(submit)
  expect(submit.disabled).toBe(true)
  expect(submit.closest('form')?.getAttribute('aria-busy')).toBe('true')
  await click(submit)
  expect(sendMock).toHaveBeenCalledTimes(1)
  await act(async () => resolve({ message: 'ok' }))
  expect(screen.getByRole('status').textContent).toBe('ok')
})

test('a server inputError on comment shows on the field and the panel stays open', async () => {
  sendMock.mockRejectedValue(
    new ApiRequestError(
      400,
      { message: 'Comment must be at most 2000 characters', inputError: 'comment' },
      'Comment must be at most 2000 characters',
    ),
  )
  await openPanel()
  await click(screen.getByRole('button', { name: 'Neutral' }))
  await click(document.querySelector('button[type="submit"]') as HTMLElement)
  const textarea = screen.getByRole('textbox', { name: 'Comment (optional)' })
  expect(textarea.getAttribute('aria-invalid')).toBe('true')
  expect(screen.getByText('Comment must be at most 2000 characters')).toBeTruthy()
  expect(handleErrorMock).not.toHaveBeenCalled()
  await act(async () => vi.advanceTimersByTime(5000))
  expect(screen.queryByRole('dialog')).not.toBeNull()
})

test('other failures go to the central error handler and the panel stays open', async () => {
  const failure = new ApiRequestError(500, { message: 'boom' }, 'boom')
  sendMock.mockRejectedValue(failure)
  await openPanel()
  await click(screen.getByRole('button', { name: 'Positive' }))
  await click(document.querySelector('button[type="submit"]') as HTMLElement)
  expect(handleErrorMock).toHaveBeenCalledWith(failure)
  expect(screen.queryByRole('status')).toBeNull()
  expect((document.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(false)
})

test('Escape closes the panel', async () => {
  const dialog = await openPanel()
  await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }))
  expect(screen.getByRole('button', { name: 'Send feedback' }).getAttribute('aria-expanded')).toBe('false')
  await nextFrame()
  expect(screen.queryByRole('dialog')).toBeNull()
})
