import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '2', mb: '8' }),
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight', lineHeight: 'tight' }),
  description: css({ color: 'fg.muted', fontSize: 'md' }),
}

/** The heading block of an auth screen. */
export function AuthHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>{title}</h1>
      {description && <p className={styles.description}>{description}</p>}
    </div>
  )
}

export const authFooter = css({ mt: '8', fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })
export const formRow = css({ display: 'flex', justifyContent: 'flex-end', mt: '-2', fontSize: 'sm' })
