import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema, isoDateTimeSchema } from './ids.js';

/** A study session as the calendar reads it (docs/product.md, Entities). */
export const studySessionSchema = z
  .object({
    id: z.number().int(),
    planId: z.number().int(),
    subjectId: z.number().int(),
    topicId: z.number().int().nullable(),
    title: z.string(),
    day: z.string().describe('UTC date of the start, YYYY-MM-DD'),
    startTime: z.string().describe('ISO 8601 date-time (UTC); shown as HH:MM in local time'),
    endTime: z.string().describe('ISO 8601 date-time (UTC)'),
    subjectName: z.string(),
    topicName: z.string().nullable(),
    notes: z.string().nullable(),
    reminder: z.boolean(),
    kind: z
      .enum(['learn', 'review', 'final-review', 'catch-up'])
      .nullable()
      .describe('What a planned session is for; null for one the student added'),
    checkIn: z
      .object({
        status: z.enum(['done', 'partial', 'missed']),
        minutesDone: z.number().int().nullable(),
        rating: z.number().int().min(1).max(5).nullable(),
        at: z.string().describe('ISO 8601 date-time of the check-in'),
      })
      .nullable()
      .describe('How the session went; null until the student checks it in'),
  })
  .describe('StudySession');
export type StudySession = z.infer<typeof studySessionSchema>;

export const SESSION_MAX_HOURS = 12;

/** The session form's value (docs/product.md, Entities): plan, subject and topic are ids. */
export const sessionFormInputSchema = z
  .object({
    studyPlan: idSchema.describe('Plan id'),
    subject: idSchema.describe('Subject id (must belong to the plan)'),
    topic: idSchema.describe('Topic id (must belong to the subject)'),
    title: z
      .string()
      .trim()
      .min(1, 'Title is required.')
      .max(200, 'Title must be at most 200 characters.'),
    startDateTime: isoDateTimeSchema,
    endDateTime: isoDateTimeSchema,
    notes: z
      .string()
      .max(2000, 'Notes must be at most 2000 characters.')
      .nullable()
      .optional()
      .transform((v) => v?.trim() || null),
    reminder: z.boolean().optional().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    const start = Date.parse(v.startDateTime);
    const end = Date.parse(v.endDateTime);
    if (end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'End must be after start.' });
    } else if (end - start > SESSION_MAX_HOURS * 3_600_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDateTime'],
        message: 'A session can last at most 12 hours.',
      });
    }
  })
  .describe('SessionFormInput');
export type SessionFormInput = z.input<typeof sessionFormInputSchema>;

export const studySessionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/generic/GetStudySessionDto',
    body: undefined,
    response: z.array(studySessionSchema),
    summary: "The signed-in student's study sessions, earliest first",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/generic/CreateStudySession',
    body: sessionFormInputSchema,
    response: studySessionSchema,
    summary: 'Schedule a study session',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/generic/UpdateStudySession/:id',
    params: idParamsSchema,
    body: sessionFormInputSchema,
    response: studySessionSchema,
    summary: 'Change a study session',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/generic/DeleteStudySession/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Delete a study session',
  }),
};
