// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import * as Form from '.'

// Url: optional scheme (http, https, ftp, smtp), optional www, a domain, an optional path or query.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(cleanup)

describe('URL_PATTERN', () => {
  test.each([
    'example.com',
    'www.example.com',
    'https://example.com',
    'http://www.example.co.uk/path/to/cover.jpg',
    'ftp://files.example.org/book.pdf',
    'smtp://mail.example.com',
    'https://example.com/search?q=dune&lang=en',
    'https://sub.domain.example.io:8080/a#b',
    'https://bücher.de/buch',
  ])('accepts %s', (url) => expect(Form.URL_PATTERN.test(url)).toBe(true))

  test.each([
    '',
    'not a url',
    'example',
    'https://',
    'mailto:ada@example.com',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://exa mple.com',
    'https://example.com/with space',
    'gopher://example.com',
  ])('rejects %j', (url) => expect(Form.URL_PATTERN.test(url)).toBe(false))
})

const Schema = v.object({ website: v.pipe(v.string(), v.trim(), Form.urlPattern()) })

function renderUrl(submit = vi.fn(async () => ({}))) {
  render(
    <I18nProvider i18n={i18n}>
      <Form.Root schema={Schema} defaultValues={{ website: '' }} submit={submit} onlineOnly={false}>
        <Form.Url name="website" label="Website" />
        <Form.Submit>Save</Form.Submit>
      </Form.Root>
    </I18nProvider>,
  )
  return submit
}

test('a url input named after the field; an invalid address shows global.form.url.error.invalid on blur', async () => {
  const submit = renderUrl()
  const input = screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement
  expect(input.type).toBe('url')
  expect(input.name).toBe('website')
  fireEvent.input(input, { target: { value: 'not a url' } })
  fireEvent.blur(input)
  expect(await screen.findByText('Please enter a valid URL')).toBeTruthy()
  expect(input.getAttribute('aria-invalid')).toBe('true')
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await new Promise((r) => setTimeout(r, 20))
  expect(submit).not.toHaveBeenCalled()

  fireEvent.input(input, { target: { value: ' https://example.com/cover.jpg ' } })
  await waitFor(() => expect(screen.queryByText('Please enter a valid URL')).toBeNull())
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenCalledWith({ website: 'https://example.com/cover.jpg' }))
})

test('empty passes (required-ness is the schema’s business)', async () => {
  const submit = renderUrl()
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(submit).toHaveBeenCalledWith({ website: '' }))
})
