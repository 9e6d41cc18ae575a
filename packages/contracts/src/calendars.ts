import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, isoDateSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, refinement } from './messages.js';

/**
 * Imported calendars (a timetable's .ics file): their events are busy time, read-only here
 * (changed at the source), shown with the calendar's name.
 */
export const CALENDAR_LIMITS = {
  /** Bytes of one calendar file. */
  fileBytes: 5 * 1024 * 1024,
  /** Events (VEVENTs) one calendar file may hold. */
  events: 5000,
  /** Calendars one student may import. */
  perStudent: 20,
  /**
   * Busy intervals one student's calendars may hold in all: everything that plans reads them
   * (a session's save too), so one student's imports stay a bounded read.
   */
  busyPerStudent: 20_000,
  nameMax: 100,
  /** Weeks past the end of the student's latest plan (or today) that imported events cover. */
  weeksAhead: 8,
} as const;

export const CALENDAR_KINDS = ['file', 'subscription'] as const;

export const calendarWarningSchema = z
  .object({
    code: z.enum(['unknown_zone', 'too_many_occurrences']),
    zone: z.string().optional().describe('unknown_zone: the TZID read in the student zone'),
  })
  .describe('CalendarWarning');
export type CalendarWarning = z.infer<typeof calendarWarningSchema>;

export const calendarSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(CALENDAR_KINDS),
    countsAsBusy: z.boolean().describe('Its events are busy time for planning'),
    lastSyncAt: z.string().describe('ISO instant the events were last read'),
    eventCount: z.number().int().describe('Busy intervals read, from today to the horizon'),
    warnings: z.array(calendarWarningSchema),
    host: z
      .string()
      .nullable()
      .describe("A subscription's link host (the link itself is a secret, never shown back)"),
  })
  .describe('Calendar');
export type Calendar = z.infer<typeof calendarSchema>;

export const calendarSubscribeInputSchema = z
  .object({
    name: z.string().trim().max(CALENDAR_LIMITS.nameMax).optional(),
    url: z.string().trim().min(1).max(2000).describe('https://, http:// or webcal:// link'),
  })
  .strict()
  .describe('CalendarSubscribeInput');
export type CalendarSubscribeInput = z.infer<typeof calendarSubscribeInputSchema>;

export const calendarUpdateInputSchema = z
  .object({
    name: z.string().trim().min(1).max(CALENDAR_LIMITS.nameMax),
    countsAsBusy: z.boolean(),
  })
  .strict()
  .describe('CalendarUpdateInput');
export type CalendarUpdateInput = z.infer<typeof calendarUpdateInputSchema>;

export const busyOccurrencesQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .strict()
  .refine((q) => q.from <= q.to, refinement(M.busyUntilBeforeDate, { path: ['to'] }))
  .refine(
    (q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000,
    refinement(M.busyRangeTooLong, { path: ['to'] }),
  );

export const busyIntervalSchema = z
  .object({
    start: z.string().describe('ISO instant'),
    end: z.string().describe('ISO instant'),
    date: z
      .string()
      .describe("YYYY-MM-DD in the student's zone (an interval over midnight is split)"),
    startTime: z.string().describe('HH:MM in that zone'),
    endTime: z.string().describe('HH:MM in that zone (24:00 ends the day)'),
    title: z.string(),
    source: z.object({
      kind: z.enum(['manual', 'calendar']),
      id: z.number().int().describe('The busy time (manual) or the calendar it came from'),
      name: z.string().describe("The calendar's name; the busy time's kind for manual ones"),
    }),
  })
  .describe('BusyInterval');
export type BusyInterval = z.infer<typeof busyIntervalSchema>;

export const calendarEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/calendars',
    body: undefined,
    response: z.array(calendarSchema),
    summary: "The student's imported calendars",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/calendars',
    body: undefined,
    response: calendarSchema,
    summary:
      'Imports a calendar: multipart `file` (.ics, at most 5 MB) and optional `name`, or JSON { name, url } to subscribe to a link; its events become busy time',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/calendars/:id/refresh',
    params: idParamsSchema,
    body: undefined,
    response: calendarSchema,
    summary: 'Reads the calendar again (its link, or its file) over today to the horizon',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/calendars/:id',
    params: idParamsSchema,
    body: calendarUpdateInputSchema,
    response: calendarSchema,
    summary: 'Renames a calendar, or says whether its events are busy time',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/calendars/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Removes a calendar and its busy time',
  }),
  occurrences: endpoint({
    method: 'GET',
    path: '/api/busy-times/occurrences',
    query: busyOccurrencesQuerySchema,
    body: undefined,
    response: z.array(busyIntervalSchema),
    summary: 'Every busy interval in the days from..to, typed and imported alike, earliest first',
  }),
};
