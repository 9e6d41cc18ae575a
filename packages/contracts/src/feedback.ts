import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

/** The app-feedback popup (docs/product.md, Screens): rating 0 to 5 and two free texts. */
export const feedbackInputSchema = z
  .object({
    rating: z
      .number(message(M.feedbackRatingNotANumber))
      .int(message(M.feedbackRatingNotWhole))
      .min(0, message(M.feedbackRatingRange))
      .max(5, message(M.feedbackRatingRange)),
    pleased: z.string().trim().max(2000, message(M.feedbackTextMax)).optional().default(''),
    recommendation: z.string().trim().max(2000, message(M.feedbackTextMax)).optional().default(''),
    page: z
      .string()
      .max(200)
      // A path of this site only: not `//host` or `/\host`, which browsers read as another
      // site (the admin screen shows it), and no control characters.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what it refuses.
      .regex(/^\/(?![/\\])[^\u0000-\u001f\u007f]*$/, message(M.pageInvalid))
      .optional()
      .describe('The path of the page the feedback was sent from'),
  })
  .strict()
  .describe('FeedbackInput');
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    pleased: z.string(),
    recommendation: z.string(),
    createdAt: z.string(),
  })
  .describe('Feedback');
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/review',
    body: feedbackInputSchema,
    response: feedbackSchema,
    summary: 'Send feedback about the app',
  }),
};
