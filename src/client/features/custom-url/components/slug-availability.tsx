import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleX } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { useOnline } from '~/client/lib/use-online'
import { Spinner } from '~/client/ui/spinner'
import { slugCheckQuery } from '../api/slug'
import { isValidSlug } from '../slug-schema'
import { useDebouncedValue } from '../use-debounced-value'

/** The pause after typing before the live check asks the server. */
export const SLUG_CHECK_DEBOUNCE_MS = 400

const styles = {
  root: css({ display: 'flex', alignItems: 'center', gap: '1.5', minH: '5', fontSize: 'sm', mt: '-3' }),
  muted: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'fg.muted' }),
  ok: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'success' }),
  taken: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'danger' }),
}

/**
 * Live availability of the slug being typed (GET /api/url/check, debounced). Only well-formed
 * slugs are asked about, and only online: the rules themselves are the form's to report.
 */
export function SlugAvailability({ current }: { current: string | null }) {
  const online = useOnline()
  const value = ((useWatch({ name: 'slug' }) as string | undefined) ?? '').trim()
  const slug = useDebouncedValue(value, SLUG_CHECK_DEBOUNCE_MS)
  const same = !!current && slug.toLowerCase() === current.toLowerCase()
  const ask = online && slug !== '' && !same && isValidSlug(slug)
  const check = useQuery({ ...slugCheckQuery(slug), enabled: ask })
  const settled = slug === value

  let content = null
  if (same && settled) {
    content = (
      <span className={styles.muted}>
        <Trans>This is your current URL.</Trans>
      </span>
    )
  } else if (ask && (!settled || check.isFetching)) {
    content = (
      <span className={styles.muted}>
        <Spinner size="sm" />
        <Trans>Checking availability…</Trans>
      </span>
    )
  } else if (ask && check.data) {
    content = check.data.available ? (
      <span className={styles.ok}>
        <CircleCheck aria-hidden size={16} />
        <Trans>{slug} is available</Trans>
      </span>
    ) : (
      <span className={styles.taken}>
        <CircleX aria-hidden size={16} />
        <Trans>{slug} is already taken</Trans>
      </span>
    )
  }
  return (
    <p role="status" aria-live="polite" className={styles.root} data-testid="slug-availability">
      {content}
    </p>
  )
}
