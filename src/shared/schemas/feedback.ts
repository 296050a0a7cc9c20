import * as v from 'valibot'

// Feedback: POST /api/feedback {rating, comment}. Shared by the widget and
// the server route. Messages are translation ids (see common.ts).

/** The feedback widget: smile, meh and frown map to these ratings, in this order. */
export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number]

export const FEEDBACK_COMMENT_MAX = 2000

// The object's own message is what valibot reports for a missing key; rating is the only required
// one, so a body without it reads "choose how you feel" rather than a generic error.
export const FeedbackInput = v.object(
  {
    rating: v.picklist(FEEDBACK_RATINGS, 'validation.feedback.rating'),
    // Optional: a face alone is useful feedback. Blank comments are stored as null.
    comment: v.optional(
      v.nullable(
        v.pipe(
          v.string('validation.feedback.comment_max_length'),
          v.trim(),
          v.maxLength(FEEDBACK_COMMENT_MAX, 'validation.feedback.comment_max_length'),
        ),
      ),
    ),
  },
  'validation.feedback.rating',
)
export type FeedbackInput = v.InferOutput<typeof FeedbackInput>
