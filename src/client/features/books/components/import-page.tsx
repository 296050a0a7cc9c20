import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import { buttonRecipe } from '~/client/ui/button'
import { Progress } from '~/client/ui/progress'
import { textRecipe } from '~/client/ui/text'
import { useImport } from '../csv/use-import'
import { FormPage } from './form-page'

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  field: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  label: css({ fontWeight: 'medium' }),
  hint: textRecipe({ tone: 'muted', size: 'sm' }),
  file: css({
    fontSize: 'sm',
    '&::file-selector-button': {
      mr: '3',
      px: '4',
      py: '2',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'bg.subtle',
      color: 'fg',
      cursor: 'pointer',
      fontWeight: 'medium',
    },
  }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
}

/**
 * /books/import (decision 35): one file input for a Goodreads or StoryGraph export. The books
 * are read on this device and added through the outbox, so it works offline and syncs later.
 * Opened from the onboarding's first-books step (`welcomePage`), its ways out
 * lead back to that step, where the imported books are listed, not away from the onboarding.
 */
export function ImportPage({ welcomePage }: { welcomePage?: number } = {}) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Import books`)
  const { state, run, reset } = useImport()
  const input = useRef<HTMLInputElement>(null)
  const busy = state.phase === 'running'
  return (
    <FormPage
      back={
        welcomePage
          ? { to: '/welcome', search: { page: welcomePage }, label: <Trans>Back to your first books</Trans> }
          : undefined
      }
      title={<Trans>Import books</Trans>}
      lead={<Trans>Bring your list from Goodreads or The StoryGraph. Books already on your list are skipped.</Trans>}
    >
      <div className={styles.stack}>
        <div className={styles.field}>
          <label htmlFor="import-file" className={styles.label}>
            <Trans>Export file (CSV)</Trans>
          </label>
          <input
            ref={input}
            id="import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            className={styles.file}
            disabled={busy}
            aria-describedby="import-hint"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) void run(file)
            }}
          />
          <p id="import-hint" className={styles.hint}>
            <Trans>
              Goodreads: My Books, Import and export, Export library. The StoryGraph: Manage account, Export StoryGraph
              library.
            </Trans>
          </p>
        </div>

        {busy && <Progress.Root value={state.progress} label={<Trans>Importing your books</Trans>} />}

        <div aria-live="polite">
          {state.phase === 'done' && (
            <Alert.Root status="success">
              <Alert.Icon />
              <Alert.Content>
                <Alert.Title>
                  <Trans>Import finished</Trans>
                </Alert.Title>
                <Alert.Description>
                  <ImportSummary
                    imported={state.imported}
                    skipped={state.skipped}
                    unreadable={state.unreadable}
                    format={(n) => i18n.number(n)}
                  />
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {state.phase === 'error' && (
            <Alert.Root status="error">
              <Alert.Icon />
              <Alert.Content>
                <Alert.Title>
                  {state.reason === 'format' ? (
                    <Trans>This is not a Goodreads or StoryGraph export</Trans>
                  ) : (
                    <Trans>The file could not be imported</Trans>
                  )}
                </Alert.Title>
                <Alert.Description>
                  <Trans>Choose the CSV file the site exported, unchanged.</Trans>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </div>

        {state.phase === 'done' && (
          <div className={styles.actions}>
            {welcomePage ? (
              <Link
                to="/welcome"
                search={{ page: welcomePage }}
                className={buttonRecipe({ variant: 'solid', size: 'md' })}
              >
                <Trans>Back to your first books</Trans>
              </Link>
            ) : (
              <Link to="/books" className={buttonRecipe({ variant: 'solid', size: 'md' })}>
                <Trans>See your books</Trans>
              </Link>
            )}
            <button
              type="button"
              className={buttonRecipe({ variant: 'outline', size: 'md' })}
              onClick={() => {
                reset()
                if (input.current) input.current.value = ''
                input.current?.focus()
              }}
            >
              <Trans>Import another file</Trans>
            </button>
          </div>
        )}
      </div>
    </FormPage>
  )
}

function ImportSummary({
  imported,
  skipped,
  unreadable,
  format,
}: {
  imported: number
  skipped: number
  unreadable: number
  format: (n: number) => string
}) {
  const n = format(imported)
  const s = format(skipped)
  const u = format(unreadable)
  return (
    <>
      {imported === 1 ? <Trans>1 book imported.</Trans> : <Trans>{n} books imported.</Trans>}{' '}
      {skipped === 1 ? (
        <Trans>1 skipped as already on your list.</Trans>
      ) : (
        <Trans>{s} skipped as already on your list.</Trans>
      )}
      {unreadable > 0 && (
        <>
          {' '}
          {unreadable === 1 ? (
            <Trans>1 row without a title was left out.</Trans>
          ) : (
            <Trans>{u} rows without a title were left out.</Trans>
          )}
        </>
      )}
    </>
  )
}
