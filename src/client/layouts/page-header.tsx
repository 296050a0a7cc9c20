import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Breadcrumbs } from '~/client/ui/breadcrumbs'
import * as Heading from '~/client/ui/page-header'
import { usePageMeta } from './page-meta'

const styles = {
  header: css({ display: 'flex', flexDirection: 'column', gap: '2', mb: { base: '5', md: '8' } }),
  title: css({ color: 'fg' }),
}

/** The page title with breadcrumbs (name and url); also the document title. */
export function PageHeader() {
  const { t, i18n } = useLingui()
  const { title, crumbs } = usePageMeta()
  const text = title ? i18n._(title) : ''
  useDocumentTitle(text)
  if (!title) return null
  return (
    <Heading.Root className={styles.header}>
      <Breadcrumbs label={t`Breadcrumbs`} items={crumbs.map((c) => ({ name: i18n._(c.name), url: c.url }))} />
      <Heading.Title className={styles.title}>{text}</Heading.Title>
    </Heading.Root>
  )
}
