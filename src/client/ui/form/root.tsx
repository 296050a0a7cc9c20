import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { Suspense, useEffect, useId, useMemo, useRef, useState, type FormHTMLAttributes, type ReactNode } from 'react'
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import type * as v from 'valibot'
import { ApiRequestError, handleError, send, type ApiResponse } from '~/client/lib/http'
import { useOnline } from '~/client/lib/use-online'
import { setUnsavedInput } from '~/client/pwa/unsaved-input'
import * as Alert from '../alert'
import { toast } from '../toast'
import { FormMetaContext, type FormMeta } from './context'
import type { ChallengeProps, ChallengeResult } from './payment/challenge'
import { LoadBoundary, retryableLazy } from './payment/lazy'
import { CardFieldError, paymentAction, withCardTokens } from './payment/submit'
import { CardError, LOCAL_PAYMENTS, type PaymentConfig } from './payment/types'

// The provider's payment confirmation is its own chunk, loaded when an answer asks for it.
const challengeChunk = retryableLazy<ChallengeProps>(() => import('./payment/challenge'))

/** The chunk did not load (the connection dropped): the payment waits, the reader is told. */
function ChallengeUnavailable({ onDone }: { onDone: (result: ChallengeResult) => void }) {
  useEffect(() => {
    challengeChunk.reset()
    onDone(new Error('The payment confirmation could not be loaded'))
  }, [onDone])
  return null
}

type AnySchema = v.GenericSchema<any, FieldValues> | v.GenericSchemaAsync<any, FieldValues>

export interface RootProps<S extends AnySchema>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'method' | 'children'> {
  /** The shared valibot schema the API validates with (architecture rule 2). */
  schema: S
  defaultValues?: DefaultValues<v.InferInput<S>>
  /** Method and url are supplied per form; the body is JSON. */
  method?: 'post' | 'patch' | 'put' | 'delete'
  url?: string
  /** Replaces the HTTP call (tests, or a form that does more than one request). */
  submit?: (values: v.InferOutput<S>) => Promise<ApiResponse>
  onSuccess?: (response: ApiResponse, values: v.InferOutput<S>) => void | Promise<void>
  /**
   * When a response says `requires_payment_action` with a `client_secret`, the card
   * provider confirms the payment; the request is then repeated with its result added.
   */
  confirmPayment?: (clientSecret: string) => Promise<Record<string, unknown>>
  /**
   * The active payment provider (GET /api/account/plans `provider`, `publishable_key`): card
   * fields tokenize through it, and without `confirmPayment` it confirms payment actions.
   */
  payment?: PaymentConfig
  /** Auth, billing and keys need the server; offline they say so and block submit. */
  onlineOnly?: boolean
  /**
   * A failure this form explains at its top instead of in a toast (a wrong password, a lockout):
   * answers the alert's content (Alert.Title, Alert.Description, links), or nothing to leave the
   * error to the central handler. Each failure replaces the alert; sending again clears it, so a
   * repeated failure is announced again but never stacks.
   */
  errorAlert?: (error: ApiRequestError, values: v.InferOutput<S>) => ReactNode
  children: ReactNode
}

/** True for a browser file list (or a list of files), which needs a multipart body. */
function isFiles(value: unknown): boolean {
  if (typeof FileList !== 'undefined' && value instanceof FileList) return true
  if (typeof File !== 'undefined' && value instanceof File) return true
  return Array.isArray(value) && value.length > 0 && value.every((f) => typeof File !== 'undefined' && f instanceof File)
}

/**
 * Generic form submit: the body is JSON, or multipart when any value is a file list
 * (each file under the field's name; other values as text, objects as JSON).
 */
export function formBody(values: Record<string, unknown>): { json: unknown } | { body: FormData } {
  if (!Object.values(values).some(isFiles)) return { json: values }
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue
    if (isFiles(value)) for (const file of Array.from(value as ArrayLike<File>)) data.append(key, file)
    else data.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return { body: data }
}

function PaymentChallengeChunk(props: ChallengeProps) {
  const Challenge = challengeChunk.get()
  return <Challenge {...props} />
}

function sendForm(method: 'post' | 'patch' | 'put' | 'delete', url: string, values: unknown) {
  const body = formBody((values ?? {}) as Record<string, unknown>)
  return 'json' in body ? send(method, url, body.json) : send(method, url, undefined, { body: body.body })
}

const formStyles = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  transition: 'opacity 0.15s',
  // A submitting form is dimmed and non-interactive.
  '&[aria-busy=true]': { opacity: 0.6, cursor: 'progress' },
})

/**
 * The one form of the app: react-hook-form with the valibot schema, validated on blur; submit
 * is blocked while invalid; a server `inputError` is shown on its field, any other failure goes
 * to the central handler; a response `message` is shown as a toast.
 */
export function Root<S extends AnySchema>({
  schema,
  defaultValues,
  method = 'post',
  url,
  submit,
  onSuccess,
  confirmPayment,
  payment = LOCAL_PAYMENTS,
  onlineOnly = true,
  errorAlert,
  className,
  children,
  ...rest
}: RootProps<S>) {
  const { t } = useLingui()
  const online = useOnline()
  const form = useForm<v.InferInput<S>, unknown, v.InferOutput<S>>({
    resolver: valibotResolver(schema as never) as never,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues,
  })
  const visibleFields = useRef(new Set<string>()).current
  const cardFields = useRef(new Map<string, () => Promise<string>>()).current
  const [failure, setFailure] = useState<ReactNode>(null)
  const [challenge, setChallenge] = useState<{ secret: string; done: (result: ChallengeResult) => void } | null>(null)
  const submitting = form.formState.isSubmitting
  const offline = onlineOnly && !online
  const meta: FormMeta = useMemo(
    () => ({ visibleFields, submitting, offline, payment, cardFields }),
    [visibleFields, submitting, offline, payment, cardFields],
  )
  // Without a confirmPayment of the caller's, the provider's own client confirms (challenge.tsx).
  const confirm =
    confirmPayment ??
    ((secret: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        setChallenge({
          secret,
          done: (result) => {
            setChallenge(null)
            if (result instanceof Error) reject(result)
            else resolve(result)
          },
        })
      }))
  /** A card the provider refused, or whose payment was not authorised: said on the card field. */
  const cardFailure = (error: CardError) => {
    const field = error instanceof CardFieldError ? error.field : [...cardFields.keys()][0]
    if (field && visibleFields.has(field)) {
      form.setError(field as Path<v.InferInput<S>>, { type: 'server', message: error.message }, { shouldFocus: true })
    } else toast({ variant: 'error', title: error.message })
  }
  // Input that differs from the form's starting values holds back an app update's automatic
  // reload (src/client/pwa/register.ts); leaving the form (unmount) releases it.
  const formId = useId()
  const unsaved = form.formState.isDirty
  useEffect(() => {
    setUnsavedInput(formId, unsaved)
    return () => setUnsavedInput(formId, false)
  }, [formId, unsaved])

  // A field that shows an error is checked again at each change, so the error goes as soon as
  // the input is right. Without this, before the first submit the form checks only on blur: the
  // reader who corrects a field and clicks the submit button blurs the field on mousedown, its
  // error vanishes, the button moves up from under the pointer and the click is lost. Fields
  // without an error still wait for blur, so nothing is reported half-typed.
  const { watch, getFieldState, trigger } = form
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (name && type && getFieldState(name as Path<v.InferInput<S>>).error) void trigger(name as Path<v.InferInput<S>>)
    })
    return () => subscription.unsubscribe()
  }, [watch, getFieldState, trigger])

  const onSubmit = form.handleSubmit(async (values) => {
    if (offline) return
    setFailure(null)
    const request = (body: v.InferOutput<S>) => (submit ? submit(body) : sendForm(method, url ?? '', body))
    try {
      const body = await withCardTokens(values as Record<string, unknown>, cardFields)
      let response = await request(body as v.InferOutput<S>)
      const secret = paymentAction(response)
      if (secret) {
        let result: Record<string, unknown>
        try {
          result = await confirm(secret)
        } catch (error) {
          // A failed authentication is the card's (nothing was charged); any
          // other confirmation failure goes to the global handler.
          if (error instanceof CardError) cardFailure(error)
          else await handleError(error)
          return
        }
        response = await request({ ...body, ...result } as v.InferOutput<S>)
      }
      if (typeof response.message === 'string' && response.message) {
        toast({ variant: 'success', title: response.message })
      }
      await onSuccess?.(response, values)
    } catch (error) {
      if (error instanceof CardError) {
        cardFailure(error)
        return
      }
      const field = error instanceof ApiRequestError ? error.body.inputError : undefined
      if (error instanceof ApiRequestError && field && visibleFields.has(field)) {
        form.setError(field as Path<v.InferInput<S>>, { type: 'server', message: error.message }, { shouldFocus: true })
        return
      }
      const explained = error instanceof ApiRequestError ? errorAlert?.(error, values) : null
      if (explained) {
        setFailure(explained)
        return
      }
      await handleError(error)
    }
  })

  return (
    <FormProvider {...form}>
      <FormMetaContext.Provider value={meta}>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-busy={submitting}
          inert={submitting}
          className={cx(formStyles, className)}
          {...rest}
        >
          {offline && (
            <Alert.Root status="warning">
              <Alert.Icon />
              <Alert.Content>
                <Alert.Description>{t`You are offline. Connect to the internet to continue.`}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {failure && (
            <Alert.Root status="error" data-testid="form-error">
              <Alert.Icon />
              <Alert.Content>{failure}</Alert.Content>
            </Alert.Root>
          )}
          {children}
        </form>
        {challenge && (
          <LoadBoundary onRetry={challengeChunk.reset} fallback={() => <ChallengeUnavailable onDone={challenge.done} />}>
            <Suspense fallback={null}>
              <PaymentChallengeChunk config={payment} clientSecret={challenge.secret} onDone={challenge.done} />
            </Suspense>
          </LoadBoundary>
        )}
      </FormMetaContext.Provider>
    </FormProvider>
  )
}

