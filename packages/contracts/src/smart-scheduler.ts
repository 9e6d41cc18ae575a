import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, isoDateSchema } from './ids.js';

/** SPEC.md section 9 constants of the wizard. */
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
  startTimes: ['16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00'],
  defaultStartTime: '17:00',
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'Use a time as HH:MM.');

export const wizardPeriodSchema = z
  .object({ start: isoDateSchema, end: isoDateSchema })
  .strict()
  .refine((p) => p.end >= p.start, {
    path: ['end'],
    message: 'The end date must be on or after the start date.',
  })
  .refine((p) => (Date.parse(p.end) - Date.parse(p.start)) / 86_400_000 < WIZARD.weeksMax * 7, {
    path: ['end'],
    message: 'The study period can be at most 52 weeks.',
  });
export type WizardPeriod = z.infer<typeof wizardPeriodSchema>;

export const wizardDaySchema = z
  .object({
    day: z.number().int().min(0).max(6).describe('0 = Monday ... 6 = Sunday'),
    enabled: z.boolean(),
    hours: z.number().min(0).max(24).describe('Most hours of study that day'),
    startTime: hhmm,
    endTime: hhmm,
    slots: z.array(z.boolean()).length(24).describe('slots[h]: the hour h:00 to h+1:00 is free'),
  })
  .strict()
  .refine((d) => d.endTime > d.startTime, {
    path: ['endTime'],
    message: 'The day must end after it starts.',
  });

export const wizardAvailabilitySchema = z
  .array(wizardDaySchema)
  .length(7, 'Give availability for all seven days.')
  .refine((days) => days.every((d, i) => d.day === i), {
    message: 'Days must be listed Monday (0) to Sunday (6).',
  })
  .refine((days) => days.some((d) => d.enabled), { message: 'Choose at least one study day.' })
  .refine((days) => days.some((d) => d.enabled && d.hours > 0 && d.slots.some(Boolean)), {
    message: 'Give at least one hour of study time.',
  });
export type WizardAvailability = z.infer<typeof wizardAvailabilitySchema>;

export const wizardSubjectSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(200),
    keyTopics: z
      .string()
      .trim()
      .min(WIZARD.keyTopicsMin, 'Key topics must be at least 50 characters.')
      .max(WIZARD.keyTopicsMax, 'Key topics must be at most 10000 characters.'),
    deadline: isoDateSchema.optional().nullable(),
    priority: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .nullable(),
    subjectIndex: z.number().int().min(0),
  })
  .strict();

export const wizardSubjectsSchema = z
  .array(wizardSubjectSchema)
  .min(1, 'Add at least one subject.')
  .max(WIZARD.subjectsMax, 'At most 20 subjects.')
  .superRefine((subjects, ctx) => {
    const clash = findSubjectNameClash(subjects.map((s) => s.name));
    if (!clash) return;
    ctx.addIssue({
      code: 'custom',
      path: [clash.index, 'name'],
      message: subjectNameClashMessage(
        subjects[clash.earlier]?.name ?? '',
        subjects[clash.index]?.name ?? '',
      ),
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
    extraWishes: z.string().max(2000).optional().default(''),
  })
  .strict();
export type WizardPreferences = z.infer<typeof wizardPreferencesSchema>;

/** A valid IANA time-zone name (default UTC). */
export const timeZoneSchema = z
  .string()
  .max(100)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone.' },
  );

/** The file part name of a subject: its name with spaces as underscores (SPEC.md section 7). */
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

export const proposalSchema = z
  .object({
    planId: z.number().int(),
    status: z.enum(['draft', 'active']),
    timeZone: z.string(),
    schedule: z.array(proposalDaySchema),
    summary: z.array(z.object({ subject: z.string(), totalHours: z.number() })),
    aiWarnings: z.array(z.string()),
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

export const generationStages = [
  'reading-files',
  'writing-content',
  'planning',
  'saving',
  'done',
] as const;
export const generationProgressSchema = z
  .object({ stage: z.enum([...generationStages, 'unknown']) })
  .describe('GenerationProgress');
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

/** Client-made id of one generation (the `jobId` part), to follow its progress. */
export const jobIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'Use 8 to 64 letters, digits or dashes.');

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
