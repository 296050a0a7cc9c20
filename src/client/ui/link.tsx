import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes } from 'react'
import { cva, cx } from 'styled-system/css'

export const linkRecipe = cva({
  base: {
    color: 'accent',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textDecorationThickness: '1px',
    textUnderlineOffset: '3px',
    borderRadius: 'xs',
    _hover: { color: 'accent.hover', textDecorationThickness: '2px' },
  },
  variants: {
    subtle: { true: { color: 'fg.muted', _hover: { color: 'fg' } } },
  },
})

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
