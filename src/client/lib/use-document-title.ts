import { useEffect } from 'react'
import { documentTitle } from './config'

/**
 * The title the last page rendered on the server asked for: a server render runs no effects, so
 * the server-rendered signed-out screens (src/client/public/render.tsx) read it from here for the
 * HTML's <title>.
 */
export const renderedTitle = { current: null as string | null }

/** Sets the document title from an already translated page title. */
export function useDocumentTitle(title: string) {
  if (typeof document === 'undefined') renderedTitle.current = documentTitle(title)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
