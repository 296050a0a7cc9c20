import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import * as Form from '~/client/ui/form'
import { KEY_NAME_MAX } from '~/shared/schemas/key'
import { scopesQuery } from '../api'

const code = css({ fontFamily: 'mono' })

/** The fields of a key, shared by create and edit: a name and its scopes. */
export function KeyFields() {
  const { t } = useLingui()
  // Labels come translated from GET /api/key/scopes; the scope's own name is shown under each.
  const scopes = useQuery(scopesQuery())
  return (
    <>
      <Form.Text
        name="name"
        label={t`Name`}
        helperText={t`Say where the key is used, e.g. “Reading shortcut”.`}
        maxLength={KEY_NAME_MAX}
        required
      />
      <Form.CheckboxGroup
        name="scope"
        label={t`Scopes`}
        options={(scopes.data ?? []).map((s) => ({
          value: s.value,
          label: s.label,
          description: <span className={code}>{s.value}</span>,
        }))}
      />
    </>
  )
}
