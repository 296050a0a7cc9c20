import { useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// The default page animation is slide-up, 300 ms; none when motion is reduced.
const slideUp = css({ animation: 'slideUp token(durations.page) ease-out', _motionReduce: { animation: 'none' } })

// The animation moves between pages: the first page of a load appears at once. Fading it in
// from transparent held back its first paint (Lighthouse's largest contentful paint) by the
// animation's length on top of the download.
let firstPage: string | null = null
let moved = false
function animates(pathname: string) {
  firstPage ??= pathname
  if (pathname !== firstPage) moved = true
  return moved
}

export function PageTransition({ children, className }: { children: ReactNode; className?: string }) {
  // Keyed by the page on screen (the deepest rendered match), not by the location: the location
  // changes as soon as a navigation starts, while the old page still renders until the new one
  // has loaded, so keying by it mounted the old page a second time and ran its effects again
  // (opening a verification link said "Your email address is verified" twice).
  const pathname = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.pathname ?? s.location.pathname })
  return (
    <div key={pathname} className={cx(animates(pathname) && slideUp, className)}>
      {children}
    </div>
  )
}
