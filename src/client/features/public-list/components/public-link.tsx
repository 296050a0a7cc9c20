import { createContext, useContext, type ComponentType, type ReactNode } from 'react'

// The public page's in-app links (the logo, "My books", "Sign up free", "Manage your books"). In
// the app they are the router's links; on the server-rendered page (src/client/public) there is
// no router, so plain anchors: the next page is a full load of the app, as a shared link's next
// click is anyway. One context instead of a router import keeps the page's script light.
export interface PublicLinkProps {
  to: '/' | '/signup' | '/books'
  className?: string
  'aria-label'?: string
  children: ReactNode
}

function Anchor({ to, children, ...rest }: PublicLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

export const PublicLinkContext = createContext<ComponentType<PublicLinkProps>>(Anchor)

export function PublicLink(props: PublicLinkProps) {
  const LinkComponent = useContext(PublicLinkContext)
  return <LinkComponent {...props} />
}
