import { useLingui } from '@lingui/react/macro'
import { useFormContext, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import type { UserRow } from '~/client/db'
import { Avatar } from '~/client/ui/avatar'
import { Button } from '~/client/ui/button'
import { textRecipe } from '~/client/ui/text'

const row = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const note = textRecipe({ tone: 'muted', size: 'sm' })

/**
 * The avatar as saved (the kit's fallback letter without one) beside the picture field, with
 * "Remove picture": the removal is sent with the form's other changes (`avatar: null`). A newly
 * chosen picture shows in the field's own preview and replaces this one on save.
 */
export function SavedPicture({ user }: { user: Pick<UserRow, 'name' | 'avatar'> }) {
  const { t } = useLingui()
  const { setValue } = useFormContext()
  const removing = useWatch({ name: 'remove_avatar' }) as boolean
  const chosen = ((useWatch({ name: 'avatar' }) as File[] | undefined) ?? []).length > 0
  const shown = user.avatar && !removing ? user.avatar : null
  return (
    <div className={row}>
      <Avatar name={user.name} src={shown} size="lg" />
      {user.avatar && !chosen && (
        <Button variant="ghost" size="sm" onClick={() => setValue('remove_avatar', !removing, { shouldDirty: true })}>
          {removing ? t`Keep picture` : t`Remove picture`}
        </Button>
      )}
      {removing && !chosen && <span className={note}>{t`Your picture is removed when you save.`}</span>}
    </div>
  )
}
