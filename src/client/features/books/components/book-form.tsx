import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import type { ApiResponse } from '~/client/lib/http'
import { BookCover } from '~/client/ui/book-cover'
import * as Form from '~/client/ui/form'
import { BOOK_LIMITS, parseRetailerLink } from '~/shared/schemas/book'
import { splitAuthor } from '~/shared/schemas/book-author'
import type { CatalogBook } from '~/shared/schemas/catalog'
import { CatalogSearch } from '../catalog/catalog-search'
import { ScanButton } from '../catalog/scan-button'
import { EditBookSchema, NewBookSchema, type BookFormValues } from '../form-schema'

const styles = {
  pair: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '5' }),
  found: css({ fontSize: 'sm', color: 'success', fontWeight: 'medium', mt: '-3' }),
  actions: css({
    display: 'flex',
    flexDirection: { base: 'column-reverse', sm: 'row' },
    gap: '3',
    alignItems: { sm: 'center' },
    justifyContent: 'flex-end',
    mt: '2',
  }),
  submit: css({ w: { base: 'full', sm: 'auto' } }),
  catalog: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  catalogRow: css({ display: 'flex', gap: '2', alignItems: 'flex-start', '& > :first-child': { flex: '1', minW: 0 } }),
  picked: css({ display: 'flex', gap: '3', alignItems: 'center', fontSize: 'sm', color: 'success', fontWeight: 'medium' }),
}

/**
 * A retailer link fills in the title and the author (unless the reader typed them) and shows the
 * ISBN/ASIN it carries, read from the URL alone with the shared parser: nothing is fetched.
 * A slug ending in the author's name (`Dune-Frank-Herbert`) is split in two.
 */
function LinkAssist() {
  const { t } = useLingui()
  const { setValue, getValues } = useFormContext<BookFormValues>()
  const link = useWatch<BookFormValues, 'link'>({ name: 'link' })
  const filled = useRef<{ title: string | null; author: string | null }>({ title: null, author: null })
  const parsed = link?.trim() ? parseRetailerLink(link) : null

  useEffect(() => {
    if (!parsed?.title) return
    const split = splitAuthor(parsed.title)
    const found = { title: split?.title ?? parsed.title, author: split?.author ?? '' }
    // A field the reader typed in is theirs; one this link (or the previous one) filled follows it.
    for (const field of ['title', 'author'] as const) {
      const current = getValues(field)
      if (!current.trim() || current === filled.current[field]) {
        filled.current[field] = found[field]
        setValue(field, found[field], { shouldDirty: true, shouldValidate: true })
      }
    }
  }, [parsed?.title, getValues, setValue])

  if (!parsed) return null
  const isbn = parsed.isbn
  const asin = parsed.asin
  const parts = [isbn && t`ISBN ${isbn}`, asin && asin !== isbn && t`ASIN ${asin}`].filter(Boolean).join(' · ')
  return (
    <p className={styles.found} role="status" data-testid="link-found">
      {parts ? <Trans>Book link recognised: {parts}</Trans> : <Trans>Book link recognised</Trans>}
    </p>
  )
}

/** A catalogue pick (search or scan) fills the form: title, author, ISBN-13, cover, pages, year. */
function CatalogAssist() {
  const { setValue } = useFormContext<BookFormValues>()
  const [picked, setPicked] = useState<CatalogBook | null>(null)
  const fill = (b: CatalogBook) => {
    const opts = { shouldDirty: true, shouldValidate: true }
    setValue('title', b.title, opts)
    setValue('author', b.author ?? '', opts)
    setValue('isbn', b.isbn ?? '', opts)
    setValue('imageUrl', b.imageUrl ?? '', opts)
    setValue('pages', b.pages == null ? '' : String(b.pages), opts)
    setValue('year', b.year == null ? '' : String(b.year), opts)
    setPicked(b)
  }
  const title = picked?.title
  return (
    <div className={styles.catalog}>
      <div className={styles.catalogRow}>
        <CatalogSearch onPick={fill} />
        <ScanButton onFound={fill} />
      </div>
      {picked && (
        <p className={styles.picked} role="status" data-testid="catalog-picked">
          <BookCover url={picked.imageUrl} size="sm" />
          <Trans>Filled in from the catalogue: {title}</Trans>
        </p>
      )}
    </div>
  )
}

export interface BookFormProps {
  mode: 'new' | 'edit'
  defaultValues: BookFormValues
  submit: (values: BookFormValues) => Promise<ApiResponse>
  onSuccess: () => void
  /** Shown beside the submit button (e.g. Cancel). */
  secondary?: ReactNode
}

/** The book form (/books/new and /books/{id}; only the title is required). */
export function BookForm({ mode, defaultValues, submit, onSuccess, secondary }: BookFormProps) {
  const { t } = useLingui()
  return (
    <Form.Root
      schema={mode === 'new' ? NewBookSchema : EditBookSchema}
      defaultValues={defaultValues}
      submit={submit}
      onSuccess={onSuccess}
      onlineOnly={false}
      aria-label={mode === 'new' ? t`Add a book` : t`Edit book`}
    >
      {mode === 'new' && (
        <>
          <CatalogAssist />
          <Form.Url
            name="link"
            label={t`Paste a link`}
            placeholder={t`https://www.amazon.com/…`}
            helperText={t`An Amazon book link fills in the title and ISBN for you. Optional.`}
          />
          <LinkAssist />
        </>
      )}
      <Form.Text name="title" label={t`Title`} required maxLength={BOOK_LIMITS.title} autoComplete="off" />
      <Form.Text name="author" label={t`Author`} maxLength={BOOK_LIMITS.author} autoComplete="off" />
      <div className={styles.pair}>
        <Form.Number name="pages" label={t`Pages`} inputMode="numeric" />
        <Form.Number name="year" label={t`Year published`} inputMode="numeric" />
      </div>
      <Form.Rating name="rating" label={t`Rating`} />
      <div className={styles.pair}>
        <Form.Date name="started_at" label={t`Started`} />
        <Form.Date name="finished_at" label={t`Finished`} />
      </div>
      <Form.Url
        name="imageUrl"
        label={t`Cover image URL`}
        placeholder={t`https://…`}
        helperText={t`A link to a picture of the cover (http or https).`}
      />
      <Form.Textarea name="review" label={t`Review`} maxLength={BOOK_LIMITS.review} rows={4} />
      <div className={styles.actions}>
        {secondary}
        <Form.Submit className={styles.submit}>
          {mode === 'new' ? <Trans>Add book</Trans> : <Trans>Save changes</Trans>}
        </Form.Submit>
      </div>
    </Form.Root>
  )
}
