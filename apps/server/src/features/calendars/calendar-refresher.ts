import type { BusyClashData } from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';
import type { JobHandler, JobLogger } from '../../platform/job-runner.js';
import { oneScanAtATime } from '../../platform/one-scan-at-a-time.js';
import type { CalendarsService } from './calendars.service.js';

/** The job that reads one subscribed calendar again. */
export const CALENDAR_REFRESH_JOB = 'calendar-refresh';

/** How often each instance looks for subscriptions due a read. */
const SCAN_MS = 5 * 60_000;

/**
 * Subscriptions stay current (docs/product.md, Busy time): every instance looks every 5 minutes
 * for the calendars last read ICS_REFRESH_MINUTES ago, claims them (each by one instance) and
 * queues a job per calendar, so the reads run on the job runner, a few at a time and fairly
 * between students, never in a request.
 */
export function createCalendarRefresher(opts: {
  calendars: CalendarsService;
  everyMinutes: number;
  enqueue(jobs: { kind: string; userId: number; payload: { calendarId: number } }[]): Promise<void>;
  log: JobLogger;
  /** The student's sessions ahead that busy time covers (the living plan's clashes). */
  clashesOf(userId: number): Promise<ReadonlyArray<{ sessionId: number; startAt: string }>>;
  /** Tells the student that a read put sessions under busy time (the bell). */
  notifyClash(userId: number, data: BusyClashData): Promise<void>;
}) {
  let timer: NodeJS.Timeout | undefined;
  const scans = oneScanAtATime({
    scan: async () => {
      const due = await opts.calendars.claimDue(opts.everyMinutes);
      if (due.length > 0)
        await opts.enqueue(
          due.map((c) => ({
            kind: CALENDAR_REFRESH_JOB,
            userId: c.userId,
            payload: { calendarId: c.id },
          })),
        );
    },
    log: opts.log,
    event: 'calendars.scan_failed',
    message: 'could not look for calendars due a read',
  });

  /** A link that cannot be read now is tried at the next interval, not hammered by retries. */
  const job: JobHandler<{ calendarId: number }> = {
    async run(payload, ctx) {
      if (ctx.userId === null) return;
      try {
        // Nothing moves silently: sessions the new busy time covers are named in the bell
        // (only those it newly covers, so a read every few hours does not repeat itself).
        const before = new Set((await opts.clashesOf(ctx.userId)).map((c) => c.sessionId));
        const calendar = await opts.calendars.refresh(ctx.userId, payload.calendarId);
        const fresh = (await opts.clashesOf(ctx.userId)).filter((c) => !before.has(c.sessionId));
        const first = fresh[0];
        if (first)
          await opts.notifyClash(ctx.userId, {
            calendarId: calendar.id,
            calendarName: calendar.name,
            count: fresh.length,
            startsAt: first.startAt,
          });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        opts.log.warn(
          {
            event: 'calendars.refresh_failed',
            userId: ctx.userId,
            calendarId: payload.calendarId,
            code: error.code,
          },
          'a subscribed calendar could not be read',
        );
      }
    },
    maxAttempts: 3,
    fairByUser: true,
    concurrency: 2,
  };

  return {
    job,
    start(): void {
      if (timer) return;
      timer = setInterval(scans.tick, SCAN_MS);
      timer.unref();
      scans.tick();
    },
    /** One scan now, waited for (tests; the timer's scans do the same). */
    async scanNow(): Promise<void> {
      scans.tick();
      await scans.idle();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await scans.idle();
    },
  };
}
export type CalendarRefresher = ReturnType<typeof createCalendarRefresher>;
