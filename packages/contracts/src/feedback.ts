import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** The app-feedback popup (docs/product.md, Screens): rating 0 to 5 and two free texts. */
export const feedbackInputSchema = z
  .object({
    rating: z
      .number({ error: 'Rating must be a number from 0 to 5.' })
      .int('Rating must be a whole number from 0 to 5.')
      .min(0, 'Rating must be from 0 to 5.')
      .max(5, 'Rating must be from 0 to 5.'),
    pleased: z.string().trim().max(2000, 'At most 2000 characters.').optional().default(''),
    recommendation: z.string().trim().max(2000, 'At most 2000 characters.').optional().default(''),
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
