import { useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// spec §2/§9: the default page animation is slide-up, 300 ms; none when motion is reduced.
const slideUp = css({ animation: 'slideUp token(durations.page) ease-out', _motionReduce: { animation: 'none' } })

export function PageTransition({ children, className }: { children: ReactNode; className?: string }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <div key={pathname} className={cx(slideUp, className)}>
      {children}
    </div>
  )
}
