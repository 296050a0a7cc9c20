import { useLingui } from '@lingui/react/macro'
import type { ApiRequestError } from '~/client/lib/http'
import * as Alert from '~/client/ui/alert'

/**
 * The create and edit forms explain a refusal at the form, not only in a toast that fades: past
 * the creation limit (429, KEY_CREATE_LIMIT), a 403 (the role changed), any other server error.
 * 401 (signed out), 402 (the plan lost API keys: the upgrade screen) and 404 (the key is gone:
 * /404) keep the central handling.
 */
export function useKeyFormError(failedTitle: string) {
  const { t } = useLingui()
  return (error: ApiRequestError) =>
    [401, 402, 404].includes(error.status) ? null : (
      <>
        {/* The server's message says why (a 429's says when to try again). */}
        <Alert.Title>{failedTitle}</Alert.Title>
        <Alert.Description>{error.message || t`Please try again.`}</Alert.Description>
      </>
    )
}
