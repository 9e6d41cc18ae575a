import { z } from 'zod';
import { messageResponseSchema, PASSWORD_MAX } from './auth.js';
import { endpoint } from './endpoint.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

/**
 * A student's own data (docs/product.md, Your data): everything they have, to take away, and
 * deleting the account with all of it. Each list holds the rows of one kind as stored (field
 * names in camelCase, flags as 0/1), oldest first, with JSON columns read back as JSON.
 */
export const accountExportSchema = z
  .object({
    format: z.literal('studybuddy-export'),
    version: z.literal(1),
    exportedAt: z.string().describe('ISO-8601 UTC'),
    profile: z
      .record(z.string(), z.unknown())
      .describe(
        'No password hash; `calendarFeedOn` says whether the feed is on, never its address',
      ),
    plans: z
      .array(z.record(z.string(), z.unknown()))
      .describe('With the wizard input a generated plan came from (`sourceInput`)'),
    subjects: z.array(z.record(z.string(), z.unknown())),
    topics: z.array(z.record(z.string(), z.unknown())),
    lessons: z.array(z.record(z.string(), z.unknown())),
    lessonReviews: z.array(z.record(z.string(), z.unknown())),
    studySessions: z.array(z.record(z.string(), z.unknown())).describe('With their check-ins'),
    busyTimes: z.array(z.record(z.string(), z.unknown())),
    flashcards: z.array(z.record(z.string(), z.unknown())),
    flashcardReviews: z.array(z.record(z.string(), z.unknown())),
    quizzes: z.array(z.record(z.string(), z.unknown())),
    quizResults: z.array(z.record(z.string(), z.unknown())),
    chatMessages: z.array(z.record(z.string(), z.unknown())),
    studyFiles: z
      .array(z.record(z.string(), z.unknown()))
      .describe('Names, kinds and sizes of the files uploaded (their text is in the topics)'),
    feedback: z.array(z.record(z.string(), z.unknown())),
    notifications: z
      .array(z.record(z.string(), z.unknown()))
      .describe('The in-app notifications (session reminders, clashes), read or not'),
    calendar: z.string().describe('Every study session as iCalendar (RFC 5545)'),
    classes: z
      .array(z.record(z.string(), z.unknown()))
      .describe('The classes the account teaches (without their join codes)'),
    classExams: z.array(z.record(z.string(), z.unknown())),
    classTopics: z.array(z.record(z.string(), z.unknown())),
    classMemberships: z
      .array(z.record(z.string(), z.unknown()))
      .describe('The classes the student joined (their copies are in plans and subjects)'),
  })
  .describe('AccountExport');
export type AccountExport = z.infer<typeof accountExportSchema>;

export const ACCOUNT_DATA_MESSAGES = {
  deleted: 'Your account and all its data are deleted.',
} as const;

export const deleteAccountInputSchema = z
  .object({
    password: z.string().min(1, message(M.enterPassword)).max(PASSWORD_MAX),
  })
  .strict()
  .describe('DeleteAccountInput');
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

export const accountDataEndpoints = {
  export: endpoint({
    method: 'GET',
    path: '/api/account/export',
    body: undefined,
    response: accountExportSchema,
    summary:
      'Everything the student has, as one JSON file (an attachment): profile, plans, subjects, topics, lessons, reviews, sessions with check-ins, busy time, flashcards with their reviews, quizzes and results, chat history, uploaded files’ names, feedback, notifications, and the sessions as iCalendar',
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/account/delete',
    body: deleteAccountInputSchema,
    response: messageResponseSchema,
    summary:
      'Delete the account and all its data at once, after the current password; every login ends',
  }),
};
