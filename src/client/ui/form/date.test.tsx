// @vitest-environment happy-dom
import { parseDate } from '@ark-ui/react/date-picker'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import * as Form from '.'

// The date input returns year-month-day text, zero-padded; the button placeholder uses
// global.form.date.placeholder; the chosen date is shown in long form. The next-day
// search is capped at 365 steps.
beforeEach(() => act(() => i18n.loadAndActivate({ locale: 'en', messages: {} })))
afterEach(cleanup)

const Schema = v.object({ started_at: v.string() })

function renderDate(started_at: string, submit = vi.fn(async () => ({}))) {
  render(
    <I18nProvider i18n={i18n}>
      <Form.Root schema={Schema} defaultValues={{ started_at }} submit={submit} onlineOnly={false}>
        <Form.Date name="started_at" label="Started" />
        <Form.Submit>Save</Form.Submit>
      </Form.Root>
    </I18nProvider>,
  )
  return submit
}

const hidden = () => document.querySelector<HTMLInputElement>('input[name="started_at"]')!

test('empty: the button shows the placeholder and is labelled by the field label', () => {
  renderDate('')
  const button = screen.getByRole('button', { name: 'Started Pick a date' })
  expect(button.textContent).toContain('Pick a date')
  expect(hidden().type).toBe('hidden')
  expect(hidden().value).toBe('')
  expect(screen.queryByRole('button', { name: 'Clear date' })).toBeNull()
})

test('the placeholder comes from the catalog id global.form.date.placeholder', () => {
  act(() => i18n.loadAndActivate({ locale: 'es', messages: { 'global.form.date.placeholder': 'Elige una fecha' } }))
  renderDate('')
  expect(screen.getByRole('button', { name: /Elige una fecha/ })).toBeTruthy()
})

test('a saved date is shown in long form in the UI language', () => {
  renderDate('2024-03-05')
  expect(screen.getByRole('button', { name: 'Started March 5, 2024' })).toBeTruthy()
  expect(hidden().value).toBe('2024-03-05')
  cleanup()
  act(() => i18n.loadAndActivate({ locale: 'es', messages: {} }))
  renderDate('2024-03-05')
  expect(screen.getByText('5 de marzo de 2024')).toBeTruthy()
})

test('choosing a day in the calendar submits zero-padded YYYY-MM-DD; Clear submits empty text', async () => {
  const submit = renderDate('2024-03-05')
  fireEvent.click(screen.getByRole('button', { name: 'Started March 5, 2024' }))
  const day = await screen.findByRole('button', { name: /March 7, 2024/ })
  fireEvent.click(day)
  await waitFor(() => expect(screen.getByText('March 7, 2024')).toBeTruthy())
  expect(hidden().value).toBe('2024-03-07')
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ started_at: '2024-03-07' }))

  fireEvent.click(screen.getByRole('button', { name: 'Clear date' }))
  await waitFor(() => expect(screen.getByText('Pick a date')).toBeTruthy())
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ started_at: '' }))
})

test('text helpers: zero padding, impossible dates, long form', () => {
  expect(Form.toIsoDate({ year: 987, month: 3, day: 5 })).toBe('0987-03-05')
  expect(Form.fromIsoDate('2023-02-29')).toBeNull()
  expect(Form.fromIsoDate('2024-2-9')).toBeNull()
  expect(Form.fromIsoDate('2024-02-29')?.toString()).toBe('2024-02-29')
  expect(Form.longDate('2024-12-31', 'en')).toBe('December 31, 2024')
  expect(Form.longDate('2024-12-31', 'es')).toBe('31 de diciembre de 2024')
})

test('the next-available-day search stops after 365 steps', async () => {
  const { nextAvailableDate } = await import('./date')
  const start = parseDate('2024-01-01')
  const calls = vi.fn(() => true)
  expect(nextAvailableDate(start, calls)).toBeNull()
  expect(calls).toHaveBeenCalledTimes(Form.NEXT_AVAILABLE_DAY_CAP + 1)
  expect(Form.NEXT_AVAILABLE_DAY_CAP).toBe(365)
  // Weekends blocked: from a Saturday the next available day is Monday.
  const weekend = (d: { toString(): string }) => [0, 6].includes(new Date(`${d.toString()}T00:00:00Z`).getUTCDay())
  expect(nextAvailableDate(parseDate('2024-03-02'), weekend)?.toString()).toBe('2024-03-04')
  expect(nextAvailableDate(parseDate('2024-03-03'), weekend, -1)?.toString()).toBe('2024-03-01')
})
