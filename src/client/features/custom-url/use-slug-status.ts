import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { useOnline } from '~/client/lib/use-online'
import { slugCheckQuery } from './api/slug'
import { slugProblem } from './slug-schema'
import { useDebouncedValue } from './use-debounced-value'

/** The pause after typing before the live check judges the slug (and asks the server). */
export const SLUG_CHECK_DEBOUNCE_MS = 400

export type SlugStatus =
  | { state: 'idle' | 'checking' | 'current' }
  | { state: 'available'; slug: string }
  | { state: 'refused'; message: 'validation.slug.invalid' | 'validation.slug.reserved' | 'validation.slug.taken' }

/**
 * The live check of the slug being typed, once typing pauses: the shared rules first (invalid or
 * reserved, no request), then GET /api/url/check (online only). A refusal is shown as the
 * field's own error, the one place a slug problem is ever said (so a taken slug never shows a
 * second message beside the server's), and it is cleared as soon as the reader types again.
 * The form's submit stays disabled while the slug is refused.
 */
export function useSlugStatus(current: string | null): SlugStatus {
  const online = useOnline()
  const { setError, clearErrors, getFieldState, formState } = useFormContext<{ slug: string }>()
  const value = ((useWatch({ name: 'slug' }) as string | undefined) ?? '').trim()
  const slug = useDebouncedValue(value, SLUG_CHECK_DEBOUNCE_MS)
  const settled = slug === value
  const same = !!current && slug.toLowerCase() === current.toLowerCase()
  const problem = slug === '' ? null : slugProblem(slug)
  const ask = online && slug !== '' && !same && problem === null
  const check = useQuery({ ...slugCheckQuery(slug), enabled: ask })

  let status: SlugStatus = { state: 'idle' }
  if (!settled) status = { state: 'idle' }
  else if (same) status = { state: 'current' }
  else if (problem) status = { state: 'refused', message: problem }
  else if (ask && check.isFetching) status = { state: 'checking' }
  else if (ask && check.data) status = check.data.available ? { state: 'available', slug } : { state: 'refused', message: 'validation.slug.taken' }
  else if (ask) status = { state: 'checking' }

  // Typing again drops what was said of the previous text (the live check's refusal, the rules'
  // on blur, the server's on submit) until the pause, when the live check speaks for the new one.
  const errorType = formState.errors.slug?.type
  useEffect(() => {
    if (getFieldState('slug').error) clearErrors('slug')
  }, [value, clearErrors, getFieldState])
  const refusal = status.state === 'refused' ? status.message : null
  useEffect(() => {
    if (refusal && getFieldState('slug').error?.message !== refusal) setError('slug', { type: 'live', message: refusal })
  }, [refusal, errorType, setError, getFieldState])

  return status
}
