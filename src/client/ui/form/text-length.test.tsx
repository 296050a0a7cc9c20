// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import * as Form from '.'

// A text field's maxLength is said, not enforced by cutting (max_length message).
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)

const Schema = v.object({ title: v.pipe(v.string(), v.maxLength(20, 'validation.book.title.max_length')) })

test('text past the limit is kept, counted and refused with the field message at once', async () => {
  const submit = vi.fn(async () => ({}))
  render(
    <I18nProvider i18n={i18n}>
      <Form.Root schema={Schema} defaultValues={{ title: '' }} submit={submit} onlineOnly={false}>
        <Form.Text name="title" label="Title" maxLength={20} />
        <Form.Submit>Save</Form.Submit>
      </Form.Root>
    </I18nProvider>,
  )
  const box = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement
  expect(box.hasAttribute('maxlength')).toBe(false)
  fireEvent.input(box, { target: { value: 'Short' } })
  expect(screen.queryByText(/\/20$/)).toBeNull() // no counter far from the limit
  fireEvent.input(box, { target: { value: 'A title of exactly 19' } })
  await waitFor(() => expect(screen.getByText('21/20')).toBeTruthy())
  expect(box.value).toBe('A title of exactly 19')
  expect(await screen.findByText('Title must be at most 300 characters')).toBeTruthy()
  expect(box.getAttribute('aria-invalid')).toBe('true')
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await new Promise((r) => setTimeout(r, 20))
  expect(submit).not.toHaveBeenCalled()
  // Back under the limit, the message goes without waiting for a blur.
  fireEvent.input(box, { target: { value: 'A title of 18 char' } })
  await waitFor(() => expect(screen.queryByText('Title must be at most 300 characters')).toBeNull())
  expect(screen.getByText('18/20')).toBeTruthy()
})
