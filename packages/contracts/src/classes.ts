import { z } from 'zod';
import { languageSchema } from './ai.js';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema, isoDateSchema } from './ids.js';
import { customIssue, VALIDATION_MESSAGES as M, message } from './messages.js';
import { noticeSchema } from './notices.js';
import { wizardAvailabilitySchema, wizardPreferencesSchema } from './smart-scheduler.js';
import { timeZoneSchema } from './time-zone.js';

/**
 * Classes (docs/classes.md): a teacher publishes a course's exams, topics in order and materials
 * once; students join with a code, and the class becomes subjects in a plan of theirs (one per
 * exam), their own from then on. The teacher's later changes reach members as an offer; nothing
 * in a student's plan changes until they accept it.
 */

/** What one class may hold. */
export const CLASS_LIMITS = { exams: 10, topics: 60, files: 20, teaching: 50 } as const;

/**
 * Join codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L), 31 letters and
 * digits: about 40 bits (31^8), and guesses are throttled per student and per address.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

/** Below this many members the teacher's view shows no aggregate (CLASS_MIN_GROUP). */
export const DEFAULT_CLASS_MIN_GROUP = 5;

export const CLASS_MESSAGES = {
  notFound: 'Class not found.',
  teachersOnly: 'Only a teacher can make classes. Ask an admin to make you one.',
  tooManyClasses: `You teach ${CLASS_LIMITS.teaching} classes already. Delete one you no longer need first.`,
  noSuchCode: 'No class has this code. Check it with your teacher.',
  joinClosed: 'This class is not taking new students. Ask your teacher to open it.',
  ownClass: 'You teach this class, so you cannot join it as a student.',
  alreadyMember: 'You are already in this class.',
  planNotFound: 'Plan not found.',
  sendFiles: 'Send the class’s files as `files`.',
  tooManyFiles: `A class holds at most ${CLASS_LIMITS.files} files.`,
  fileNotFound: 'File not found.',
  left: 'You left the class. Its subjects stay in your plan, as yours.',
  deleted: 'The class is deleted. Its students keep their copies.',
  nothingPending: 'Your copy is up to date with the class.',
  planHasWeek: 'This plan has your study week already: the class is placed in it.',
} as const;

const name = (max: number) =>
  z.string().trim().min(1, message(M.nameRequired)).max(max, message(M.nameMax));

export const classExamInputSchema = z
  .object({
    id: idSchema.optional().describe('An exam of the class kept (absent: a new exam)'),
    name: name(80),
    date: isoDateSchema,
  })
  .strict()
  .describe('ClassExamInput');

export const classTopicInputSchema = z
  .object({
    id: idSchema.optional().describe('A topic of the class kept (absent: a new topic)'),
    name: name(200),
    hours: z
      .number(message(M.notANumber))
      .min(0.5, message(M.classTopicHoursRange))
      .max(100, message(M.classTopicHoursRange))
      .nullable()
      .optional()
      .describe('Suggested hours; null or absent: the planner estimates them'),
    exam: z
      .number(message(M.notANumber))
      .int(message(M.notAWholeNumber))
      .min(0, message(M.classTopicExamUnknown))
      .nullable()
      .optional()
      .describe('The index in `exams` of the exam it is examined in; absent: the last exam'),
  })
  .strict()
  .describe('ClassTopicInput');

/** A class as the teacher saves it (create, and update: the whole class each time). */
export const classInputSchema = z
  .object({
    name: name(120),
    subjectName: name(120).describe('What the class is called in a student’s plan'),
    exams: z
      .array(classExamInputSchema)
      .max(CLASS_LIMITS.exams, message(M.classTooManyExams))
      .describe('In any order; a student’s plan gets a subject per exam'),
    topics: z
      .array(classTopicInputSchema)
      .min(1, message(M.classNoTopics))
      .max(CLASS_LIMITS.topics, message(M.classTooManyTopics))
      .describe('In teaching order'),
    joinOpen: z.boolean().optional().describe('False: nobody can join (default true)'),
  })
  .strict()
  .superRefine((v, ctx) => {
    v.topics.forEach((t, i) => {
      if (t.exam != null && t.exam >= v.exams.length)
        ctx.addIssue(customIssue(M.classTopicExamUnknown, ['topics', i, 'exam']));
    });
    const repeated = (ids: Array<number | undefined>) =>
      ids.findIndex((id, i) => id !== undefined && ids.indexOf(id) !== i);
    const exam = repeated(v.exams.map((e) => e.id));
    if (exam >= 0) ctx.addIssue(customIssue(M.classRepeatedId, ['exams', exam, 'id']));
    const topic = repeated(v.topics.map((t) => t.id));
    if (topic >= 0) ctx.addIssue(customIssue(M.classRepeatedId, ['topics', topic, 'id']));
  })
  .describe('ClassInput');
export type ClassInput = z.input<typeof classInputSchema>;

/** What changed in one of the teacher's saves, as a member is told. */
export const classChangeSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('exam-moved'),
      exam: z.string(),
      from: z.string(),
      to: z.string(),
    }),
    z.object({ kind: z.literal('exam-added'), exam: z.string(), date: z.string() }),
    z.object({ kind: z.literal('exam-removed'), exam: z.string(), date: z.string() }),
    z.object({ kind: z.literal('topic-added'), topic: z.string() }),
    z.object({ kind: z.literal('topic-removed'), topic: z.string() }),
    z.object({ kind: z.literal('file-added'), file: z.string() }),
    z.object({ kind: z.literal('file-removed'), file: z.string() }),
  ])
  .describe('ClassChange');
export type ClassChange = z.infer<typeof classChangeSchema>;

export const classSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subjectName: z.string(),
    teacherName: z.string().describe('The teacher’s first and last name'),
    teaching: z.boolean().describe('True for the class’s teacher'),
    joinCode: z.string().nullable().describe('The teacher’s only'),
    joinOpen: z.boolean(),
    version: z.number().int().describe('One more with each saved change'),
    exams: z.array(z.object({ id: z.number().int(), name: z.string(), date: z.string() })),
    topics: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        hours: z.number().nullable(),
        examId: z.number().int().nullable(),
      }),
    ),
    files: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        kind: z.string(),
        sizeBytes: z.number().int(),
        createdAt: z.string(),
      }),
    ),
    members: z.number().int().nullable().describe('How many joined; the teacher’s only'),
    membership: z
      .object({
        planId: z
          .number()
          .int()
          .nullable()
          .describe('The plan holding the copy; null once deleted'),
        planHasWeek: z
          .boolean()
          .describe(
            'The plan knows the student’s week, so the class is placed in it; false: a plan made by hand (PUT /api/classes/:id/week gives it one)',
          ),
        share: z.boolean().describe('The student lets the teacher see their own progress'),
        pending: z
          .array(classChangeSchema)
          .describe('What changed since the copy was last brought up to date, oldest first'),
      })
      .nullable()
      .describe('A member’s own; null for the teacher'),
    updatedAt: z.string(),
  })
  .describe('Class');
export type Class = z.infer<typeof classSchema>;

export const classListSchema = z
  .object({ teaching: z.array(classSchema), joined: z.array(classSchema) })
  .describe('ClassList');
export type ClassList = z.infer<typeof classListSchema>;

export const joinClassInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, message(M.classCodeRequired))
      .max(32, message(M.classCodeRequired))
      // Typed as read out: any case, spaces and dashes between groups.
      .transform((c) => c.toUpperCase().replace(/[\s-]/g, '')),
    planId: idSchema
      .optional()
      .describe('One of the student’s plans to put the class in; absent: a new plan'),
  })
  .strict()
  .describe('JoinClassInput');
export type JoinClassInput = z.input<typeof joinClassInputSchema>;

export const joinClassResultSchema = z
  .object({
    class: classSchema,
    planId: z.number().int(),
    subjectIds: z.array(z.number().int()).describe('The subjects the class became in the plan'),
    placed: z
      .number()
      .int()
      .describe('Study sessions placed for them around the student’s week (a planned plan)'),
    notices: z.array(noticeSchema).describe('Why nothing was placed, or the planner’s warnings'),
  })
  .describe('JoinClassResult');
export type JoinClassResult = z.infer<typeof joinClassResultSchema>;

export const classShareInputSchema = z
  .object({ share: z.boolean() })
  .strict()
  .describe('ClassShareInput');

export const classFilesResultSchema = z
  .object({
    class: classSchema,
    warnings: z.array(noticeSchema).describe('Each file that could not be read, and why'),
  })
  .describe('ClassFilesResult');
export type ClassFilesResult = z.infer<typeof classFilesResultSchema>;

/** What taking the class's changes did to the student's copy and plan. */
export const classAcceptResultSchema = z
  .object({
    class: classSchema,
    planId: z.number().int().nullable(),
    placed: z
      .number()
      .int()
      .describe('Study sessions placed for the class’s subjects in the plan (0: none needed)'),
    notices: z
      .array(noticeSchema)
      .describe('What could not be done (a plan made by hand has no free time known to re-plan)'),
  })
  .describe('ClassAcceptResult');
export type ClassAcceptResult = z.infer<typeof classAcceptResultSchema>;

/**
 * A member's study week for a plan made by hand, so the class can be placed in it: the
 * wizard's availability and preferences, the language of the sessions' titles, and the zone the
 * times are in.
 */
export const classWeekInputSchema = z
  .object({
    availability: wizardAvailabilitySchema,
    preferences: wizardPreferencesSchema,
    language: languageSchema,
    timeZone: timeZoneSchema,
  })
  .strict()
  .describe('ClassWeekInput');
export type ClassWeekInput = z.input<typeof classWeekInputSchema>;

const readinessCount = z.number().int().min(0);

/**
 * How the class stands, for its teacher (docs/classes.md, The teacher's view): counts over the
 * members, shown only from `minGroup` members up, and the members who chose to share, by name.
 */
export const classStandingSchema = z
  .object({
    members: z.number().int(),
    minGroup: z.number().int().describe('CLASS_MIN_GROUP: aggregates show from this many up'),
    shown: z.boolean().describe('False below minGroup: exams and topics are then empty'),
    exams: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        date: z.string(),
        onTrack: readinessCount,
        atRisk: readinessCount,
        behind: readinessCount,
        unknown: readinessCount.describe('Members whose copy of the exam is gone'),
      }),
    ),
    topics: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        covered: z.number().min(0).max(1).describe('Share of members who studied it (checked in)'),
      }),
    ),
    shared: z
      .array(
        z.object({
          name: z.string(),
          exams: z.array(
            z.object({
              examId: z.number().int(),
              status: z.enum(['on-track', 'at-risk', 'behind']).nullable(),
            }),
          ),
          topicsCovered: z.number().int(),
          topicsTotal: z.number().int(),
        }),
      )
      .describe('Only the members who share their progress with the teacher'),
  })
  .describe('ClassStanding');
export type ClassStanding = z.infer<typeof classStandingSchema>;

const fileParamsSchema = z.object({ id: idSchema, fileId: idSchema }).strict();

export const classEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/classes',
    body: classInputSchema,
    response: classSchema,
    summary: 'Teachers only: make a class with its exams and topics (a join code comes with it)',
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/classes',
    body: undefined,
    response: classListSchema,
    summary: 'The classes I teach and the classes I joined',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/classes/:id',
    params: idParamsSchema,
    body: undefined,
    response: classSchema,
    summary: 'A class I teach or joined (404 otherwise)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/classes/:id',
    params: idParamsSchema,
    body: classInputSchema,
    response: classSchema,
    summary: 'The teacher saves the whole class; what changed is offered to its members',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/classes/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'The teacher deletes the class; students keep their copies',
  }),
  rotateCode: endpoint({
    method: 'POST',
    path: '/api/classes/:id/code',
    params: idParamsSchema,
    body: undefined,
    response: classSchema,
    summary: 'The teacher replaces the join code (the old one stops working)',
  }),
  addFiles: endpoint({
    method: 'POST',
    path: '/api/classes/:id/files',
    params: idParamsSchema,
    body: undefined,
    response: classFilesResultSchema,
    summary: 'multipart/form-data `files`: the teacher adds study files (upload limits and quota)',
  }),
  removeFile: endpoint({
    method: 'DELETE',
    path: '/api/classes/:id/files/:fileId',
    params: fileParamsSchema,
    body: undefined,
    response: classSchema,
    summary: 'The teacher removes a file (students keep their copies)',
  }),
  standing: endpoint({
    method: 'GET',
    path: '/api/classes/:id/standing',
    params: idParamsSchema,
    body: undefined,
    response: classStandingSchema,
    summary:
      'The teacher’s view: members on track, at risk or behind per exam and topics covered (from CLASS_MIN_GROUP members up), and those who share',
  }),
  join: endpoint({
    method: 'POST',
    path: '/api/classes/join',
    body: joinClassInputSchema,
    response: joinClassResultSchema,
    summary: 'Join with a code: the class becomes subjects in one of my plans, or a new one',
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/classes/:id/leave',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Leave a class; its subjects, notes, cards and sessions stay mine',
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/classes/:id/accept',
    params: idParamsSchema,
    body: undefined,
    response: classAcceptResultSchema,
    summary:
      'A member takes the teacher’s changes into their copy (exam dates, new topics and files) and re-plans the class’s subjects',
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/classes/:id/dismiss',
    params: idParamsSchema,
    body: undefined,
    response: classSchema,
    summary:
      'A member sets the teacher’s changes aside: nothing in their copy changes, and they are no longer offered',
  }),
  week: endpoint({
    method: 'PUT',
    path: '/api/classes/:id/week',
    params: idParamsSchema,
    body: classWeekInputSchema,
    response: classAcceptResultSchema,
    summary:
      'A member gives the plan made by hand that holds the class their study week; the class’s subjects are placed in it',
  }),
  share: endpoint({
    method: 'PUT',
    path: '/api/classes/:id/share',
    params: idParamsSchema,
    body: classShareInputSchema,
    response: classSchema,
    summary: 'A member lets the teacher see their own progress in this class, or withdraws it',
  }),
};
