import { Trans } from '@lingui/react/macro'
import { CircleCheck } from 'lucide-react'
import { useFormState } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Spinner } from '~/client/ui/spinner'
import type { SlugStatus } from '../use-slug-status'

const styles = {
  root: css({ display: 'flex', alignItems: 'center', gap: '1.5', minH: '5', fontSize: 'sm', mt: '-3' }),
  muted: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'fg.muted' }),
  ok: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'success' }),
}

/**
 * The live check's good news and progress ("Checking…", "… is available", "your current URL").
 * Problems are the field's error (useSlugStatus): while the field shows one, this line is empty,
 * so the reader reads one message at a time.
 */
export function SlugAvailability({ status }: { status: SlugStatus }) {
  const { errors } = useFormState<{ slug: string }>({ name: 'slug' })
  let content = null
  if (errors.slug) content = null
  else if (status.state === 'current') {
    content = (
      <span className={styles.muted}>
        <Trans>This is your current URL.</Trans>
      </span>
    )
  } else if (status.state === 'checking') {
    content = (
      <span className={styles.muted}>
        <Spinner size="sm" />
        <Trans>Checking availability…</Trans>
      </span>
    )
  } else if (status.state === 'available') {
    const slug = status.slug
    content = (
      <span className={styles.ok}>
        <CircleCheck aria-hidden size={16} />
        <Trans>{slug} is available</Trans>
      </span>
    )
  }
  return (
    <p role="status" aria-live="polite" className={styles.root} data-testid="slug-availability">
      {content}
    </p>
  )
}
