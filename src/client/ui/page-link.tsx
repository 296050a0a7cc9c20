import { createContext, useContext, type AnchorHTMLAttributes, type ReactElement } from 'react'
import { cx } from 'styled-system/css'
import { linkRecipe } from './link-recipe'

// A link to another page of the app that works with or without the router:
// the signed-out screens are drawn by the SPA (in-app navigation through the router) and by the
// server, hydrated by a light entry with no router, where each link is a full-page navigation
// (every signed-out screen is server-rendered). The SPA's auth layout provides its router link.

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }
export type PageLinkComponent = (props: PageLinkProps) => ReactElement

const PlainLink: PageLinkComponent = ({ to, ...props }) => <a href={to} {...props} />

const PageLinkContext = createContext<PageLinkComponent>(PlainLink)

export const PageLinkProvider = PageLinkContext.Provider

/** An unstyled link to `to` (a path of this app). */
export function PageLink(props: PageLinkProps) {
  const Link = useContext(PageLinkContext)
  return <Link {...props} />
}

/** The same link styled as text links are (ui/link.tsx). */
export function TextLink({ className, ...props }: PageLinkProps) {
  return <PageLink className={cx(linkRecipe({}), className)} {...props} />
}
