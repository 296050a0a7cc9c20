import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import { send } from '~/client/lib/http'
import { displayBase, usePublicBase } from '~/client/lib/public-address'
import * as Form from '~/client/ui/form'
import { SlugInput } from '~/shared/schemas/common'
import { slugChanged } from '../api/slug'
import { useSlugStatus } from '../use-slug-status'
import { SlugAvailability } from './slug-availability'

// The kit's prefix join (ui/form/slug.tsx): square start corners beside the prefix.
const slugInputRadius = css({ borderStartRadius: '0!' })

const styles = {
  // The input gives way to the address prefix (flex-basis 0), so "host/" is never cut short.
  input: css({ flex: '1 1 0%', minW: '0' }),
  submit: css({ alignSelf: { sm: 'flex-start' }, w: { base: 'full', sm: 'auto' } }),
}

export interface SlugFormProps {
  /** The slug in force, if any. */
  current: string | null
  /** What the field starts with (the current slug, or a suggestion from the name). */
  initial?: string
  /** Where the form is used: the usage event says so. */
  from: 'welcome' | 'account'
  submitLabel?: string
  onSaved?: (slug: string) => void
  /** Leaves out the server's toast ("…the old link no longer works") where the screen says it itself. */
  quiet?: boolean
}

/**
 * "choose your custom URL" (/welcome) and the change form of /account/url: the slug field
 * (`name="slug"`, the shared slug rules and SlugInput) with the live check, one submit
 * button, PATCH /api/url. Online-only: offline the form says so and its button is
 * disabled.
 */
export function SlugForm({ current, initial, from, submitLabel, onSaved, quiet }: SlugFormProps) {
  const { t } = useLingui()
  const base = displayBase(usePublicBase())
  return (
    <Form.Root
      schema={SlugInput}
      method="patch"
      url="url"
      submit={quiet ? async (values) => ({ ...(await send('patch', 'url', values)), message: undefined }) : undefined}
      defaultValues={{ slug: initial ?? current ?? '' }}
      onSuccess={async (_res, values) => {
        await slugChanged(values.slug, current, from)
        onSaved?.(values.slug)
      }}
      aria-label={t`Custom URL`}
    >
      <Form.Slug
        name="slug"
        label={t`Custom URL`}
        prefix={`${base}/`}
        required
        maxLength={40}
        className={cx(styles.input, slugInputRadius)}
        helperText={<Trans>3 to 40 letters, digits, hyphens or underscores, starting and ending with a letter or digit.</Trans>}
      />
      <CheckAndSubmit current={current} label={submitLabel ?? t`Save URL`} />
    </Form.Root>
  )
}

/** The live check's line and the submit, which stays disabled while the slug is refused. */
function CheckAndSubmit({ current, label }: { current: string | null; label: string }) {
  const status = useSlugStatus(current)
  return (
    <>
      <SlugAvailability status={status} />
      <Form.Submit className={styles.submit} disabled={status.state === 'refused'}>
        {label}
      </Form.Submit>
    </>
  )
}
