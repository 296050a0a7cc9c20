import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import * as FileUpload from '../file-upload'
import { useFormMeta, useVisibleField } from './context'
import { useFieldError } from './messages'

// File field ("Avatar: at most one file"; messages for a wrong type, too large, too many):
// Ark FileUpload bound to the form. The value is the list of chosen files (File[]); Root sends a
// form holding files as multipart (root.tsx formBody). The browser's checks here (declared type,
// size, count) only spare a round trip: the server checks the content again.

const styles = {
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

export interface FileFieldProps {
  /** The API field name. */
  name: string
  label: ReactNode
  helperText?: ReactNode
  /** MIME types taken, e.g. ['image/png']. */
  accept?: string[]
  maxFiles?: number
  /** Bytes. */
  maxFileSize?: number
  /** Catalog ids (or texts) for a refused file: wrong type, too large, too many. */
  messages: { type: string; size: string; count: string }
  /** Shown in the drop zone before the choose button (e.g. the picture saved now). */
  children?: ReactNode
  /** The choose button's text. */
  chooseLabel: ReactNode
}

export function FileField({ name, label, helperText, accept, maxFiles = 1, maxFileSize, messages, children, chooseLabel }: FileFieldProps) {
  useVisibleField(name)
  const { t } = useLingui()
  const { register, setValue, setError, clearErrors } = useFormContext()
  const { offline } = useFormMeta()
  const error = useFieldError(name)
  const helperId = useId()
  const upload = FileUpload.useFileUpload({ name, accept, maxFiles, maxFileSize, invalid: !!error, disabled: offline })
  // Ark's state is the one source: its change callback can report a list from before the change
  // when a rejection is cleared in the same step, so the form follows the state itself.
  const { acceptedFiles, rejectedFiles } = upload
  const { onBlur } = register(name)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) return
    setValue(name, acceptedFiles, { shouldDirty: true })
    if (acceptedFiles.length) clearErrors(name)
  }, [acceptedFiles, name, setValue, clearErrors])
  useEffect(() => {
    if (first.current) return
    const refused = rejectedFiles[0]?.errors ?? []
    if (!refused.length) return
    const why = refused.includes('TOO_MANY_FILES') ? messages.count : refused.includes('FILE_TOO_LARGE') ? messages.size : messages.type
    setError(name, { type: 'validate', message: why })
  }, [rejectedFiles, name, setError, messages])
  useEffect(() => {
    first.current = false
  }, [])
  return (
    <FileUpload.RootProvider value={upload}>
      <FileUpload.Label>{label}</FileUpload.Label>
      <FileUpload.Box>
        {children}
        <FileUpload.Trigger onBlur={onBlur} aria-describedby={helperId}>
          {chooseLabel}
        </FileUpload.Trigger>
      </FileUpload.Box>
      <FileUpload.ItemGroup>
        {acceptedFiles.map((file) => (
          <FileUpload.Item key={file.name + file.size} file={file}>
            <FileUpload.ItemPreview type="image/*">
              <FileUpload.ItemPreviewImage alt={t`Preview of ${file.name}`} />
            </FileUpload.ItemPreview>
            <FileUpload.ItemName />
            <FileUpload.ItemDeleteTrigger aria-label={t`Remove ${file.name}`}>{t`Remove`}</FileUpload.ItemDeleteTrigger>
            <FileUpload.ItemSizeText />
          </FileUpload.Item>
        ))}
      </FileUpload.ItemGroup>
      <span id={helperId} aria-live="polite" className={error ? styles.error : styles.helper} data-field={error ? name : undefined}>
        {error ?? helperText}
      </span>
      <FileUpload.HiddenInput />
    </FileUpload.RootProvider>
  )
}
