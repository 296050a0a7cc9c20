import { Clipboard } from '@ark-ui/react/clipboard'
import { Trans, useLingui } from '@lingui/react/macro'
import { Check, Copy } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { copyButtonRecipe } from './copy-button.recipe'

/** The check icon shows for 2000 ms after copying. */
export const COPY_CONFIRMATION_MS = 2000

export interface RootProps {
  /** The text put on the clipboard. */
  value: string
  /** Accessible name of the button; defaults to "Copy". */
  label?: string
  /** Optional visible text beside the icon. */
  children?: ReactNode
  onCopy?: () => void
  className?: string
}

const srOnly = css({ srOnly: true })

export function Root({ value, label, children, onCopy, className }: RootProps) {
  const { t } = useLingui()
  const styles = copyButtonRecipe()
  return (
    <Clipboard.Root
      value={value}
      timeout={COPY_CONFIRMATION_MS}
      onStatusChange={(details) => details.copied && onCopy?.()}
      className={cx(styles.root, className)}
    >
      <Clipboard.Trigger className={styles.trigger} aria-label={label ?? t`Copy`}>
        <Clipboard.Indicator className={styles.indicator} copied={<Check size={16} aria-hidden="true" />}>
          <Copy size={16} aria-hidden="true" />
        </Clipboard.Indicator>
        {children}
      </Clipboard.Trigger>
      {/* The icon swap is silent for screen readers; this polite region says it instead. */}
      <span role="status" className={srOnly}>
        <Clipboard.Context>{(api) => (api.copied ? <Trans>Copied</Trans> : null)}</Clipboard.Context>
      </span>
    </Clipboard.Root>
  )
}
