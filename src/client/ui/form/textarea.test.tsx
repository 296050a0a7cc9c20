// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import * as Form from '.'

// The textarea field: a labelled multi-line input with a character count.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)

const Schema = v.object({ review: v.pipe(v.string(), v.maxLength(18, 'validation.book.review.max_length')) })

function renderTextarea(submit = vi.fn(async () => ({}))) {
  render(
    <I18nProvider i18n={i18n}>
      <Form.Root schema={Schema} defaultValues={{ review: '' }} submit={submit} onlineOnly={false}>
        <Form.Textarea name="review" label="Review" helperText="What did you think?" maxLength={20} />
        <Form.Submit>Save</Form.Submit>
      </Form.Root>
    </I18nProvider>,
  )
  return submit
}

test('a labelled multi-line field named after the API field, with a character count', async () => {
  const submit = renderTextarea()
  const box = screen.getByRole('textbox', { name: 'Review' }) as HTMLTextAreaElement
  expect(box.tagName).toBe('TEXTAREA')
  expect(box.name).toBe('review')
  expect(box.maxLength).toBe(20)
  expect(screen.getByText('What did you think?')).toBeTruthy()
  expect(screen.getByText('0/20')).toBeTruthy()
  fireEvent.input(box, { target: { value: 'Loved it.\nAgain!' } })
  await waitFor(() => expect(screen.getByText('16/20')).toBeTruthy())
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenCalledWith({ review: 'Loved it.\nAgain!' }))
})

test('validates on blur and shows the translated message', async () => {
  const submit = renderTextarea()
  const box = screen.getByRole('textbox', { name: 'Review' })
  fireEvent.input(box, { target: { value: 'far too long for this' } })
  fireEvent.blur(box)
  expect(await screen.findByText('Review must be at most 10000 characters')).toBeTruthy()
  expect(box.getAttribute('aria-invalid')).toBe('true')
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await new Promise((r) => setTimeout(r, 20))
  expect(submit).not.toHaveBeenCalled()
})
