import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, isoDateSchema } from './ids.js';
import { customIssue, VALIDATION_MESSAGES as M, message, refinement } from './messages.js';
import { noticeListSchema, noticeSchema } from './notices.js';
import { CLOCK_PATTERN, formatClock, WEEKDAYS } from './study-week.js';
import { topicContentStatusSchema } from './topics.js';
import { WORKLOAD } from './workload.js';

/** Constants of the wizard (docs/product.md, Constants and limits). */
export const WIZARD = {
  weeksMin: 1,
  weeksMax: 52,
  weeksDefault: 4,
  keyTopicsMin: 50,
  keyTopicsMax: 10_000,
  subjectsMax: 20,
  filesPerSubject: 10,
  fileSizeMax: 20 * 1024 * 1024,
  requestSizeMax: 50 * 1024 * 1024,
  sessionLengths: [1, 1.5, 2] as const,
  /** The quick choice's start times: any half hour of the day (the window is cut at 24:00). */
  startTimes: Array.from({ length: 48 }, (_, i) => formatClock(i * 30)),
  defaultStartTime: '17:00',
} as const;

/**
 * The wizard's validation messages that a student can meet, the same in the form and in the
 * server's 400 answer, by name; their texts and translation keys are the catalogue's
 * (VALIDATION_MESSAGES, messages.ts).
 */
export const WIZARD_MESSAGES = {
  endBeforeStart: M.wizardEndBeforeStart.en,
  periodTooLong: M.wizardPeriodTooLong.en,
  noStudyDay: M.wizardNoStudyDay.en,
  noStudyTime: M.wizardNoStudyTime.en,
  keyTopicsMin: M.wizardKeyTopicsMin.en,
  keyTopicsMax: M.wizardKeyTopicsMax.en,
  noSubjects: M.wizardNoSubjects.en,
  tooManySubjects: M.wizardTooManySubjects.en,
  deadlineOutsidePeriod: M.wizardDeadlineOutsidePeriod.en,
  extraWishesMax: M.wizardExtraWishesMax.en,
  hoursNeededRange: M.wizardHoursNeededRange.en,
  weeklyHoursRange: M.wizardWeeklyHoursRange.en,
  hoursNeededWithoutExam: M.wizardHoursNeededWithoutExam.en,
  weeklyHoursWithExam: M.wizardWeeklyHoursWithExam.en,
  maxLoadRange: M.wizardMaxLoadRange.en,
} as const;

const hhmm = z.string().regex(CLOCK_PATTERN, message(M.timeInvalid));

export const wizardPeriodSchema = z
  .object({ start: isoDateSchema, end: isoDateSchema })
  .strict()
  .refine((p) => p.end >= p.start, refinement(M.wizardEndBeforeStart, { path: ['end'] }))
  .refine(
    (p) => (Date.parse(p.end) - Date.parse(p.start)) / 86_400_000 < WIZARD.weeksMax * 7,
    refinement(M.wizardPeriodTooLong, { path: ['end'] }),
  );
export type WizardPeriod = z.infer<typeof wizardPeriodSchema>;

const LAST_WEEKDAY = WEEKDAYS.length - 1;

export const wizardDaySchema = z
  .object({
    day: z
      .number()
      .int()
      .min(0)
      .max(LAST_WEEKDAY)
      .describe(`0 = ${WEEKDAYS[0]} ... ${LAST_WEEKDAY} = ${WEEKDAYS[LAST_WEEKDAY]}`),
    enabled: z.boolean(),
    hours: z.number().min(0).max(24).describe('Most hours of study that day'),
    startTime: hhmm,
    endTime: hhmm,
    slots: z.array(z.boolean()).length(24).describe('slots[h]: the hour h:00 to h+1:00 is free'),
  })
  .strict()
  .refine(
    (d) => d.endTime > d.startTime,
    refinement(M.wizardDayEndBeforeStart, { path: ['endTime'] }),
  );
/** One weekday of the student's availability. */
export type WizardDay = z.infer<typeof wizardDaySchema>;

/** The student's week: exactly one entry per weekday, in WEEKDAYS order (`day` = its index). */
export const wizardAvailabilitySchema = z
  .array(wizardDaySchema)
  .length(WEEKDAYS.length, message(M.wizardAvailabilityDays))
  .refine((days) => days.every((d, i) => d.day === i), refinement(M.wizardAvailabilityOrder))
  .refine((days) => days.some((d) => d.enabled), refinement(M.wizardNoStudyDay))
  .refine(
    (days) => days.some((d) => d.enabled && d.hours > 0 && d.slots.some(Boolean)),
    refinement(M.wizardNoStudyTime),
  );
export type WizardAvailability = z.infer<typeof wizardAvailabilitySchema>;

export const wizardSubjectSchema = z
  .object({
    name: z.string().trim().min(1, message(M.nameRequired)).max(200, message(M.nameMax)),
    keyTopics: z
      .string()
      .trim()
      .min(WIZARD.keyTopicsMin, message(M.wizardKeyTopicsMin))
      .max(WIZARD.keyTopicsMax, message(M.wizardKeyTopicsMax)),
    deadline: isoDateSchema.optional().nullable(),
    priority: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .nullable(),
    subjectIndex: z.number().int().min(0),
    hoursNeeded: z
      .number()
      .min(WORKLOAD.hoursNeededMin, message(M.wizardHoursNeededRange))
      .max(WORKLOAD.hoursNeededMax, message(M.wizardHoursNeededRange))
      .optional()
      .nullable()
      .describe('Hours the subject needs before its exam; absent: our estimate'),
    weeklyHours: z
      .number()
      .min(WORKLOAD.weeklyHoursMin, message(M.wizardWeeklyHoursRange))
      .max(WORKLOAD.weeklyHoursMax, message(M.wizardWeeklyHoursRange))
      .optional()
      .nullable()
      .describe('Hours a week for a subject without an exam; absent: our estimate'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.hoursNeeded != null && !s.deadline)
      ctx.addIssue(customIssue(M.wizardHoursNeededWithoutExam, ['hoursNeeded']));
    if (s.weeklyHours != null && s.deadline)
      ctx.addIssue(customIssue(M.wizardWeeklyHoursWithExam, ['weeklyHours']));
  });

export const wizardSubjectsSchema = z
  .array(wizardSubjectSchema)
  .min(1, message(M.wizardNoSubjects))
  .max(WIZARD.subjectsMax, message(M.wizardTooManySubjects))
  .superRefine((subjects, ctx) => {
    const clash = findSubjectNameClash(subjects.map((s) => s.name));
    if (!clash) return;
    const [first, second] = [
      subjects[clash.earlier]?.name ?? '',
      subjects[clash.index]?.name ?? '',
    ];
    ctx.addIssue({
      code: 'custom',
      path: [clash.index, 'name'],
      message: subjectNameClashMessage(first, second),
      params:
        first.trim() === second.trim()
          ? { key: 'smartScheduler.wizard.errors.nameTwice', name: first.trim() }
          : {
              key: 'smartScheduler.wizard.errors.nameClash',
              first: first.trim(),
              second: second.trim(),
            },
    });
  });
export type WizardSubjects = z.infer<typeof wizardSubjectsSchema>;

/**
 * What two subject names must not share. Files travel in a multipart part named by
 * subjectFileField, so "Math A" and "Math_A" would land in one part and the first subject would
 * get none; case is folded too, as subjects are told apart without it everywhere else.
 */
export function subjectNameKey(name: string): string {
  return subjectFileField(name).toLowerCase();
}

/** The first subject whose name clashes with an earlier one (by subjectNameKey), or null. */
export function findSubjectNameClash(
  names: readonly string[],
): { index: number; earlier: number } | null {
  const seen = new Map<string, number>();
  for (const [index, name] of names.entries()) {
    const key = subjectNameKey(name);
    const earlier = seen.get(key);
    if (earlier !== undefined) return { index, earlier };
    seen.set(key, index);
  }
  return null;
}

/** The message for two subject names that clash, quoting both as the student typed them. */
export function subjectNameClashMessage(earlierName: string, name: string): string {
  const [a, b] = [earlierName.trim(), name.trim()];
  return a === b
    ? `Each subject needs its own name ("${a}" appears twice).`
    : `Each subject needs its own name ("${a}" and "${b}" count as the same).`;
}

export const wizardPreferencesSchema = z
  .object({
    sessionLength: z.union([z.literal(1), z.literal(1.5), z.literal(2)]),
    frontLoad: z.boolean(),
    extraWishes: z.string().max(2000, message(M.wizardExtraWishesMax)).optional().default(''),
    maxLoad: z
      .number()
      .min(WORKLOAD.maxLoadMin, message(M.wizardMaxLoadRange))
      .max(WORKLOAD.maxLoadMax, message(M.wizardMaxLoadRange))
      .optional()
      .default(WORKLOAD.maxLoadDefault)
      .describe("Most of a week's free time the plan books (0.5 to 1)"),
  })
  .strict();
export type WizardPreferences = z.infer<typeof wizardPreferencesSchema>;

/**
 * The four JSON parts of a wizard request together, with the one rule that spans two of them:
 * a subject's deadline falls after the first day of the study period and by its last day.
 */
export const wizardInputSchema = z
  .object({
    period: wizardPeriodSchema,
    availability: wizardAvailabilitySchema,
    subjects: wizardSubjectsSchema,
    preferences: wizardPreferencesSchema,
  })
  .strict()
  .superRefine(({ period, subjects }, ctx) => {
    // A broken period is reported on its own fields; no deadline can be measured against it.
    if (!(period.start <= period.end)) return;
    for (const [index, { deadline }] of subjects.entries()) {
      if (deadline && (deadline <= period.start || deadline > period.end)) {
        ctx.addIssue(customIssue(M.wizardDeadlineOutsidePeriod, ['subjects', index, 'deadline']));
      }
    }
  });
export type WizardInput = z.input<typeof wizardInputSchema>;

/** The file part name of a subject: its name with spaces as underscores (docs/product.md, API). */
export function subjectFileField(subjectName: string): string {
  return subjectName.trim().replace(/\s+/g, '_');
}

export const proposalBlockSchema = z.object({
  sessionId: z.number().int().describe('Id of the proposed session (for edits on accept)'),
  subject: z.string(),
  topic: z.string().nullable(),
  start: z.string().describe('HH:MM in the request time zone'),
  end: z.string(),
  duration: z.number().describe('Hours'),
  focus: z.array(z.string()),
  materials: z.array(z.string()),
});

export const proposalDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD in the request time zone'),
  day: z.string().describe('Weekday name in English'),
  blocks: z.array(proposalBlockSchema),
});

/** Each topic's content of one plan, as it is written in the background. */
export const planContentSchema = z
  .object({
    topics: z.array(
      z.object({
        topicId: z.number().int(),
        subject: z.string(),
        name: z.string(),
        status: topicContentStatusSchema,
        note: noticeSchema.nullable(),
      }),
    ),
    written: z.number().int().describe('Topics no longer `writing`'),
    total: z.number().int(),
  })
  .describe('PlanContent');
export type PlanContent = z.infer<typeof planContentSchema>;

export const proposalSchema = z
  .object({
    planId: z.number().int(),
    status: z.enum(['draft', 'active']),
    timeZone: z.string(),
    schedule: z.array(proposalDaySchema),
    summary: z.array(z.object({ subject: z.string(), totalHours: z.number() })),
    // The wire name is the product's; what it holds is the plan's notices (not the AI's).
    aiWarnings: noticeListSchema.describe("The planner's warnings, files not read, wishes"),
    content: planContentSchema.describe('Deep dives and lessons, written after the schedule'),
  })
  .describe('StudyPlanProposal');
export type Proposal = z.infer<typeof proposalSchema>;

/** Accept, optionally with edited blocks: moved or resized (new times) or removed (absent). */
export const acceptPlanInputSchema = z
  .object({
    blocks: z
      .array(
        z
          .object({
            sessionId: idSchema,
            date: isoDateSchema,
            start: hhmm,
            end: hhmm,
          })
          .strict(),
      )
      .max(5000)
      .optional(),
  })
  .strict()
  .describe('AcceptPlanInput');
export type AcceptPlanInput = z.input<typeof acceptPlanInputSchema>;

/**
 * The stages of a plan generation, in the order the client shows them; `done` ends it (the
 * schedule is made). Deep dives and lessons are written afterwards (`planContentSchema`).
 */
export const generationStages = [
  'reading-files',
  'finding-topics',
  'planning',
  'saving',
  'done',
] as const;
export type GenerationStage = (typeof generationStages)[number];
export const generationProgressSchema = z
  .object({ stage: z.enum([...generationStages, 'unknown']) })
  .describe('GenerationProgress');
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

/** Client-made id of one generation (the `jobId` part), to follow its progress. */
export const jobIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, message(M.jobIdInvalid));

export const smartSchedulerEndpoints = {
  process: endpoint({
    method: 'POST',
    path: '/api/ai/ProcessStudyMaterials',
    body: undefined,
    response: proposalSchema,
    summary:
      'Multipart: period, availability, subjects, preferences (JSON strings), language, timeZone, optional jobId, one file part per file named by the subject name with underscores. Creates a draft plan.',
  }),
  progress: endpoint({
    method: 'GET',
    path: '/api/ai/ProcessStudyMaterials/progress/:jobId',
    params: z.object({ jobId: jobIdSchema }).strict(),
    body: undefined,
    response: generationProgressSchema,
    summary: 'Stage of a running generation, by the jobId part the client sent',
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/plans/:planId/content',
    params: z.object({ planId: idSchema }).strict(),
    body: undefined,
    response: planContentSchema,
    summary: 'Where each topic of a plan stands: writing, written or not written',
  }),
  contentEvents: endpoint({
    method: 'GET',
    path: '/api/plans/:planId/content/events',
    params: z.object({ planId: idSchema }).strict(),
    body: undefined,
    response: planContentSchema,
    summary:
      'Server-Sent Events (text/event-stream): a `content` event with the PlanContent now and at every change; the stream ends once nothing is writing',
  }),
  getProposal: endpoint({
    method: 'GET',
    path: '/api/ai/StudyPlanProposal/:planId',
    params: z.object({ planId: idSchema }).strict(),
    body: undefined,
    response: proposalSchema,
    summary: 'The proposal of a plan made by the smart scheduler',
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/ai/AcceptStudyPlan/:planId',
    params: z.object({ planId: idSchema }).strict(),
    body: acceptPlanInputSchema,
    response: proposalSchema,
    summary:
      'Make the draft active and put its sessions on the calendar (edited blocks re-validated)',
  }),
};
