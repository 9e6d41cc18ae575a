import { z } from 'zod';
import { languageSchema } from './ai.js';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { noticeListSchema, noticeSchema } from './notices.js';

export const TOPIC_NAME_MAX = 200;
/** Deep-dive HTML is sanitized where it is shown; the cap only bounds storage. */
export const DEEP_DIVE_MAX = 200_000;

/**
 * Where a topic's deep dive and first lesson stand. A generated plan's content is written in the
 * background after the schedule is shown: `writing` until then, `written` once done, and
 * `not-written` when the model failed past its retries and the offline engine's version stands
 * in (the topic's `contentNote` says why; the student can ask for another try).
 */
export const TOPIC_CONTENT_STATUSES = ['writing', 'written', 'not-written'] as const;
export const topicContentStatusSchema = z.enum(TOPIC_CONTENT_STATUSES);
export type TopicContentStatus = z.infer<typeof topicContentStatusSchema>;

export const lessonRefSchema = z.object({ id: z.number().int(), title: z.string() });

/** A topic (docs/product.md, Entities); `name` and `topicName` carry the same text. */
export const topicSchema = z
  .object({
    id: z.number().int(),
    subjectId: z.number().int(),
    name: z.string(),
    topicName: z.string(),
    deepDiveContent: z.string().nullable().describe('HTML or text; sanitize before rendering'),
    completed: z.boolean(),
    lessonId: z.number().int().nullable().describe('The first lesson of the topic'),
    lessons: z.array(lessonRefSchema),
    contentStatus: topicContentStatusSchema,
    contentNote: noticeSchema
      .nullable()
      .describe('Why the model did not write the content (with `not-written`), else null'),
  })
  .describe('Topic');
export type Topic = z.infer<typeof topicSchema>;

const topicName = z
  .string()
  .trim()
  .min(1, message(M.nameRequired))
  .max(TOPIC_NAME_MAX, message(M.nameMax));

export const createTopicInputSchema = z
  .object({
    subjectId: idSchema,
    name: topicName,
    deepDiveContent: z.string().max(DEEP_DIVE_MAX).nullable().optional(),
    language: languageSchema.describe(
      'The student’s language, for the generated lesson’s own headings and prompts (default: the content’s)',
    ),
  })
  .strict()
  .describe('CreateTopicInput');
export type CreateTopicInput = z.input<typeof createTopicInputSchema>;

/**
 * The client sends the whole topic back with the flipped `completed` flag (docs/product.md, API);
 * read-only fields (id, lessons, ...) are accepted and ignored, never written.
 */
export const updateTopicInputSchema = z
  .object({
    name: topicName.optional(),
    topicName: topicName.optional(),
    deepDiveContent: z.string().max(DEEP_DIVE_MAX).nullable().optional(),
    completed: z.boolean().optional(),
  })
  .describe('UpdateTopicInput');
export type UpdateTopicInput = z.input<typeof updateTopicInputSchema>;

export const topicEndpoints = {
  listBySubject: endpoint({
    method: 'GET',
    path: '/api/generic/GetTopicsBySubjectId/:subjectId',
    params: z.object({ subjectId: idSchema }).strict(),
    body: undefined,
    response: z.array(topicSchema),
    summary: 'Topics of one subject',
  }),
  get: endpoint({
    method: 'GET',
    path: '/topics/:id',
    params: idParamsSchema,
    body: undefined,
    response: topicSchema,
    summary: 'One topic',
  }),
  create: endpoint({
    method: 'POST',
    path: '/topics',
    body: createTopicInputSchema,
    response: topicSchema,
    summary: 'Add a topic to a subject; its first lesson is generated from its name and content',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/topics/:id',
    params: idParamsSchema,
    body: updateTopicInputSchema,
    response: topicSchema,
    summary: 'Rename, edit the deep dive or toggle completion',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/topics/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Delete a topic with its lessons and sessions',
  }),
  retryContent: endpoint({
    method: 'POST',
    path: '/api/topics/:id/content/retry',
    params: idParamsSchema,
    body: undefined,
    response: topicSchema,
    summary:
      'Ask the model again for a topic whose content is `not-written`; the topic is `writing` until it is done',
  }),
  generateDeepDive: endpoint({
    method: 'POST',
    path: '/topics/:id/generate-checklist',
    params: idParamsSchema,
    query: z
      .object({
        language: languageSchema.describe(
          'The student’s language, for the engine’s own headings and checklist (default: the material’s)',
        ),
      })
      .describe('DeepDiveQuery'),
    body: undefined,
    response: topicSchema.extend({
      warnings: noticeListSchema.describe('Files not read, the builtin engine answered...'),
    }),
    summary:
      'Multipart prompt + files, `?language=` for the engine’s own words: fills the deep dive through the AI interface',
  }),
};
