import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, isoDateSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { topicSchema } from './topics.js';

/** A subject inside a plan (docs/product.md, Entities). */
export const subjectDetailSchema = z
  .object({
    id: z.number().int(),
    subjectName: z.string(),
    examDate: z.string().nullable().describe('YYYY-MM-DD or null (no exam)'),
    topics: z.array(topicSchema),
  })
  .describe('SubjectDetail');
export type SubjectDetail = z.infer<typeof subjectDetailSchema>;

/** One plan in the dashboard list. */
export const planSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deadline: z.string().nullable().describe('YYYY-MM-DD or null'),
    description: z.string().nullable(),
    status: z
      .enum(['draft', 'active'])
      .describe('draft: a smart-scheduler proposal not yet accepted (not on the calendar)'),
    subjectDetails: z.array(subjectDetailSchema),
  })
  .describe('PlanSummary');
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planDetailSchema = planSummarySchema
  .extend({
    conceptMapOutline: z.string().nullable(),
    overallSummary: z.string().nullable(),
  })
  .describe('PlanDetail');
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const planInputSchema = z
  .object({
    name: z.string().trim().min(1, message(M.planNameRequired)).max(200, message(M.nameMax)),
    deadline: z
      .union([isoDateSchema, z.literal('')])
      .nullable()
      .optional()
      .transform((v) => v || null),
    description: z
      .string()
      .max(5000, message(M.descriptionMax))
      .nullable()
      .optional()
      .transform((v) => v?.trim() || null),
  })
  .strict()
  .describe('PlanInput');
export type PlanInput = z.input<typeof planInputSchema>;

export const planEndpoints = {
  listMine: endpoint({
    method: 'GET',
    path: '/api/generic/GetStudyProgramOfUser',
    body: undefined,
    response: z.array(planSummarySchema),
    summary: "The signed-in student's study plans with their subjects and topics",
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/generic/GetStudyProgramById/:id',
    params: idParamsSchema,
    body: undefined,
    response: planDetailSchema,
    summary: 'One plan with subjects, topics, concept map outline and summary',
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/generic/CreateStudyProgram',
    body: planInputSchema,
    response: planDetailSchema,
    summary: 'Create a plan',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/generic/UpdateStudyProgram/:id',
    params: idParamsSchema,
    body: planInputSchema,
    response: planDetailSchema,
    summary: 'Update a plan',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/generic/DeleteStudyProgram/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Delete a plan with its subjects, topics, lessons and sessions',
  }),
};
