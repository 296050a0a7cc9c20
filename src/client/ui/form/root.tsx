import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useMemo, useRef, type FormHTMLAttributes, type ReactNode } from 'react'
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import type * as v from 'valibot'
import { ApiRequestError, handleError, send, type ApiResponse } from '~/client/lib/http'
import { useOnline } from '~/client/lib/use-online'
import * as Alert from '../alert'
import { toast } from '../toast'
import { FormMetaContext, type FormMeta } from './context'

type AnySchema = v.GenericSchema<any, FieldValues> | v.GenericSchemaAsync<any, FieldValues>

export interface RootProps<S extends AnySchema>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'method' | 'children'> {
  /** The shared valibot schema the API validates with (architecture rule 2). */
  schema: S
  defaultValues?: DefaultValues<v.InferInput<S>>
  /** spec §7: method and url are supplied per form; the body is JSON. */
  method?: 'post' | 'patch' | 'put' | 'delete'
  url?: string
  /** Replaces the HTTP call (tests, or a form that does more than one request). */
  submit?: (values: v.InferOutput<S>) => Promise<ApiResponse>
  onSuccess?: (response: ApiResponse, values: v.InferOutput<S>) => void | Promise<void>
  /** decisions §7: auth, billing and keys need the server; offline they say so and block submit. */
  onlineOnly?: boolean
  children: ReactNode
}

const formStyles = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  transition: 'opacity 0.15s',
  // spec §4: a submitting form is dimmed and non-interactive.
  '&[aria-busy=true]': { opacity: 0.6, cursor: 'progress' },
})

/**
 * The one form of the app: react-hook-form with the valibot schema, validated on blur; submit
 * is blocked while invalid; a server `inputError` is shown on its field, any other failure goes
 * to the central handler (spec §8); a response `message` is shown as a toast.
 */
export function Root<S extends AnySchema>({
  schema,
  defaultValues,
  method = 'post',
  url,
  submit,
  onSuccess,
  onlineOnly = true,
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
  const submitting = form.formState.isSubmitting
  const offline = onlineOnly && !online
  const meta: FormMeta = useMemo(() => ({ visibleFields, submitting, offline }), [visibleFields, submitting, offline])

  const onSubmit = form.handleSubmit(async (values) => {
    if (offline) return
    try {
      const response = submit ? await submit(values) : await send(method, url ?? '', values)
      if (typeof response.message === 'string' && response.message) {
        toast({ variant: 'success', title: response.message })
      }
      await onSuccess?.(response, values)
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.body.inputError : undefined
      if (error instanceof ApiRequestError && field && visibleFields.has(field)) {
        form.setError(field as Path<v.InferInput<S>>, { type: 'server', message: error.message }, { shouldFocus: true })
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
          {children}
        </form>
      </FormMetaContext.Provider>
    </FormProvider>
  )
}
