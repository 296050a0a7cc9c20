import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { CatalogBook } from '~/shared/schemas/catalog'
import { lookUpIsbn } from './api'
import { isbnFromEan, loadDetector } from './barcode'

// The camera and the barcode reader: rear camera preferred, a frame read every
// SCAN_EVERY_MS; the camera's tracks stop when this unmounts (the dialog closes) or a book is read.

const SCAN_EVERY_MS = 200

const styles = {
  video: css({ w: 'full', aspectRatio: '4 / 3', bg: 'black', borderRadius: 'md', objectFit: 'cover' }),
  message: css({ fontSize: 'sm', minH: '5', mt: '2' }),
  error: css({ color: 'danger', fontWeight: 'medium' }),
}

type Status = { kind: 'starting' | 'scanning' | 'looking' | 'error' | 'note'; text: string }

export function ScanView({ onFound }: { onFound: (book: CatalogBook) => void }) {
  const { t } = useLingui()
  const video = useRef<HTMLVideoElement>(null)
  const [status, setStatus] = useState<Status>({ kind: 'starting', text: t`Starting the camera…` })
  const found = useRef(onFound)
  found.current = onFound

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const stop = () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setStatus({ kind: 'error', text: t`This browser cannot use a camera here. Type the title or ISBN instead.` })
        return
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      } catch (err) {
        const name = (err as DOMException).name
        setStatus({
          kind: 'error',
          text:
            name === 'NotAllowedError' || name === 'SecurityError'
              ? t`Camera access was refused. Allow the camera for this site in your browser’s settings, or type the title instead.`
              : name === 'NotFoundError' || name === 'OverconstrainedError'
                ? t`No camera was found on this device. Type the title or ISBN instead.`
                : t`The camera could not be started (it may be in use by another app).`,
        })
        return
      }
      if (stopped) return stop()
      const el = video.current!
      el.srcObject = stream
      await el.play().catch(() => {})
      let detector
      try {
        detector = await loadDetector()
      } catch {
        setStatus({ kind: 'error', text: t`The barcode reader could not be loaded. Check your connection and try again.` })
        return stop()
      }
      setStatus({ kind: 'scanning', text: t`Looking for a barcode…` })
      const tick = async () => {
        if (stopped) return
        const codes = el.readyState >= 2 ? await detector.detect(el).catch(() => []) : []
        const ean = codes.find((c) => c.format === 'ean_13')?.rawValue
        const isbn = ean ? isbnFromEan(ean) : null
        if (ean && !isbn) {
          setStatus({ kind: 'note', text: t`That barcode (${ean}) is not a book’s ISBN: book barcodes start with 978 or 979.` })
        }
        if (!isbn) {
          timer = setTimeout(tick, SCAN_EVERY_MS)
          return
        }
        stop()
        setStatus({ kind: 'looking', text: t`Read ISBN ${isbn}. Looking it up…` })
        const r = await lookUpIsbn(isbn)
        if (r.ok && r.data) found.current(r.data)
        else if (r.ok) setStatus({ kind: 'error', text: t`ISBN ${isbn} is not in the catalogue. Type the title instead.` })
        else setStatus({ kind: 'error', text: r.message })
      }
      void tick()
    }
    void start()
    return stop
  }, [t])

  return (
    <div>
      <video ref={video} className={styles.video} muted playsInline aria-hidden data-testid="scan-video" />
      <p className={`${styles.message} ${status.kind === 'error' ? styles.error : ''}`} role={status.kind === 'error' ? 'alert' : 'status'}>
        {status.text}
      </p>
    </div>
  )
}
