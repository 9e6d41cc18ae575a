import { z } from 'zod';
import { languageQuerySchema } from './ai.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema, isoDateTimeSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { noticeListSchema } from './notices.js';

/** An imported card's image: a base64 data URL of a PNG, JPEG, GIF or WebP (never SVG). */
export const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

export const FLASHCARD_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type FlashcardRating = (typeof FLASHCARD_RATINGS)[number];

export const flashcardSchema = z
  .object({
    id: z.number().int(),
    lessonId: z.number().int(),
    front: z.string().describe('The question or the sentence with a blank (____)'),
    back: z.string().describe('The answer, taken from the material'),
    kind: z
      .enum(['definition', 'term', 'cause', 'cloze', 'number', 'imported'])
      .describe('How the card was made (imported: from an Anki package or a CSV file)'),
    source: z.string().describe('The sentence of the material the card comes from'),
    state: z.enum(['new', 'learning', 'review', 'relearning']),
    due: z.string().describe('When the card is next due (ISO 8601, UTC)'),
    reps: z.number().int(),
    lapses: z.number().int(),
    lastReview: z.string().nullable(),
    suspended: z.boolean().describe('Suspended in Anki before the import: never due'),
    images: z
      .array(
        z.object({
          src: z.string().describe('A data: URL of a PNG, JPEG, GIF or WebP'),
          alt: z.string(),
          side: z.enum(['front', 'back']).describe('Shown with the question, or with the answer'),
        }),
      )
      .describe('Images an imported card shows'),
  })
  .describe('Flashcard');
export type Flashcard = z.infer<typeof flashcardSchema>;

export const flashcardDeckSchema = z
  .object({
    lessonId: z.number().int(),
    cards: z.array(flashcardSchema),
    dueCount: z.number().int().describe('Cards due now'),
    nextDue: z.string().nullable().describe('The earliest due date of the deck'),
    modelVersion: z.string().optional(),
    warnings: noticeListSchema.describe('Notes to show about how the deck was made'),
  })
  .describe('FlashcardDeck');
export type FlashcardDeck = z.infer<typeof flashcardDeckSchema>;

export const flashcardReviewInputSchema = z
  .object({
    rating: z
      .enum(FLASHCARD_RATINGS, message(M.flashcardRatingInvalid))
      .describe('How well the student remembered'),
    reviewedAt: isoDateTimeSchema
      .optional()
      .describe(
        'When the review was made, for one made offline and sent later (default: now); not in the future, not before the card’s last review',
      ),
  })
  .strict()
  .describe('FlashcardReviewInput');
export type FlashcardReviewInput = z.input<typeof flashcardReviewInputSchema>;

const lessonIdParams = z.object({ lessonId: idSchema }).strict();

/** The review-time checks' messages (the server's, on `reviewedAt`). */
export const FLASHCARD_MESSAGES = {
  reviewedAtFuture: M.reviewedAtFuture.en,
  reviewedAtBeforeLast: M.reviewedAtBeforeLast.en,
} as const;

export const flashcardEndpoints = {
  generate: endpoint({
    method: 'POST',
    path: '/lessons/:lessonId/flashcards',
    params: lessonIdParams,
    query: languageQuerySchema,
    body: undefined,
    response: flashcardDeckSchema,
    summary: 'Generate (or regenerate) the lesson’s deck; review history of the old deck goes',
  }),
  list: endpoint({
    method: 'GET',
    path: '/lessons/:lessonId/flashcards',
    params: lessonIdParams,
    body: undefined,
    response: flashcardDeckSchema,
    summary: 'The lesson’s whole deck',
  }),
  due: endpoint({
    method: 'GET',
    path: '/lessons/:lessonId/flashcards/due',
    params: lessonIdParams,
    body: undefined,
    response: flashcardDeckSchema,
    summary: 'The lesson’s cards due now, most overdue first',
  }),
  review: endpoint({
    method: 'POST',
    path: '/flashcards/:id/review',
    params: idParamsSchema,
    body: flashcardReviewInputSchema,
    response: flashcardSchema,
    summary: 'Rate a card (FSRS); returns it with its next due date',
  }),
};
