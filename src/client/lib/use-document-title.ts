import { useEffect } from 'react'
import { documentTitle } from './config'

/** Sets the document title from an already translated page title (spec §1). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
