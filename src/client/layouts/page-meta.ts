import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useMatches } from '@tanstack/react-router'

// Account layout: a page title with breadcrumbs (name and url). Routes declare them as
// static data, so the layout draws the header and the document title in one place:
//   createFileRoute('/_account/account/profile')({ staticData: { title: msg`Profile`, crumbs: [...] } })
export interface PageCrumb {
  name: MessageDescriptor
  url: string
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: MessageDescriptor
    /** The trail above the title, ending with the page itself. */
    crumbs?: PageCrumb[]
  }
}

/**
 * An account page's static data: its title, and the trail Account › (the pages between, if any) ›
 * this page, so no route spells out the account's crumb or repeats its own title as the last one.
 */
export function accountPage(title: MessageDescriptor, url: string, between: PageCrumb[] = []) {
  return { title, crumbs: [{ name: msg`Account`, url: '/account' }, ...between, { name: title, url }] }
}

/** The deepest matched route's title and crumbs. */
export function usePageMeta(): { title?: MessageDescriptor; crumbs: PageCrumb[] } {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.staticData
    if (data?.title) return { title: data.title, crumbs: data.crumbs ?? [] }
  }
  return { crumbs: [] }
}
