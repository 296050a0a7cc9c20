import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useOnline } from '~/client/lib/use-online'
import * as Card from '~/client/ui/card'
import { ExternalLink } from '~/client/ui/link'
import { Spinner } from '~/client/ui/spinner'
import { openApiQuery } from '../api'
import { OfflineNotice } from '../components/offline-notice'
import { inReaderLanguage, introduction } from './call-texts'
import { operationsByTag } from './model'
import { OperationCard, Prose } from './operation'
import { TAG_NAMES } from './tag-names'
import { stackRecipe } from '~/client/ui/stack'

// The API reference, /account/apikeys/docs (GET /api/docs redirects here). It
// renders GET /api/openapi.json, which the server generates from its routes, with the app's own
// kit and bundle: no third-party script, so it works without the internet and under the app's
// CSP (README decision "API reference page").

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minW: 0 })
const toc = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
  gap: '1 6',
  fontSize: 'sm',
  '& code': { fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' },
})
const tagHeading = css({ fontSize: 'xl', fontWeight: 'semibold' })
const section = stackRecipe({ gap: '4' })

export function ReferencePage() {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`API reference`)
  const online = useOnline()
  const doc = useQuery({ ...openApiQuery(), enabled: online })
  const groups = doc.data
    ? operationsByTag(doc.data, window.location.origin).map(
        ([tag, ops]) => [tag, ops.map((op) => inReaderLanguage(op, i18n))] as const,
      )
    : []

  return (
    <div className={page}>
      <Card.Root>
        <Card.Header>
          <Card.Title>{doc.data ? `${doc.data.info.title} ${doc.data.info.version}` : t`API reference`}</Card.Title>
          <Card.Description>
            <Trans>
              Generated from the server’s own routes. The same document, for tools, is{' '}
              <ExternalLink href="/api/openapi.json">/api/openapi.json</ExternalLink> (OpenAPI 3.1).
            </Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          {!online && !doc.data && <OfflineNotice />}
          {doc.data ? (
            <>
              {doc.data.info.description && <Prose text={introduction(i18n)} />}
              <nav aria-label={t`Calls`}>
                <ul className={toc}>
                  {groups.flatMap(([, ops]) =>
                    ops.map((op) => (
                      <li key={op.id}>
                        <a href={`#${op.id}`}>{op.summary}</a> <code>{`${op.method} ${op.path}`}</code>
                      </li>
                    )),
                  )}
                </ul>
              </nav>
            </>
          ) : (
            online && <Spinner label={t`Loading…`} />
          )}
        </Card.Body>
      </Card.Root>
      {groups.map(([tag, ops]) => (
        <section key={tag} className={section} aria-label={TAG_NAMES[tag] ? i18n._(TAG_NAMES[tag]) : tag}>
          <h2 className={tagHeading}>{TAG_NAMES[tag] ? i18n._(TAG_NAMES[tag]) : tag}</h2>
          {ops.map((op) => (
            <OperationCard key={op.id} op={op} />
          ))}
        </section>
      ))}
    </div>
  )
}
