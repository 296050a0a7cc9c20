import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as Card from '~/client/ui/card'
import { CopyButton } from '~/client/ui/copy-button'
import { DataTable } from '~/client/ui/data-table'
import { textRecipe } from '~/client/ui/text'
import type { Field, Operation, Rule } from './model'

// One documented call of the API reference page (reference-page.tsx): method and path, the key
// scope it needs, its parameters and request body fields, an answer example and a curl call.

const METHOD_BADGE: Record<string, DataTable.BadgeVariant> = {
  GET: 'info',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'danger',
}

const signature = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const mono = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })
const heading = css({ fontSize: 'sm', fontWeight: 'semibold', mt: '2' })
const fieldList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  fontSize: 'sm',
  '& li': { borderTopWidth: '1px', borderColor: 'border', pt: '2' },
})
const muted = textRecipe({ tone: 'muted' })
const description = css({ color: 'fg.muted', fontSize: 'sm', display: 'flex', flexDirection: 'column', gap: '2' })
const codeBlock = css({
  position: 'relative',
  bg: 'bg.muted',
  borderRadius: 'md',
  '& pre': { fontFamily: 'mono', fontSize: 'xs', p: '3', pr: '12', overflowX: 'auto', whiteSpace: 'pre' },
})
// A call reached from the contents is not hidden under the sticky top bar.
const anchor = css({ scrollMarginTop: '20' })
const copy = css({ position: 'absolute', top: '1', right: '1' })

/** Backticked words of the document's prose as code. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i}>
            {paragraph.split(/`([^`]+)`/).map((part, j) =>
              j % 2 ? (
                <code key={j} className={mono}>
                  {part}
                </code>
              ) : (
                <Fragment key={j}>{part}</Fragment>
              ),
            )}
          </p>
        ))}
    </>
  )
}

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className={codeBlock}>
      {/* Focusable, so a keyboard can scroll a long line. */}
      <pre tabIndex={0}>{code}</pre>
      <CopyButton.Root value={code} label={label} className={copy} />
    </div>
  )
}

function RuleText({ rule }: { rule: Rule }) {
  const { t } = useLingui()
  if ('values' in rule) {
    const values = rule.values.join(', ')
    return rule.kind === 'one_of' ? <>{t`one of: ${values}`}</> : <>{t`each one of: ${values}`}</>
  }
  const { min, max } = rule
  if (rule.kind === 'length') {
    if (min !== undefined && max !== undefined) return <>{t`${min} to ${max} characters`}</>
    return max !== undefined ? <>{t`at most ${max} characters`}</> : <>{t`at least ${min} characters`}</>
  }
  if (rule.kind === 'items') {
    if (min !== undefined && max !== undefined) return <>{t`${min} to ${max} items`}</>
    return max !== undefined ? <>{t`at most ${max} items`}</> : <>{t`at least ${min} items`}</>
  }
  if (min !== undefined && max !== undefined) return <>{t`from ${min} to ${max}`}</>
  return max !== undefined ? <>{t`at most ${max}`}</> : <>{t`at least ${min}`}</>
}

function FieldItem({ field }: { field: Field }) {
  const { t } = useLingui()
  const notes: ReactNode[] = [
    field.required ? t`required` : t`optional`,
    ...(field.nullable ? [t`may be null`] : []),
    ...field.rules.map((rule, i) => <RuleText key={i} rule={rule} />),
  ]
  return (
    <li>
      <code className={mono}>{field.name}</code> <span className={muted}>{field.type}</span>
      <div className={muted}>
        {notes.map((n, i) => (
          <Fragment key={i}>
            {i > 0 && ' · '}
            {n}
          </Fragment>
        ))}
      </div>
      {field.description && (
        <div className={muted}>
          <Prose text={field.description} />
        </div>
      )}
    </li>
  )
}

export function OperationCard({ op }: { op: Operation }) {
  const { t } = useLingui()
  const titleId = `${op.id}-title`
  const example = JSON.stringify(op.example, null, 2)
  return (
    <Card.Root asChild className={anchor}>
      <section id={op.id} aria-labelledby={titleId}>
        <Card.Header>
          <Card.Title asChild>
            <h3 id={titleId}>{op.summary}</h3>
          </Card.Title>
          <p className={signature} data-testid="operation-signature">
            <DataTable.Badge variant={METHOD_BADGE[op.method]}>{op.method}</DataTable.Badge>{' '}
            <code className={mono}>{op.path}</code>
          </p>
        </Card.Header>
        <Card.Body>
          <p>
            {op.scope ? (
              <Trans>
                Scope: <code className={mono}>{op.scope}</code>
              </Trans>
            ) : (
              <Trans>A session token of a developer; API keys cannot make this call.</Trans>
            )}
          </p>
          {op.description && (
            <div className={description}>
              <Prose text={op.description} />
            </div>
          )}
          {op.parameters.length > 0 && (
            <>
              <h4 className={heading}>{t`Parameters`}</h4>
              <ul className={fieldList}>
                {op.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`}>
                    <code className={mono}>{p.name}</code>{' '}
                    <span className={muted}>
                      {p.in === 'path' ? t`in the path` : p.in === 'query' ? t`in the query` : t`header`}
                    </span>
                    {p.description && (
                      <div className={muted}>
                        <Prose text={p.description} />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {op.body && (
            <>
              <h4 className={heading}>{t`Request body (JSON)`}</h4>
              {op.bodyDescription && (
                <div className={description}>
                  <Prose text={op.bodyDescription} />
                </div>
              )}
              <ul className={fieldList}>
                {op.body.map((f) => (
                  <FieldItem key={f.name} field={f} />
                ))}
              </ul>
            </>
          )}
          <h4 className={heading}>{t`Answer ${op.status}`}</h4>
          <CodeBlock code={example} label={t`Copy the answer example of ${op.method} ${op.path}`} />
          <h4 className={heading}>{t`Example`}</h4>
          <CodeBlock code={op.curl} label={t`Copy the curl call ${op.method} ${op.path}`} />
        </Card.Body>
      </section>
    </Card.Root>
  )
}
