import { z } from 'zod';
import { AI_LANGUAGES } from './ai.js';
import { messageResponseSchema } from './auth.js';
import { classChangeSchema } from './classes.js';
import { endpoint } from './endpoint.js';
import { idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { timeZoneSchema } from './time-zone.js';

/**
 * Reminders and the in-app bell (docs/product.md, Reminders). A study session gets one reminder
 * a lead time before it starts when its own `reminder` switch or the student's `notifyOnLesson`
 * is on: always in the bell, by e-mail too when the server has SMTP, and as a browser
 * notification when the student allowed it and the app is open.
 */
export const REMINDER_LEAD_MINUTES = [10, 30, 60] as const;
export type ReminderLeadMinutes = (typeof REMINDER_LEAD_MINUTES)[number];
export const DEFAULT_REMINDER_LEAD_MINUTES: ReminderLeadMinutes = 30;

/** A stored lead time as one of REMINDER_LEAD_MINUTES (the default for anything else). */
export const reminderLeadOf = (minutes: number): ReminderLeadMinutes =>
  REMINDER_LEAD_MINUTES.find((m) => m === minutes) ?? DEFAULT_REMINDER_LEAD_MINUTES;

/** Said when a reminder time is not one of REMINDER_LEAD_MINUTES. */
export const REMINDER_LEAD_MESSAGE = M.reminderLead.en;

export const reminderLeadSchema = z
  .union(
    REMINDER_LEAD_MINUTES.map((m) => z.literal(m)) as [
      z.ZodLiteral<10>,
      z.ZodLiteral<30>,
      z.ZodLiteral<60>,
    ],
    message(M.reminderLead),
  )
  .describe('Minutes before a session that its reminder comes: 10, 30 or 60');

/** The bell lists this many, newest first. */
export const NOTIFICATIONS_LIST_MAX = 50;

/** What a session reminder shows: the subject, topic and time, and the lesson to open. */
export const sessionReminderDataSchema = z
  .object({
    sessionId: z.number().int(),
    planId: z.number().int(),
    topicId: z.number().int().nullable(),
    title: z.string(),
    subjectName: z.string(),
    topicName: z.string().nullable(),
    startsAt: z.string().describe('ISO-8601 UTC; shown in the reader’s time zone'),
  })
  .describe('SessionReminderData');
export type SessionReminderData = z.infer<typeof sessionReminderDataSchema>;

/**
 * What a clash notification shows: a subscribed calendar read again in the background now covers
 * study sessions ahead (docs/product.md, Busy time); the calendar page lists them and offers the
 * re-plan.
 */
export const busyClashDataSchema = z
  .object({
    calendarId: z.number().int(),
    calendarName: z.string(),
    count: z.number().int().describe('How many sessions ahead the read put under busy time'),
    startsAt: z.string().describe('ISO-8601 UTC: the start of the first of them'),
  })
  .describe('BusyClashData');
export type BusyClashData = z.infer<typeof busyClashDataSchema>;

/**
 * What a class-change notification shows: the teacher saved changes that the student's copy
 * would follow (docs/classes.md); the class page offers to take them and re-plan.
 */
export const classChangeDataSchema = z
  .object({
    classId: z.number().int(),
    className: z.string(),
    changes: z.array(classChangeSchema).describe('What this save changed'),
  })
  .describe('ClassChangeData');
export type ClassChangeData = z.infer<typeof classChangeDataSchema>;

const notificationFields = {
  id: z.number().int(),
  read: z.boolean(),
  createdAt: z.string(),
};

export const notificationSchema = z
  .discriminatedUnion('kind', [
    z.object({
      ...notificationFields,
      kind: z.literal('session-reminder'),
      data: sessionReminderDataSchema,
    }),
    z.object({ ...notificationFields, kind: z.literal('busy-clash'), data: busyClashDataSchema }),
    z.object({
      ...notificationFields,
      kind: z.literal('class-change'),
      data: classChangeDataSchema,
    }),
  ])
  .describe('Notification');
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema).describe(`The newest ${NOTIFICATIONS_LIST_MAX}`),
    unread: z.number().int().describe('How many are unread, of all'),
  })
  .describe('NotificationList');
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  unsubscribed:
    'You will get no more lesson reminders. You can turn them on again in your profile.',
  badUnsubscribeLink: M.unsubscribeLinkInvalid.en,
} as const;

/** The student's language and time zone, as the browser knows them: their e-mails use them. */
export const localeInputSchema = z
  .object({
    language: z.enum(AI_LANGUAGES, message(M.languageInvalid)),
    timeZone: timeZoneSchema,
  })
  .strict()
  .describe('LocaleInput');
export type LocaleInput = z.infer<typeof localeInputSchema>;

/** The signed token of an e-mail's unsubscribe link (base64url, one purpose: reminders off). */
export const unsubscribeInputSchema = z
  .object({
    token: z
      .string(message(M.unsubscribeLinkInvalid))
      .min(1, message(M.unsubscribeLinkInvalid))
      .max(300, message(M.unsubscribeLinkInvalid)),
  })
  .strict()
  .describe('UnsubscribeInput');
export type UnsubscribeInput = z.infer<typeof unsubscribeInputSchema>;

/**
 * RFC 8058 one-click unsubscribe: a mail client posts this form body to the List-Unsubscribe
 * address, whose query string holds the token.
 */
export const oneClickUnsubscribeSchema = z
  .object({ 'List-Unsubscribe': z.literal('One-Click') })
  .strict()
  .describe('OneClickUnsubscribe');

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    body: undefined,
    response: notificationListSchema,
    summary: 'The bell: the newest notifications and how many are unread',
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    params: z.object({ id: idSchema }).strict(),
    body: undefined,
    response: notificationListSchema,
    summary: 'Mark one notification as read',
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    body: undefined,
    response: notificationListSchema,
    summary: 'Mark every notification as read',
  }),
  locale: endpoint({
    method: 'PUT',
    path: '/api/account/locale',
    body: localeInputSchema,
    response: messageResponseSchema,
    summary: 'The language and time zone the student’s e-mails are written in',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/reminders/unsubscribe',
    query: unsubscribeInputSchema.partial().describe('UnsubscribeQuery'),
    // Nullish: a one-click post sent as multipart/form-data leaves no parsed body (null).
    body: z.union([unsubscribeInputSchema, oneClickUnsubscribeSchema]).nullish(),
    response: messageResponseSchema,
    summary:
      'Public, by the signed token of an e-mail’s link: turn lesson reminders off without signing in. The web page posts `{ token }` as JSON; a mail client’s RFC 8058 one-click posts the form body `List-Unsubscribe=One-Click` with the token in the query string',
  }),
};
