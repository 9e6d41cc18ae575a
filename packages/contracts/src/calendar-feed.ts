import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

/**
 * The student's private calendar feed (docs/product.md, Calendar feed): an ICS address that
 * Google Calendar, Apple Calendar or Thunderbird subscribe to, with every study session of the
 * student's accepted plans. Whoever has the address can read the calendar, so it holds a long
 * random token; a new link stops the old one at once, and turning it off stops it too.
 */
export const calendarFeedSchema = z
  .object({
    enabled: z.boolean(),
    url: z
      .string()
      .nullable()
      .describe('The absolute https or http address of the .ics feed; null when it is off'),
  })
  .describe('CalendarFeed');
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const CALENDAR_FEED_MESSAGES = {
  /** Any feed address that does not open a calendar: unknown, replaced, turned off or malformed. */
  unknownLink: M.calendarLinkInvalid.en,
} as const;

/** The feed token: 43 base64url characters (256 random bits). */
export const calendarTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, message(M.calendarLinkInvalid));

export const calendarFeedEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/calendar-feed',
    body: undefined,
    response: calendarFeedSchema,
    summary: 'The address of the student’s calendar feed, or that it is off',
  }),
  renew: endpoint({
    method: 'POST',
    path: '/api/calendar-feed',
    body: undefined,
    response: calendarFeedSchema,
    summary: 'Turn the calendar feed on with a new address; the old address stops at once',
  }),
  turnOff: endpoint({
    method: 'DELETE',
    path: '/api/calendar-feed',
    body: undefined,
    response: calendarFeedSchema,
    summary: 'Turn the calendar feed off; its address stops at once',
  }),
  feed: endpoint({
    method: 'GET',
    path: '/api/calendar/:token.ics',
    // Any text: a malformed token is checked against calendarTokenSchema by the server and
    // answered 404 like an unknown one (never 400), so the answer tells nothing about it.
    params: z
      .object({ token: z.string().describe('The secret: 43 base64url characters') })
      .strict(),
    body: undefined,
    response: z.string().describe('text/calendar (RFC 5545)'),
    summary:
      'Public, by its secret address: every study session and exam day of the student’s accepted plans as iCalendar (text/calendar); an unknown, replaced or malformed address is 404',
  }),
  planIcs: endpoint({
    method: 'GET',
    path: '/api/plans/:planId/calendar.ics',
    params: z.object({ planId: idSchema }).strict(),
    body: undefined,
    response: z.string().describe('text/calendar (RFC 5545)'),
    summary:
      'One plan’s study sessions and exam days as an .ics file to download (text/calendar, content-disposition: attachment)',
  }),
};
