import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema } from './ids.js';
import { customIssue, VALIDATION_MESSAGES as M, message } from './messages.js';
import { noticeSchema } from './notices.js';
import { studySessionSchema } from './study-sessions.js';

/**
 * The living plan (docs/product.md, The living plan): a student checks in each past session,
 * re-plans the unfinished hours before each deadline, and sees per subject whether they will be
 * ready.
 */

export const checkInStatuses = ['done', 'partial', 'missed'] as const;
export type CheckInStatus = (typeof checkInStatuses)[number];

export const LIVING_PLAN_MESSAGES = {
  minutesRequired: M.minutesRequired.en,
  minutesOverLength: M.minutesOverLength.en,
  minutesOnlyPartial: M.minutesOnlyPartial.en,
  notStarted: 'This session has not started yet.',
  notAccepted: 'Accept the plan before re-planning it.',
  choiceNotOffered: 'That choice is not offered for this plan.',
  handMade:
    'This plan was made by hand, so there is no free time known to re-plan into: move or add its sessions yourself.',
} as const;

export const checkInInputSchema = z
  .object({
    status: z.enum(checkInStatuses, message(M.checkInStatusRequired)),
    minutesDone: z
      .number(message(M.minutesNotANumber))
      .int(message(M.minutesNotWhole))
      .min(1, message(M.minutesTooFew))
      .max(24 * 60, message(M.minutesTooMany))
      .optional()
      .nullable(),
    rating: z
      .number(message(M.ratingNotANumber))
      .int(message(M.ratingNotWhole))
      .min(1, message(M.ratingRange))
      .max(5, message(M.ratingRange))
      .optional()
      .nullable(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status === 'partial' && v.minutesDone == null)
      ctx.addIssue(customIssue(M.minutesRequired, ['minutesDone']));
    if (v.status !== 'partial' && v.minutesDone != null)
      ctx.addIssue(customIssue(M.minutesOnlyPartial, ['minutesDone']));
  })
  .describe('CheckInInput');
export type CheckInInput = z.input<typeof checkInInputSchema>;

/** One change to the calendar made by a re-plan; times are ISO 8601 instants (UTC). */
export const replanChangeSchema = z
  .object({
    sessionId: z.number().int().optional(),
    subject: z.string(),
    from: z.string().optional().describe('Start before the change (absent for an added session)'),
    to: z.string().optional().describe('Start after the change (absent for a removed session)'),
  })
  .describe('ReplanChange');
export type ReplanChange = z.infer<typeof replanChangeSchema>;

export const tradeOffKinds = ['add-time', 'move-exam', 'drop-topic'] as const;
export type TradeOffKind = (typeof tradeOffKinds)[number];

/** A concrete way out when the unfinished work no longer fits before a deadline. */
export const tradeOffSchema = z
  .object({
    id: z.string().describe('Send back as `choice` to re-plan with this trade-off'),
    kind: z.enum(tradeOffKinds),
    subject: z.string(),
    notice: noticeSchema.describe('What the choice does and its effect on readiness'),
  })
  .describe('TradeOff');
export type TradeOff = z.infer<typeof tradeOffSchema>;

export const readinessStatuses = ['on-track', 'at-risk', 'behind'] as const;
export type ReadinessStatus = (typeof readinessStatuses)[number];

/** Whether one subject will be ready by its deadline. */
export const subjectReadinessSchema = z
  .object({
    subjectId: z.number().int(),
    subject: z.string(),
    deadline: z.string().nullable().describe('The exam day, YYYY-MM-DD, or null'),
    hoursNeeded: z.number().describe('Hours needed by the deadline (or by the period end)'),
    hoursDone: z.number().describe('Hours checked in as done, partial minutes included'),
    hoursPlanned: z.number().describe('Hours of sessions still to come before the deadline'),
    topicsCovered: z.number().int(),
    topicsTotal: z.number().int(),
    recall: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Mean predicted recall of the subject's flashcards on the deadline"),
    status: z.enum(readinessStatuses),
    message: z.string().describe('One sentence in English: "needs 3 h more before Fri 12 Dec"'),
    notice: noticeSchema.describe('The same sentence as a notice, for the student language'),
  })
  .describe('SubjectReadiness');
export type SubjectReadiness = z.infer<typeof subjectReadinessSchema>;

export const readinessSchema = z.array(subjectReadinessSchema).describe('Readiness');

export const replanInputSchema = z
  .object({
    choice: z.string().max(200).optional().describe('The id of an offered trade-off'),
  })
  .strict()
  .describe('ReplanInput');
export type ReplanInput = z.input<typeof replanInputSchema>;

export const replanResultSchema = z
  .object({
    moved: z.array(replanChangeSchema),
    added: z.array(replanChangeSchema),
    removed: z.array(replanChangeSchema),
    tradeOffs: z.array(tradeOffSchema),
    readiness: readinessSchema,
  })
  .describe('ReplanResult');
export type ReplanResult = z.infer<typeof replanResultSchema>;

const planIdParamsSchema = z.object({ planId: idSchema }).strict();

/** The clashes list holds at most this many sessions (the earliest). */
export const CLASHES_LIST_MAX = 100;

/**
 * A study session still ahead that busy time covers (docs/product.md, Busy time): the busy time
 * was typed, changed or imported after the session was planned. The plan's re-plan moves it.
 */
export const busyClashSchema = z
  .object({
    sessionId: z.number().int(),
    planId: z.number().int(),
    planName: z.string(),
    subject: z.string(),
    title: z.string(),
    startAt: z.string().describe('ISO 8601 instant (UTC)'),
    endAt: z.string().describe('ISO 8601 instant (UTC)'),
    busyTitle: z.string().describe('The busy time over it (its title; may be empty)'),
    canReplan: z
      .boolean()
      .describe('The plan came from the smart scheduler, so its re-plan can move the session'),
  })
  .describe('BusyClash');
export type BusyClash = z.infer<typeof busyClashSchema>;

export const livingPlanEndpoints = {
  checkIn: endpoint({
    method: 'POST',
    path: '/api/sessions/:id/check-in',
    params: idParamsSchema,
    body: checkInInputSchema,
    response: studySessionSchema,
    summary: 'Say how a past session went: done, partly (minutes) or missed, with a 1-5 rating',
  }),
  replan: endpoint({
    method: 'POST',
    path: '/api/plans/:planId/replan',
    params: planIdParamsSchema,
    body: replanInputSchema,
    response: replanResultSchema,
    summary:
      'Re-place the unfinished hours of missed and partly done sessions before each deadline, and move the sessions ahead that busy time now covers',
  }),
  clashes: endpoint({
    method: 'GET',
    path: '/api/busy-times/clashes',
    body: undefined,
    response: z.array(busyClashSchema),
    summary: `The study sessions ahead, of accepted plans, that busy time covers (typed or imported), earliest first; at most ${CLASHES_LIST_MAX}`,
  }),
  readiness: endpoint({
    method: 'GET',
    path: '/api/plans/:planId/readiness',
    params: planIdParamsSchema,
    body: undefined,
    response: readinessSchema,
    summary: 'Per subject: hours needed, done and planned, topics covered and a status',
  }),
};
