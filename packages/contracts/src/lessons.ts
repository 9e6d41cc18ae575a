import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

export const lessonSchema = z
  .object({
    id: z.number().int(),
    topicId: z.number().int(),
    title: z.string(),
    latexContent: z.string().describe('Markdown with $inline$ and $$display$$ math'),
  })
  .describe('Lesson');
export type Lesson = z.infer<typeof lessonSchema>;

export const REVIEW_COMMENT_MAX = 500;

export const lessonReviewSchema = z
  .object({
    id: z.number().int(),
    lessonId: z.number().int(),
    userId: z.number().int(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    createdAt: z.string(),
  })
  .describe('LessonReview');
export type LessonReview = z.infer<typeof lessonReviewSchema>;

export const lessonReviewInputSchema = z
  .object({
    rating: z
      .number(message(M.lessonRatingNotANumber))
      .int(message(M.lessonRatingNotWhole))
      .min(1, message(M.ratingRange))
      .max(5, message(M.ratingRange)),
    comment: z
      .string(message(M.commentRequired))
      .trim()
      .min(1, message(M.commentRequired))
      .max(REVIEW_COMMENT_MAX, message(M.commentRequired)),
  })
  .strict()
  .describe('LessonReviewInput');
export type LessonReviewInput = z.input<typeof lessonReviewInputSchema>;

const lessonIdParams = z.object({ lessonId: idSchema }).strict();

export const lessonEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/lessons/:id',
    params: idParamsSchema,
    body: undefined,
    response: lessonSchema,
    summary: 'One lesson with its Markdown and math',
  }),
  listReviews: endpoint({
    method: 'GET',
    path: '/review/lesson/:lessonId',
    params: lessonIdParams,
    body: undefined,
    response: z.array(lessonReviewSchema),
    summary: 'Reviews of a lesson, newest first',
  }),
  createReview: endpoint({
    method: 'POST',
    path: '/review/lesson/:lessonId',
    params: lessonIdParams,
    body: lessonReviewInputSchema,
    response: lessonReviewSchema,
    summary: 'Review a lesson (rating 1 to 5, comment up to 500 characters)',
  }),
};
