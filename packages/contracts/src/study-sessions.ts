import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import type { BusyOccurrence } from './busy-times.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema, isoDateTimeSchema } from './ids.js';
import { customIssue, VALIDATION_MESSAGES as M, message } from './messages.js';
import { parseClock } from './study-week.js';

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

/** A session's times: the end after the start, at most SESSION_MAX_HOURS later. */
export function checkSessionTimes(
  v: { startDateTime: string; endDateTime: string },
  ctx: z.RefinementCtx,
): void {
  const start = Date.parse(v.startDateTime);
  const end = Date.parse(v.endDateTime);
  if (end <= start) {
    ctx.addIssue(customIssue(M.endAfterStart, ['endDateTime']));
  } else if (end - start > SESSION_MAX_HOURS * 3_600_000) {
    ctx.addIssue(customIssue(M.sessionTooLong, ['endDateTime']));
  }
}

/** The session form's value (docs/product.md, Entities): plan, subject and topic are ids. */
export const sessionFormInputSchema = z
  .object({
    studyPlan: idSchema.describe('Plan id'),
    subject: idSchema.describe('Subject id (must belong to the plan)'),
    topic: idSchema.describe('Topic id (must belong to the subject)'),
    title: z.string().trim().min(1, message(M.titleRequired)).max(200, message(M.titleMax)),
    startDateTime: isoDateTimeSchema,
    endDateTime: isoDateTimeSchema,
    notes: z
      .string()
      .max(2000, message(M.notesMax))
      .nullable()
      .optional()
      .transform((v) => v?.trim() || null),
    reminder: z.boolean().optional().default(false),
  })
  .strict()
  .superRefine(checkSessionTimes)
  .describe('SessionFormInput');
export type SessionFormInput = z.input<typeof sessionFormInputSchema>;

/**
 * A session moved to a new time (a drag on the calendar, or its dialog's move form): the same
 * time rules as the session form (end after start, at most 12 hours), then the placement rules
 * below; plan, subject, topic, title and notes stay as they are.
 */
export const sessionMoveInputSchema = z
  .object({ startDateTime: isoDateTimeSchema, endDateTime: isoDateTimeSchema })
  .strict()
  .superRefine(checkSessionTimes)
  .describe('SessionMoveInput');
export type SessionMoveInput = z.input<typeof sessionMoveInputSchema>;

/**
 * Where a session may not go, the same on the calendar (a refused drag) and in the server's 400
 * answer to the session form: into the past, on or after its subject's exam day (the planner
 * never books one there either), or onto the student's busy time.
 */
export const SESSION_PLACEMENT_MESSAGES = {
  past: M.sessionInPast.en,
  afterExam: M.sessionAfterExam.en,
  busy: M.sessionOnBusyTime.en,
} as const;
export type SessionPlacementProblem = keyof typeof SESSION_PLACEMENT_MESSAGES;

/** A local wall-clock moment: YYYY-MM-DD and HH:MM. */
export interface WallTime {
  date: string;
  time: string;
}

const minuteOf = (date: string, time: string) =>
  Math.floor(Date.parse(`${date}T00:00:00Z`) / 60_000) + parseClock(time);

/**
 * Why a session cannot go from `start` to `end` (local wall-clock times), or null when it can.
 * `movedIntoPast`: the caller's own judgement, true when the session's start changes to a moment
 * already gone (a session logged at its past time, or left where it is, is fine).
 */
export function sessionPlacementProblem(p: {
  start: WallTime;
  end: WallTime;
  /** The subject's exam day, YYYY-MM-DD, or null. */
  examDate: string | null;
  /** The student's busy time around those days (busyOccurrences). */
  busy: readonly BusyOccurrence[];
  movedIntoPast: boolean;
}): SessionPlacementProblem | null {
  if (p.movedIntoPast) return 'past';
  if (p.examDate && p.start.date >= p.examDate) return 'afterExam';
  const from = minuteOf(p.start.date, p.start.time);
  const to = minuteOf(p.end.date, p.end.time);
  for (const b of p.busy) {
    if (minuteOf(b.date, b.startTime) < to && from < minuteOf(b.date, b.endTime)) return 'busy';
  }
  return null;
}

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
  move: endpoint({
    method: 'PUT',
    path: '/api/sessions/:id/time',
    params: idParamsSchema,
    body: sessionMoveInputSchema,
    response: studySessionSchema,
    summary:
      'Move a study session to a new time (refused onto busy time, the past or its exam day)',
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
