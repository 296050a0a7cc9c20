// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { Rating as RatingRule } from '~/shared/schemas/book'
import * as Form from '.'

// Rating (5 stars); the value is an integer 1–5 or null.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)

const Schema = v.object({ rating: RatingRule })

function renderRating(rating: number | null, submit = vi.fn(async () => ({}))) {
  render(
    <I18nProvider i18n={i18n}>
      <Form.Root schema={Schema} defaultValues={{ rating }} submit={submit} onlineOnly={false}>
        <Form.Rating name="rating" label="Rating" />
        <Form.Submit>Save</Form.Submit>
      </Form.Root>
    </I18nProvider>,
  )
  return submit
}

const radios = () => screen.getAllByRole('radio') as HTMLInputElement[]

test('five radios named after the API field, labelled by their star count, in one group', () => {
  renderRating(null)
  expect(radios()).toHaveLength(5)
  expect(radios().every((r) => r.name === 'rating')).toBe(true)
  expect(radios().map((r) => r.value)).toEqual(['1', '2', '3', '4', '5'])
  expect(screen.getByRole('radio', { name: '1 star' })).toBeTruthy()
  expect(screen.getByRole('radio', { name: '4 stars' })).toBeTruthy()
  expect(screen.getByRole('group', { name: 'Rating' })).toBeTruthy()
  // Nothing rated reads as nothing checked (not as one star).
  expect(radios().some((r) => r.checked)).toBe(false)
  expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull()
})

test('choosing a star submits an integer; the Clear button submits null', async () => {
  const submit = renderRating(null)
  fireEvent.click(screen.getByRole('radio', { name: '4 stars' }))
  expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true)
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ rating: 4 }))

  fireEvent.click(screen.getByRole('button', { name: 'Clear rating' }))
  expect(radios().some((r) => r.checked)).toBe(false)
  expect(document.activeElement).toBe(radios()[0])
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ rating: null }))
})

test('shows the saved value; Delete on a star clears it', async () => {
  const submit = renderRating(2)
  expect((screen.getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true)
  // Stars up to the value are drawn filled.
  const filled = document.querySelectorAll('label[data-on]')
  expect(filled).toHaveLength(2)
  fireEvent.keyDown(screen.getByRole('radio', { name: '2 stars' }), { key: 'Delete' })
  expect(radios().some((r) => r.checked)).toBe(false)
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ rating: null }))
})

test('a schema error is shown and marks the stars invalid', async () => {
  const submit = renderRating(7)
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Rating must be a whole number from 1 to 5')).toBeTruthy()
  expect(radios()[0]!.getAttribute('aria-invalid')).toBe('true')
  expect(submit).not.toHaveBeenCalled()
})
