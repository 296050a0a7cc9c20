// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { send } from '~/client/lib/http'
import { OnboardingWizard } from '.'

vi.mock('~/client/lib/http', async (importActual) => ({
  ...(await importActual<typeof import('~/client/lib/http')>()),
  send: vi.fn(),
}))
const sendMock = vi.mocked(send)

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
beforeEach(() => {
  sendMock.mockReset()
  sendMock.mockResolvedValue({ message: 'Event recorded' })
})
afterEach(cleanup)
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

const steps: OnboardingWizard.Step[] = [
  { name: 'Welcome', description: 'What TBR does', content: <p>Welcome content</p> },
  { name: 'Your URL', description: 'Pick a custom URL', content: <p>URL content</p> },
  { name: 'First book', description: 'Add a book', content: <p>Book content</p> },
]

/** The route's part: keeps `?page=` and records navigation. */
function Harness(props: Partial<OnboardingWizard.RootProps> & { initialPage?: number }) {
  const [page, setPage] = useState(props.initialPage ?? 1)
  return (
    <OnboardingWizard.Root
      steps={steps}
      page={page}
      onPageChange={(p) => {
        props.onPageChange?.(p)
        setPage(p)
      }}
      navigate={props.navigate ?? vi.fn()}
      {...(({ initialPage: _i, onPageChange: _o, navigate: _n, ...rest }) => rest)(props)}
    />
  )
}

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))
const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Onboarding steps' })).getAllByRole('button')
const reached = () => tabs().map((tab) => tab.querySelector('[data-reached]') !== null)

test('the left side lists each step with its name and description', () => {
  render(<Harness />, { wrapper })
  const nav = screen.getByRole('navigation', { name: 'Onboarding steps' })
  expect(within(nav).getByRole('list').tagName).toBe('OL')
  const items = within(nav).getAllByRole('button')
  // The tick (a check or the step's number) is decoration: the names are name and description.
  const shown = (t: HTMLElement) => [...t.children].filter((c) => !c.hasAttribute('aria-hidden')).map((c) => c.textContent).join('')
  expect(items.map(shown)).toEqual([
    'WelcomeWhat TBR does',
    'Your URLPick a custom URL',
    'First bookAdd a book',
  ])
})

test('page 1 shows the first step; ticks are green for the current and earlier steps only', () => {
  render(<Harness initialPage={2} />, { wrapper })
  expect(screen.getByText('URL content')).toBeTruthy()
  expect(screen.queryByText('Welcome content')?.closest('[hidden]')).toBeTruthy()
  expect(reached()).toEqual([true, true, false])
  // A step not reached shows its number, not a (grey) tick.
  expect(tabs().map((tab) => tab.querySelector('svg.lucide-check') !== null)).toEqual([true, true, false])
  expect(tabs()[2]!.querySelector('[aria-hidden]')?.textContent).toBe('3')
  expect(tabs().map((tab) => tab.getAttribute('aria-current'))).toEqual([null, 'step', null])
  expect(screen.getByRole('region', { name: 'Your URL' }).textContent).toBe('URL content')
})

test('clicking a step jumps to it and reports the page', async () => {
  const onPageChange = vi.fn()
  render(<Harness onPageChange={onPageChange} />, { wrapper })
  await click(tabs()[2]!)
  expect(onPageChange).toHaveBeenLastCalledWith(3)
  expect(screen.getByText('Book content')).toBeTruthy()
  expect(reached()).toEqual([true, true, true])
  await click(tabs()[0]!)
  expect(onPageChange).toHaveBeenLastCalledWith(1)
  expect(reached()).toEqual([true, false, false])
})

test('pagination: Previous, numbered pages and Next, one step per page; only controls that lead somewhere', async () => {
  const onPageChange = vi.fn()
  render(<Harness onPageChange={onPageChange} />, { wrapper })
  const pager = screen.getByRole('navigation', { name: 'Onboarding pages' })
  const numbers = within(pager).getAllByRole('button', { name: /^Step \d of 3$/ })
  expect(numbers.map((b) => b.textContent)).toEqual(['1', '2', '3'])
  expect(OnboardingWizard.STEPS_PER_PAGE).toBe(1)
  // No Previous on the first step.
  expect(within(pager).queryByRole('button', { name: 'Previous page' })).toBeNull()
  expect(numbers[0]?.getAttribute('aria-current')).toBe('page')

  await click(within(pager).getByRole('button', { name: 'Next page' }))
  expect(onPageChange).toHaveBeenLastCalledWith(2)
  expect(screen.getByText('URL content')).toBeTruthy()
  expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeTruthy()
  await click(within(pager).getByRole('button', { name: 'Step 3 of 3' }))
  expect(onPageChange).toHaveBeenLastCalledWith(3)
  // The last step has Finish, not a Next that goes nowhere.
  expect(within(pager).queryByRole('button', { name: 'Next page' })).toBeNull()
  expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy()
  await click(within(pager).getByRole('button', { name: 'Previous page' }))
  expect(onPageChange).toHaveBeenLastCalledWith(2)
})

test('a single step has no pages, Previous or Next: Skip and Finish only', () => {
  render(<OnboardingWizard.Root steps={steps.slice(0, 1)} page={1} onPageChange={vi.fn()} navigate={vi.fn()} />, { wrapper })
  expect(screen.queryByRole('navigation', { name: 'Onboarding pages' })).toBeNull()
  expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy()
})

test('a page beyond the last step shows "Nothing to show"', () => {
  render(<Harness initialPage={7} />, { wrapper })
  expect(screen.getByText('Nothing to show')).toBeTruthy()
  for (const text of ['Welcome content', 'URL content', 'Book content']) {
    expect(screen.getByText(text).closest('[hidden]')).toBeTruthy()
  }
  expect(reached()).toEqual([true, true, true])
  expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull()
  expect(screen.getByRole('button', { name: 'Step 3 of 3' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull()
})

test('no steps at all also shows "Nothing to show"', () => {
  render(<OnboardingWizard.Root steps={[]} page={1} onPageChange={vi.fn()} navigate={vi.fn()} />, { wrapper })
  expect(screen.getByText('Nothing to show')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy()
})

test('Skip is always present; Finish appears on the last step', async () => {
  render(<Harness />, { wrapper })
  for (let page = 1; page <= 3; page++) {
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Finish' }) !== null).toBe(page === 3)
    if (page < 3) await click(screen.getByRole('button', { name: 'Next page' }))
  }
})

test('finish goes to /dashboard by default and records no event', async () => {
  const navigate = vi.fn()
  render(<Harness initialPage={3} navigate={navigate} />, { wrapper })
  await click(screen.getByRole('button', { name: 'Finish' }))
  expect(navigate).toHaveBeenCalledWith('/dashboard')
  expect(sendMock).not.toHaveBeenCalled()
})

test('skip records cancelled_onboarding through POST /api/event and goes to the destination', async () => {
  const navigate = vi.fn()
  render(<Harness navigate={navigate} destination="/books" />, { wrapper })
  await click(screen.getByRole('button', { name: 'Skip' }))
  expect(sendMock).toHaveBeenCalledWith('post', 'event', { name: 'cancelled_onboarding' })
  expect(navigate).toHaveBeenCalledWith('/books')
  expect(sendMock.mock.invocationCallOrder[0]!).toBeLessThan(navigate.mock.invocationCallOrder[0]!)
})

test('with save on, the user is marked onboarded first (finish and skip)', async () => {
  const order: string[] = []
  const onSave = vi.fn(async () => void order.push('save'))
  const navigate = vi.fn(() => void order.push('navigate'))
  sendMock.mockImplementation(async () => (order.push('event'), {}))
  render(<Harness initialPage={3} navigate={navigate} save onSave={onSave} />, { wrapper })
  await click(screen.getByRole('button', { name: 'Finish' }))
  expect(order).toEqual(['save', 'navigate'])
  order.length = 0
  await click(screen.getByRole('button', { name: 'Skip' }))
  expect(order).toEqual(['save', 'event', 'navigate'])
})

test('without save, onSave is not called', async () => {
  const onSave = vi.fn()
  render(<Harness initialPage={3} onSave={onSave} />, { wrapper })
  await click(screen.getByRole('button', { name: 'Finish' }))
  expect(onSave).not.toHaveBeenCalled()
})

test('a failed save keeps the reader in the wizard', async () => {
  const navigate = vi.fn()
  render(<Harness navigate={navigate} save onSave={() => Promise.reject(new Error('offline'))} />, { wrapper })
  await click(screen.getByRole('button', { name: 'Skip' }))
  expect(navigate).not.toHaveBeenCalled()
  expect(sendMock).not.toHaveBeenCalled()
  expect((screen.getByRole('button', { name: 'Skip' }) as HTMLButtonElement).disabled).toBe(false)
})

test('a failed event does not block skipping', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  sendMock.mockRejectedValue(new Error('offline'))
  const navigate = vi.fn()
  render(<Harness navigate={navigate} />, { wrapper })
  await click(screen.getByRole('button', { name: 'Skip' }))
  expect(navigate).toHaveBeenCalledWith('/dashboard')
  expect(warn).toHaveBeenCalled()
  warn.mockRestore()
})

test('parsePage: the page query starts at 1; junk is page 1; pages past the end are kept', () => {
  expect(OnboardingWizard.parsePage(undefined)).toBe(1)
  expect(OnboardingWizard.parsePage('2')).toBe(2)
  expect(OnboardingWizard.parsePage(4)).toBe(4)
  expect(OnboardingWizard.parsePage('0')).toBe(1)
  expect(OnboardingWizard.parsePage(-3)).toBe(1)
  expect(OnboardingWizard.parsePage('1.5')).toBe(1)
  expect(OnboardingWizard.parsePage('abc')).toBe(1)
  expect(OnboardingWizard.parsePage('')).toBe(1)
  expect(OnboardingWizard.parsePage(99)).toBe(99)
})
