import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as PageHeader from '~/client/ui/page-header'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '2', mb: '8' }),
  title: css({ lineHeight: 'tight' }),
  description: css({ color: 'fg.muted', fontSize: 'md' }),
}

/** The heading block of an auth screen. */
export function AuthHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <PageHeader.Root className={styles.root}>
      <PageHeader.Title className={styles.title}>{title}</PageHeader.Title>
      {description && <p className={styles.description}>{description}</p>}
    </PageHeader.Root>
  )
}

export const authFooter = css({ mt: '8', fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })
export const formRow = css({ display: 'flex', justifyContent: 'flex-end', mt: '-2', fontSize: 'sm' })
