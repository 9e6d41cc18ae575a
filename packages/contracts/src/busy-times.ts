import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, isoDateSchema } from './ids.js';
import { customIssue, VALIDATION_MESSAGES as M, message } from './messages.js';
import { CLOCK_PATTERN } from './study-week.js';
import { timeZoneSchema } from './time-zone.js';

/**
 * Busy time: a lecture, lab, work shift or training that is not study. The calendar shows it;
 * planning and re-planning treat it as not free, and a study session cannot be put on it.
 * It is kept in wall-clock terms (a local date and HH:MM times in the student's time zone), so a
 * weekly lecture stays at 10:00 across a daylight-saving change.
 */
export const BUSY_KINDS = ['lecture', 'lab', 'work', 'sport', 'other'] as const;
export type BusyKind = (typeof BUSY_KINDS)[number];

export const BUSY_REPEATS = ['once', 'weekly'] as const;
export type BusyRepeat = (typeof BUSY_REPEATS)[number];

/**
 * Messages a student can meet, the same in the form and in the server's 400 answer, by name;
 * texts and translation keys from the catalogue (messages.ts).
 */
export const BUSY_TIME_MESSAGES = {
  titleRequired: M.titleRequired.en,
  titleMax: M.titleMax.en,
  endBeforeStart: M.busyEndBeforeStart.en,
  untilBeforeDate: M.busyUntilBeforeDate.en,
  untilWithoutRepeat: M.busyUntilWithoutRepeat.en,
  notFound: 'Busy time not found.',
} as const;

/** HH:MM from 00:00 to 24:00 (24:00 ends a day). */
const clock = z
  .string()
  .regex(CLOCK_PATTERN, message(M.timeInvalid))
  .describe('HH:MM, local wall-clock time');

export const busyTimeSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(BUSY_KINDS),
    title: z.string(),
    date: z.string().describe('YYYY-MM-DD local date of the (first) occurrence'),
    startTime: z.string().describe('HH:MM local'),
    endTime: z.string().describe('HH:MM local, after startTime (24:00 for the end of the day)'),
    repeat: z.enum(BUSY_REPEATS),
    until: z.string().nullable().describe('YYYY-MM-DD last day of a weekly repeat; null: no end'),
    timeZone: z.string().describe('IANA time zone the wall-clock times are in'),
  })
  .describe('BusyTime');
export type BusyTime = z.infer<typeof busyTimeSchema>;

export const busyTimeInputSchema = z
  .object({
    kind: z.enum(BUSY_KINDS),
    title: z.string().trim().min(1, message(M.titleRequired)).max(200, message(M.titleMax)),
    date: isoDateSchema,
    startTime: clock,
    endTime: clock,
    repeat: z.enum(BUSY_REPEATS).optional().default('once'),
    until: isoDateSchema.nullable().optional().default(null),
    timeZone: timeZoneSchema.optional().default('UTC'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.endTime <= v.startTime) {
      ctx.addIssue(customIssue(M.busyEndBeforeStart, ['endTime']));
    }
    if (v.until !== null && v.repeat !== 'weekly') {
      ctx.addIssue(customIssue(M.busyUntilWithoutRepeat, ['until']));
    } else if (v.until !== null && v.until < v.date) {
      ctx.addIssue(customIssue(M.busyUntilBeforeDate, ['until']));
    }
  })
  .describe('BusyTimeInput');
export type BusyTimeInput = z.input<typeof busyTimeInputSchema>;

/** One occurrence of busy time on one local day. */
export interface BusyOccurrence {
  busyId: number;
  /** YYYY-MM-DD local. */
  date: string;
  /** HH:MM local. */
  startTime: string;
  endTime: string;
}

const DAY_MS = 86_400_000;
const dayIndex = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOfIndex = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);

/**
 * The occurrences of busy time on the local days from `from` to `to` (YYYY-MM-DD, inclusive),
 * earliest first: a one-off on its day, a weekly one on its weekday from its first day to its
 * last (or with no end). Pure wall-clock date arithmetic: the browser shows these and the
 * server plans around the same ones.
 */
export function busyOccurrences(
  busy: readonly Pick<BusyTime, 'id' | 'date' | 'startTime' | 'endTime' | 'repeat' | 'until'>[],
  from: string,
  to: string,
): BusyOccurrence[] {
  const first = dayIndex(from);
  const last = dayIndex(to);
  const out: BusyOccurrence[] = [];
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return out;
  for (const b of busy) {
    const start = dayIndex(b.date);
    if (Number.isNaN(start)) continue;
    const end = b.repeat === 'weekly' ? (b.until ? dayIndex(b.until) : last) : start;
    // The first weekly occurrence on or after `from`.
    let d =
      b.repeat === 'weekly' && start < first ? start + Math.ceil((first - start) / 7) * 7 : start;
    for (; d <= Math.min(end, last); d += 7) {
      if (d >= first)
        out.push({
          busyId: b.id,
          date: dateOfIndex(d),
          startTime: b.startTime,
          endTime: b.endTime,
        });
      if (b.repeat !== 'weekly') break;
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
}

export const busyTimeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/busy-times',
    body: undefined,
    response: z.array(busyTimeSchema),
    summary: "The signed-in student's busy time, earliest first",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/busy-times',
    body: busyTimeInputSchema,
    response: busyTimeSchema,
    summary: 'Add busy time (a lecture, lab, work shift or sport; one-off or weekly)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/busy-times/:id',
    params: idParamsSchema,
    body: busyTimeInputSchema,
    response: busyTimeSchema,
    summary: 'Change busy time',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/busy-times/:id',
    params: idParamsSchema,
    body: undefined,
    response: messageResponseSchema,
    summary: 'Delete busy time',
  }),
};
