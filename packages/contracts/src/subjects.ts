import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema } from './ids.js';
import { topicSchema } from './topics.js';

export const subjectSchema = z
  .object({
    id: z.number().int(),
    studyPlanId: z.number().int(),
    name: z.string(),
    topics: z.array(topicSchema),
  })
  .describe('Subject');
export type Subject = z.infer<typeof subjectSchema>;

const subjectName = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(200, 'Name must be at most 200 characters.');

export const createSubjectInputSchema = z
  .object({ studyPlanId: idSchema, name: subjectName })
  .strict()
  .describe('CreateSubjectInput');
export type CreateSubjectInput = z.input<typeof createSubjectInputSchema>;

export const updateSubjectInputSchema = z
  .object({ name: subjectName })
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
    summary: 'Rename a subject',
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
