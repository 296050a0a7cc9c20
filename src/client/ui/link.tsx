import { createLink, Link as RouterLinkPlain, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { linkRecipe } from './link-recipe'
import type { PageLinkComponent } from './page-link'

export { linkRecipe }

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { subtle?: boolean }

const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorProps>(function StyledAnchor(
  { className, subtle, ...props },
  ref,
) {
  return <a ref={ref} className={cx(linkRecipe({ subtle }), className)} {...props} />
})

const RouterLink = createLink(StyledAnchor)

/** A styled in-app link with the router's typed `to`. */
export const Link: LinkComponent<typeof StyledAnchor> = (props) => <RouterLink preload="intent" {...props} />

/** A styled link to another site. */
export function ExternalLink(props: AnchorProps) {
  return <StyledAnchor rel="noopener" {...props} />
}

/** The router's link as the app's PageLink (ui/page-link.tsx): in-app navigation in the SPA. */
export const RouterPageLink: PageLinkComponent = ({ to, ...props }) => <RouterLinkPlain to={to} preload="intent" {...props} />
