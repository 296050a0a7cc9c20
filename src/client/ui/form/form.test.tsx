// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { ApiRequestError, configureErrorHandling, type ApiResponse, type ErrorHandlers } from '~/client/lib/http'
import { hasUnsavedInput } from '~/client/pwa/unsaved-input'
import { SignUpInput } from '~/shared/schemas/auth'
import { getToasts } from '~/client/lib/toasts'
import { removeToast } from '../toast'
import * as Form from '.'

// Validation, the submitting state, inputError on its field, and fields named for the API.
let handlers: { [K in keyof ErrorHandlers]: ReturnType<typeof vi.fn> }
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
beforeEach(() => {
  handlers = { unauthorized: vi.fn(), notFound: vi.fn(), paymentRequired: vi.fn(), toast: vi.fn(), network: vi.fn() }
  configureErrorHandling(handlers as unknown as ErrorHandlers)
})
afterEach(() => {
  cleanup()
  act(() => removeToast())
})

const wrap = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

type SignUpValues = v.InferOutput<typeof SignUpInput>
// The one sign-up form every test renders; a test passes only the Root props it is about.
function SignUp({
  submit,
  onSuccess,
  errorAlert,
}: {
  submit: (values: unknown) => Promise<ApiResponse>
  onSuccess?: (response: ApiResponse, values: SignUpValues) => void
  errorAlert?: (error: ApiRequestError, values: SignUpValues) => ReactNode
}) {
  return (
    <Form.Root
      schema={SignUpInput}
      defaultValues={{ name: '', email: '', password: '' }}
      submit={submit}
      onSuccess={onSuccess}
      errorAlert={errorAlert}
      aria-label="Sign up"
    >
      <Form.Text name="name" label="Name" />
      <Form.Email name="email" label="Email" />
      <Form.Password name="password" label="Password" />
      <Form.Submit>Create account</Form.Submit>
    </Form.Root>
  )
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const type = (name: string, value: string) => fireEvent.input(input(name), { target: { value } })
const submitButton = () => screen.getByRole('button', { name: 'Create account' })
const fillValid = () => {
  type('name', 'Ada')
  type('email', 'ADA@Example.com')
  type('password', 'Shelf-life1!')
}

test('inputs carry the API field names and the form has one submit button', () => {
  wrap(<SignUp submit={vi.fn()} />)
  for (const name of ['name', 'email', 'password']) expect(input(name)).toBeTruthy()
  expect(document.querySelectorAll('form button[type="submit"]')).toHaveLength(1)
})

test('validates on blur: translated message, aria-invalid and the field error styling', async () => {
  wrap(<SignUp submit={vi.fn()} />)
  type('email', 'not-an-email')
  expect(input('email').getAttribute('aria-invalid')).toBeNull()
  fireEvent.blur(input('email'))
  expect(await screen.findByText('Please enter a valid email address')).toBeTruthy()
  expect(input('email').getAttribute('aria-invalid')).toBe('true')
  // The input layer style (panda.config.ts) paints aria-invalid=true with the danger edge.
  expect(input('email').className).toContain('layerStyle_input')
})

test('the complex password rule needs a special character', async () => {
  wrap(<SignUp submit={vi.fn()} />)
  type('password', 'longenough')
  fireEvent.blur(input('password'))
  expect(await screen.findByText('Password must contain at least one special character')).toBeTruthy()
})

test('submit is blocked while invalid', async () => {
  const submit = vi.fn()
  wrap(<SignUp submit={submit} />)
  fireEvent.click(submitButton())
  expect(await screen.findByText('Please enter your name')).toBeTruthy()
  expect(screen.getByText('Please enter your email address')).toBeTruthy()
  expect(screen.getByText('Please enter a password')).toBeTruthy()
  expect(submit).not.toHaveBeenCalled()
})

test('a valid submit sends the schema output; the response message becomes a toast', async () => {
  const submit = vi.fn(async () => ({ message: 'Your account has been created' }))
  const onSuccess = vi.fn()
  wrap(<SignUp submit={submit} onSuccess={onSuccess} />)
  fillValid()
  fireEvent.click(submitButton())
  await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce())
  expect(submit).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com', password: 'Shelf-life1!' })
  expect(getToasts()).toMatchObject([{ title: 'Your account has been created', variant: 'success', open: true }])
})

test('while submitting the form is dimmed, inert and its button shows a spinner', async () => {
  let finish!: (r: ApiResponse) => void
  const submit = vi.fn(() => new Promise<ApiResponse>((resolve) => (finish = resolve)))
  wrap(<SignUp submit={submit} />)
  fillValid()
  fireEvent.click(submitButton())
  const form = screen.getByRole('form', { name: 'Sign up' })
  await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('true'))
  expect(form.hasAttribute('inert')).toBe(true)
  expect(submitButton().getAttribute('aria-busy')).toBe('true')
  expect(submitButton().querySelector('svg.lucide-loader-circle')).toBeTruthy()
  await act(async () => finish({}))
  await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'))
  expect(form.hasAttribute('inert')).toBe(false)
})

test('a server inputError is shown on that field and not sent to the central handler', async () => {
  const submit = vi.fn(async () => {
    throw new ApiRequestError(400, { message: 'That email address is already in use', inputError: 'email' }, 'x')
  })
  wrap(<SignUp submit={submit} />)
  fillValid()
  fireEvent.click(submitButton())
  expect(await screen.findByText('x')).toBeTruthy()
  expect(input('email').getAttribute('aria-invalid')).toBe('true')
  expect(Object.values(handlers).every((h) => h.mock.calls.length === 0)).toBe(true)
})

test('an inputError for a field the form does not show goes to the central handler', async () => {
  const submit = vi.fn(async () => {
    throw new ApiRequestError(400, { message: 'This link is invalid or has expired', inputError: 'jwt' }, 'This link is invalid or has expired')
  })
  const Schema = v.object({ jwt: v.string(), password: v.pipe(v.string(), v.nonEmpty('validation.password.required')) })
  wrap(
    <Form.Root schema={Schema} defaultValues={{ jwt: 'abc', password: '' }} submit={submit}>
      <Form.Hidden name="jwt" />
      <Form.Password name="password" label="Password" />
      <Form.Submit>Create account</Form.Submit>
    </Form.Root>,
  )
  expect(input('jwt').type).toBe('hidden')
  type('password', 'whatever')
  fireEvent.click(submitButton())
  await waitFor(() => expect(handlers.toast).toHaveBeenCalledWith('error', 'This link is invalid or has expired'))
  expect(submit).toHaveBeenCalledWith({ jwt: 'abc', password: 'whatever' })
})

test('other failures go to the central handler (401 → unauthorized with the message)', async () => {
  const submit = vi.fn(async () => {
    throw new ApiRequestError(401, { message: 'Invalid email or password' }, 'Invalid email or password')
  })
  wrap(<SignUp submit={submit} />)
  fillValid()
  fireEvent.click(submitButton())
  await waitFor(() => expect(handlers.unauthorized).toHaveBeenCalledWith('Invalid email or password', null))
})

test('errorAlert explains a failure at the top of the form: replaced on each failure, never stacked, cleared on the next send', async () => {
  let answer: () => Promise<ApiResponse> = async () => {
    throw new ApiRequestError(401, { message: 'Invalid email or password' }, 'Invalid email or password')
  }
  const submit = vi.fn(() => answer())
  wrap(
    <SignUp
      submit={submit}
      errorAlert={(error, values) => (error.status === 401 ? `${error.message} (${values.email})` : null)}
    />,
  )
  fillValid()
  fireEvent.click(submitButton())
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toBe('Invalid email or password (ada@example.com)')
  fireEvent.click(submitButton())
  await waitFor(() => expect(submit).toHaveBeenCalledTimes(2))
  await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))
  expect(handlers.unauthorized).not.toHaveBeenCalled()
  expect(getToasts()).toEqual([])
  // A failure it does not explain still goes to the central handler, and the alert is gone.
  answer = async () => {
    throw new ApiRequestError(500, { message: 'Broken' }, 'Broken')
  }
  fireEvent.click(submitButton())
  await waitFor(() => expect(handlers.toast).toHaveBeenCalledWith('error', 'Broken'))
  expect(screen.queryByRole('alert')).toBeNull()
})

test('checkbox and radio fields submit their values; disabled options cannot be chosen', async () => {
  const submit = vi.fn(async () => ({}))
  const Schema = v.object({
    plan: v.pipe(v.string(), v.nonEmpty('validation.plan.required')),
    terms: v.literal(true, 'validation.invalid'),
  })
  wrap(
    <Form.Root schema={Schema} defaultValues={{ plan: '', terms: false as never }} submit={submit}>
      <Form.Radio
        name="plan"
        label="Plans"
        options={[
          { value: 'free', label: 'Free' },
          { value: 'club', label: 'Book Club', disabled: true },
        ]}
      />
      <Form.Checkbox name="terms" label="I agree" />
      <Form.Submit>Create account</Form.Submit>
    </Form.Root>,
  )
  const radios = document.querySelectorAll<HTMLInputElement>('input[name="plan"]')
  expect([...radios].map((r) => r.value)).toEqual(['free', 'club'])
  expect(radios[1]!.disabled).toBe(true)
  fireEvent.click(submitButton())
  expect(await screen.findByText('Please choose a plan')).toBeTruthy()
  expect(screen.getByText('This value is invalid')).toBeTruthy()
  expect(submit).not.toHaveBeenCalled()

  fireEvent.click(screen.getByText('Free'))
  fireEvent.click(screen.getByText('I agree'))
  await waitFor(() => expect(document.querySelector<HTMLInputElement>('input[name="terms"]')!.checked).toBe(true))
  fireEvent.click(submitButton())
  await waitFor(() => expect(submit).toHaveBeenCalledWith({ plan: 'free', terms: true }))
})

test('typed input holds back an app update until it is undone or the form goes away', async () => {
  const view = wrap(<SignUp submit={vi.fn()} />)
  expect(hasUnsavedInput()).toBe(false)
  type('name', 'Ada')
  await waitFor(() => expect(hasUnsavedInput()).toBe(true))
  type('name', '')
  await waitFor(() => expect(hasUnsavedInput()).toBe(false))
  type('name', 'Ada')
  await waitFor(() => expect(hasUnsavedInput()).toBe(true))
  view.unmount()
  expect(hasUnsavedInput()).toBe(false)
})

test('after a refused submit, correcting a field clears its error as the reader types (no blur needed)', async () => {
  const submit = vi.fn(async () => ({}))
  wrap(
    <Form.Root schema={SignUpInput} defaultValues={{ name: '', email: '', password: '', confirm_password: '' }} submit={submit} aria-label="Sign up">
      <Form.Text name="name" label="Name" />
      <Form.Email name="email" label="Email" />
      <Form.Password name="password" label="Password" />
      <Form.Password name="confirm_password" label="Confirm" />
      <Form.Submit>Create account</Form.Submit>
    </Form.Root>,
  )
  fillValid()
  type('confirm_password', 'Shelf-life2!')
  fireEvent.click(submitButton())
  expect(await screen.findByText('Passwords do not match')).toBeTruthy()
  type('confirm_password', 'Shelf-life1!')
  await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull())
  fireEvent.click(submitButton())
  await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
})

test('before any submit, an error shown on blur clears as the field is corrected; other fields still wait for blur', async () => {
  wrap(<SignUp submit={vi.fn()} />)
  type('email', 'tess@')
  fireEvent.blur(input('email'))
  expect(await screen.findByText('Please enter a valid email address')).toBeTruthy()
  type('email', 'tess@example.com')
  await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull())
  expect(input('email').getAttribute('aria-invalid')).toBeNull()
  // A field without an error is not judged while half-typed.
  type('password', 'short')
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(screen.queryByText('Password must be at least 8 characters')).toBeNull()
})
