// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { ApiResponse } from '~/client/lib/http'
import { getToasts } from '~/client/lib/toasts'
import { removeToast } from '../toast'
import { cardDetails, formatCardNumber, parseExpiry } from './creditcard'
import { formBody } from './root'
import * as Form from '.'

// Each field type's rules and default messages, custom errorMessage, named validations;
// one-time code completes on the sixth; card value null/{}; multipart bodies and the payment action.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(() => {
  cleanup()
  act(() => removeToast())
})
const wrap = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

function ListForm({ fields, submit, onValues }: { fields: Form.FieldSpec[]; submit?: (v: any) => Promise<ApiResponse>; onValues?: (v: unknown) => void }) {
  return (
    <Form.Root
      schema={Form.schemaFromFields(fields)}
      defaultValues={Form.defaultsFromFields(fields) as never}
      submit={submit ?? (async (values) => (onValues?.(values), {}))}
    >
      <Form.Fields fields={fields} />
      <Form.Submit>Save</Form.Submit>
    </Form.Root>
  )
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const typeInto = (name: string, value: string) => fireEvent.input(input(name), { target: { value } })
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))

/** The message a field shows for `value` (or null when it passes). */
async function errorFor(field: Form.FieldSpec, value: string) {
  cleanup()
  const onValues = vi.fn()
  wrap(<ListForm fields={[field]} onValues={onValues} />)
  typeInto(field.name, value)
  await save()
  await act(async () => new Promise((r) => setTimeout(r, 30)))
  const shown = document.querySelector(`[data-field="${field.name}"]`)?.textContent || null
  expect(shown === null).toBe(onValues.mock.calls.length === 1)
  return shown
}

describe('patterns', () => {
  test('number: optional minus, digits, optional decimal part', async () => {
    const f: Form.FieldSpec = { name: 'n', type: 'number', label: 'N' }
    for (const ok of ['0', '42', '-7', '3.14', '-0.5']) expect(await errorFor(f, ok)).toBeNull()
    for (const bad of ['1.', '.5', '1e3', '--1', '1,5', 'abc', '+3']) expect(await errorFor(f, bad)).toBe('Please enter a valid number')
  })

  test('phone: optional plus, 7 to 15 digits with optional single spaces', async () => {
    const f: Form.FieldSpec = { name: 'p', type: 'phone', label: 'P' }
    for (const ok of ['1234567', '+34 600 123 456', '+123456789012345', '600 12 34 56']) expect(await errorFor(f, ok)).toBeNull()
    for (const bad of ['123456', '+1234567890123456', '600  123 456', '600-123-456', '+ 600123456', 'phone']) {
      expect(await errorFor(f, bad)).toBe('Please enter a valid phone number')
    }
  })

  test('slug: 3+ letters, digits, _ and -, starting and ending with a letter or digit', async () => {
    const f: Form.FieldSpec = { name: 'slug', type: 'slug', label: 'URL' }
    for (const ok of ['ada', 'ada-reads', 'a_b-c9']) expect(await errorFor(f, ok)).toBeNull()
    for (const bad of ['ab', '-ada', 'ada-', 'ada reads', 'adá', 'a/b']) expect(await errorFor(f, bad)).toBe('URLs can only contain letters, digits, hyphens and underscores (3 to 40), starting and ending with a letter or digit')
  })
})

describe('default and custom messages', () => {
  test('required, min_length, max_length, min and max use the global.form.input.error messages', async () => {
    expect(await errorFor({ name: 't', type: 'text', required: true }, '')).toBe('This field is required')
    expect(await errorFor({ name: 't', type: 'text', minLength: 3 }, 'ab')).toBe('Please enter at least 3 characters')
    expect(await errorFor({ name: 't', type: 'text', maxLength: 4 }, 'abcde')).toBe('Please enter at most 4 characters')
    expect(await errorFor({ name: 'n', type: 'number', min: 1 }, '0')).toBe('Please enter 1 or more')
    expect(await errorFor({ name: 'n', type: 'number', max: 10 }, '11')).toBe('Please enter 10 or less')
    expect(await errorFor({ name: 't', type: 'text', minLength: 3 }, '')).toBeNull()
  })

  test('a field errorMessage replaces the defaults; named validations run with their own message', async () => {
    expect(await errorFor({ name: 't', type: 'text', required: true, errorMessage: 'Please enter a message' }, '')).toBe('Please enter a message')
    const noBooks: Form.FieldSpec = {
      name: 't',
      type: 'text',
      validations: [{ name: 'no_spaces', check: (s) => !String(s).includes(' '), message: 'No spaces, please' }],
    }
    expect(await errorFor(noBooks, 'a b')).toBe('No spaces, please')
    expect(await errorFor(noBooks, 'ab')).toBeNull()
  })

  test('the schema builder: checkbox/switch required means true; a rating is bounded', () => {
    expect(v.safeParse(Form.fieldSchema({ name: 's', type: 'switch', required: true }), false).success).toBe(false)
    expect(v.safeParse(Form.fieldSchema({ name: 's', type: 'switch', required: true }), true).success).toBe(true)
    expect(v.safeParse(Form.fieldSchema({ name: 'r', type: 'rating', max: 5 }), 6).success).toBe(false)
    expect(v.safeParse(Form.fieldSchema({ name: 'r', type: 'rating' }), null).success).toBe(true)
  })
})

describe('select and switch', () => {
  test('a select lists grouped options under their group and submits the chosen value', async () => {
    const onValues = vi.fn()
    wrap(
      <ListForm
        onValues={onValues}
        fields={[
          {
            name: 'genre',
            type: 'select',
            label: 'Genre',
            required: true,
            options: [
              { value: 'novel', label: 'Novel', group: 'Fiction' },
              { value: 'poetry', label: 'Poetry', group: 'Fiction' },
              { value: 'essay', label: 'Essay', group: 'Non-fiction' },
            ],
          },
        ]}
      />,
    )
    await save()
    expect(await screen.findByText('This field is required')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('combobox', { name: 'Genre' })))
    expect(screen.getByText('Fiction')).toBeTruthy()
    expect(screen.getByText('Non-fiction')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Essay' })))
    await save()
    await waitFor(() => expect(onValues).toHaveBeenCalledWith({ genre: 'essay' }))
  })

  test('a switch submits a boolean', async () => {
    const onValues = vi.fn()
    wrap(<ListForm onValues={onValues} fields={[{ name: 'support_enabled', type: 'switch', label: 'Support access' }]} />)
    await act(async () => fireEvent.click(screen.getByText('Support access')))
    await save()
    await waitFor(() => expect(onValues).toHaveBeenCalledWith({ support_enabled: true }))
  })
})

describe('one-time code', () => {
  test('6 slots shown as 3 and 3, digits only; completes on the sixth digit', async () => {
    const onComplete = vi.fn()
    const onValues = vi.fn()
    wrap(<ListForm onValues={onValues} fields={[{ name: 'code', type: 'otp', label: 'Code', required: true, onComplete }]} />)
    const slots = [...document.querySelectorAll<HTMLInputElement>('[data-part=input]')]
    expect(slots.length).toBe(6)
    expect(slots[0]!.parentElement!.children.length).toBe(3)
    expect(slots[0]!.getAttribute('inputmode')).toBe('numeric')
    const enter = async (i: number, d: string) => {
      await act(async () => fireEvent.focus(slots[i]!))
      await act(async () => fireEvent.input(slots[i]!, { target: { value: d } }))
    }
    for (const [i, d] of ['1', '2', '3', '4', '5'].entries()) {
      await enter(i, d)
    }
    expect(onComplete).not.toHaveBeenCalled()
    await enter(5, '6')
    expect(onComplete).toHaveBeenCalledWith('123456')
    expect(onComplete).toHaveBeenCalledTimes(1)
    await save()
    await act(async () => new Promise((r) => setTimeout(r, 30)))
    expect(onValues).toHaveBeenCalledWith({ code: '123456' })
  })

  test('the otp rule wants exactly 6 digits (or letters too when asked)', () => {
    const digits = Form.fieldSchema({ name: 'c', type: 'otp' })
    expect(v.safeParse(digits, '12345').success).toBe(false)
    expect(v.safeParse(digits, '12345a').success).toBe(false)
    expect(v.safeParse(digits, '123456').success).toBe(true)
    expect(v.safeParse(Form.fieldSchema({ name: 'c', type: 'otp', alphanumeric: true }), 'ab12CD').success).toBe(true)
  })
})

describe('credit card', () => {
  test('Luhn, expiry and formatting', () => {
    expect(Form.luhnValid('4242 4242 4242 4242')).toBe(true)
    expect(Form.luhnValid('4000 0025 0000 3155')).toBe(true)
    expect(Form.luhnValid('4242 4242 4242 4241')).toBe(false)
    expect(Form.luhnValid('4242')).toBe(false)
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    const now = new Date('2026-06-15T00:00:00Z')
    expect(parseExpiry('06/26', now)).toEqual({ month: 6, year: 2026 })
    expect(parseExpiry('05/26', now)).toBeNull()
    expect(parseExpiry('13/30', now)).toBeNull()
    expect(cardDetails({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' })
    expect(cardDetails({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '12' }, now)).toBeNull()
  })

  test('its value is null when empty or incomplete and {} when filled; required blocks submit', async () => {
    const onValues = vi.fn()
    wrap(<ListForm onValues={onValues} fields={[{ name: 'token', type: 'creditcard', label: 'Card', required: true }]} />)
    await save()
    expect(await screen.findByText('Please enter your card details')).toBeTruthy()
    expect(onValues).not.toHaveBeenCalled()
    // The provider's input is its own chunk (loaded lazily).
    await screen.findByLabelText('Card number')
    const part = (label: string) => screen.getByLabelText(label)
    fireEvent.change(part('Card number'), { target: { value: '4242 4242 4242 4241' } })
    fireEvent.change(part('Expiry date (MM/YY)'), { target: { value: '1230' } })
    fireEvent.change(part('Security code (CVC)'), { target: { value: '123' } })
    await save()
    expect(onValues).not.toHaveBeenCalled()
    expect(screen.getByText('Please enter a valid card number')).toBeTruthy()
    fireEvent.change(part('Card number'), { target: { value: '4242424242424242' } })
    expect((part('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242')
    // Filled in: the field's complaints are gone. Sending asks the provider for a token, which
    // needs the server (tests/e2e/billing*.spec.ts); withCardTokens is tested below.
    await waitFor(() => expect(screen.queryByText('Please enter a valid card number')).toBeNull())
    await waitFor(() => expect(screen.queryByText('Please enter your card details')).toBeNull())
  })

  test('not required: empty submits null', async () => {
    const onValues = vi.fn()
    wrap(<ListForm onValues={onValues} fields={[{ name: 'token', type: 'creditcard', label: 'Card' }]} />)
    await save()
    await waitFor(() => expect(onValues).toHaveBeenCalledWith({ token: null }))
  })
})

describe('generic submit', () => {
  test('the body is JSON unless a value is a file list, then multipart', () => {
    expect(formBody({ name: 'Ada', n: 1 })).toEqual({ json: { name: 'Ada', n: 1 } })
    const file = new File(['x'], 'a.png', { type: 'image/png' })
    const out = formBody({ name: 'Ada', avatar: [file], meta: { a: 1 }, skip: null })
    expect('body' in out).toBe(true)
    const data = (out as { body: FormData }).body
    expect(data.get('name')).toBe('Ada')
    expect((data.get('avatar') as File).name).toBe('a.png')
    expect(data.get('meta')).toBe('{"a":1}')
    expect(data.has('skip')).toBe(false)
  })

  test('requires_payment_action + client_secret: confirmPayment, then the request again with its result; the message is a toast', async () => {
    const submit = vi
      .fn<(values: unknown) => Promise<ApiResponse>>()
      .mockResolvedValueOnce({ requires_payment_action: true, client_secret: 'pi_secret' })
      .mockResolvedValueOnce({ message: 'Your plan has been updated' })
    const confirmPayment = vi.fn(async () => ({ payment_intent: 'pi_1' }))
    const onSuccess = vi.fn()
    wrap(
      <Form.Root schema={v.object({ plan: v.string() })} defaultValues={{ plan: 'reader' }} submit={submit} confirmPayment={confirmPayment} onSuccess={onSuccess}>
        <Form.Hidden name="plan" />
        <Form.Submit>Save</Form.Submit>
      </Form.Root>,
    )
    await save()
    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(confirmPayment).toHaveBeenCalledWith('pi_secret')
    expect(submit.mock.calls).toEqual([[{ plan: 'reader' }], [{ plan: 'reader', payment_intent: 'pi_1' }]])
    expect(getToasts()).toMatchObject([{ title: 'Your plan has been updated' }])
  })
})
