import { Field } from '@ark-ui/react/field'
import { Popover } from '@ark-ui/react/popover'
import { Portal } from '~/client/ui/portal'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CircleCheck, Frown, Heart, Meh, Smile, X, type LucideIcon } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { ApiRequestError, handleError, send } from '~/client/lib/http'
import { Button } from '~/client/ui/button'
import { FEEDBACK_COMMENT_MAX, type FeedbackInput, type FeedbackRating } from '~/shared/schemas/feedback'
import { feedbackRecipe } from './feedback.recipe'

/** The panel closes 3000 ms after a successful submit. */
export const FEEDBACK_CLOSE_MS = 3000

/** Smile, meh and frown map to positive, neutral and negative. */
export const FACES = [
  { rating: 'positive', Icon: Smile, label: msg`Positive` },
  { rating: 'neutral', Icon: Meh, label: msg`Neutral` },
  { rating: 'negative', Icon: Frown, label: msg`Negative` },
] as const satisfies readonly { rating: FeedbackRating; Icon: LucideIcon; label: unknown }[]

type Status = 'choosing' | 'sending' | 'sent'

export interface RootProps {
  /** Called after the server accepted the feedback. */
  onSent?: (input: FeedbackInput) => void
  /**
   * `floating` (default): the fixed heart at the bottom right, shown from md up. `bar`: the same
   * heart inside a phone's top bar, where nothing floats over the page's buttons.
   */
  placement?: 'floating' | 'bar'
}

/**
 * The feedback widget: a fixed heart button that opens a panel; pick a face, add an
 * optional comment, send it to POST /api/feedback. Mount it once in the signed-in layouts.
 */
export function Root({ onSent, placement = 'floating' }: RootProps) {
  const { t, i18n } = useLingui()
  const styles = feedbackRecipe({ placement })
  const [open, setOpen] = useState(false)
  const [rating, setRating] = useState<FeedbackRating | null>(null)
  const [comment, setComment] = useState('')
  const [status, setStatus] = useState<Status>('choosing')
  const [commentError, setCommentError] = useState<string | null>(null)
  const [thanks, setThanks] = useState('')

  const reset = () => {
    setRating(null)
    setComment('')
    setStatus('choosing')
    setCommentError(null)
    setThanks('')
  }

  useEffect(() => {
    if (status !== 'sent') return
    const timer = setTimeout(() => {
      setOpen(false)
      reset()
    }, FEEDBACK_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [status])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!rating || status !== 'choosing') return
    setStatus('sending')
    setCommentError(null)
    const input: FeedbackInput = { rating, comment: comment.trim() || undefined }
    try {
      const res = await send('post', 'feedback', input)
      setThanks(res.message || t`Thank you for your feedback!`)
      setStatus('sent')
      onSent?.(input)
    } catch (error) {
      setStatus('choosing')
      // An inputError is shown on its field; anything else goes to the central handler.
      if (error instanceof ApiRequestError && error.body.inputError === 'comment') setCommentError(error.message)
      else await handleError(error)
    }
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open)
        if (!details.open) reset()
      }}
      positioning={{ placement: placement === 'bar' ? 'bottom-end' : 'top-end', gutter: 12 }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger className={styles.trigger} aria-label={t`Send feedback`}>
        <Heart aria-hidden="true" size={placement === 'bar' ? 18 : 22} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner className={styles.positioner}>
          <Popover.Content className={styles.content}>
            <Popover.Title className={styles.title}>
              <Trans>How is your reading list working for you?</Trans>
            </Popover.Title>
            <Popover.CloseTrigger className={styles.closeTrigger} aria-label={t`Close`}>
              <X aria-hidden="true" size={16} />
            </Popover.CloseTrigger>

            {status === 'sent' ? (
              <p role="status" className={styles.thanks}>
                <CircleCheck aria-hidden="true" size={20} />
                {thanks}
              </p>
            ) : (
              <>
                <div role="group" aria-label={t`Your rating`} className={styles.faces}>
                  {FACES.map(({ rating: value, Icon, label }) => (
                    <button
                      key={value}
                      type="button"
                      className={styles.face}
                      aria-pressed={rating === value}
                      onClick={() => setRating(value)}
                      disabled={status === 'sending'}
                    >
                      <Icon aria-hidden="true" size={28} />
                      {i18n._(label)}
                    </button>
                  ))}
                </div>
                {rating && (
                  <form className={styles.form} onSubmit={submit} aria-busy={status === 'sending'} noValidate>
                    <Field.Root className={styles.field} invalid={commentError !== null}>
                      <Field.Label className={styles.fieldLabel}>
                        <Trans>Comment (optional)</Trans>
                      </Field.Label>
                      <Field.Textarea
                        className={styles.textarea}
                        name="comment"
                        value={comment}
                        maxLength={FEEDBACK_COMMENT_MAX}
                        onChange={(e) => setComment(e.target.value)}
                        readOnly={status === 'sending'}
                      />
                      <Field.ErrorText className={styles.errorText}>{commentError}</Field.ErrorText>
                    </Field.Root>
                    <Button type="submit" loading={status === 'sending'}>
                      <Trans>Send feedback</Trans>
                    </Button>
                  </form>
                )}
              </>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
