import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema, isoDateSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { topicSchema } from './topics.js';

/** How much a subject weighs in the plan: 0 = low, 1 = medium, 2 = high (the wizard's scale). */
export const subjectPrioritySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SubjectPriority = z.infer<typeof subjectPrioritySchema>;

export const subjectSchema = z
  .object({
    id: z.number().int(),
    studyPlanId: z.number().int(),
    name: z.string(),
    examDate: z
      .string()
      .nullable()
      .describe("The exam day, YYYY-MM-DD in the plan's time zone; null when there is none"),
    priority: subjectPrioritySchema.describe('0 = low, 1 = medium, 2 = high'),
    topics: z.array(topicSchema),
  })
  .describe('Subject');
export type Subject = z.infer<typeof subjectSchema>;

const subjectName = z.string().trim().min(1, message(M.nameRequired)).max(200, message(M.nameMax));

const examDate = isoDateSchema.nullable().optional();
const priority = subjectPrioritySchema.optional();

export const createSubjectInputSchema = z
  .object({
    studyPlanId: idSchema,
    name: subjectName,
    examDate: examDate.describe(
      "The exam day, YYYY-MM-DD in the plan's time zone; null for none; left out, the plan's deadline",
    ),
    priority: priority.describe('0 = low, 1 = medium (when left out), 2 = high'),
  })
  .strict()
  .describe('CreateSubjectInput');
export type CreateSubjectInput = z.input<typeof createSubjectInputSchema>;

export const updateSubjectInputSchema = z
  .object({
    name: subjectName,
    examDate: examDate.describe('The exam day, YYYY-MM-DD; null for none; left out, unchanged'),
    priority: priority.describe('0 = low, 1 = medium, 2 = high; left out, unchanged'),
  })
  .describe('UpdateSubjectInput');
export type UpdateSubjectInput = z.input<typeof updateSubjectInputSchema>;

export const subjectEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/subjects',
    query: z.object({ planId: idSchema }).strict(),
    body: undefined,
    response: z.array(subjectSchema),
    summary: 'Subjects of one plan, with their topics',
  }),
  get: endpoint({
    method: 'GET',
    path: '/subjects/:id',
    params: idParamsSchema,
    body: undefined,
    response: subjectSchema,
    summary: 'One subject with its topics',
  }),
  create: endpoint({
    method: 'POST',
    path: '/subjects',
    body: createSubjectInputSchema,
    response: subjectSchema,
    summary: 'Add a subject to a plan',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/subjects/:id',
    params: idParamsSchema,
    body: updateSubjectInputSchema,
    response: subjectSchema,
    summary: 'Rename a subject, or change its exam day or priority',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/subjects/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Delete a subject with its topics, lessons and sessions',
  }),
};
