import {
  type BusyInterval,
  type BusyTime,
  CALENDAR_LIMITS,
  type Calendar,
  type CalendarSubscribeInput,
  type CalendarUpdateInput,
  calendarWarningSchema,
} from '@studybuddy/contracts';
import {
  CalendarFetchError,
  type CalendarFetchProblem,
  calendarUrl,
  type FetchedCalendar,
} from '../../adapters/calendar-fetch/fetch-calendar.js';
import type { IcsTaskResult } from '../../adapters/work/work-tasks.js';
import type { IcsProblem } from '../../domain/calendar/read-ics.js';
import { addDays, fromZoned, toZoned } from '../../domain/time/zoned.js';
import { AppError } from '../../platform/app-error.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { localBusy } from '../busy-times/index.js';
import type { CalendarReading, CalendarRow, CalendarsRepository } from './calendars.repository.js';

export interface CalendarsDeps {
  repo: CalendarsRepository;
  /** Fetches a subscribed link (adapters/calendar-fetch): its text, or `unchanged`. */
  fetchLink(
    url: string,
    validators: { etag?: string | undefined; lastModified?: string | undefined },
  ): Promise<FetchedCalendar>;
  /** Seals a link for the database: it is a secret (whoever has it reads the calendar). */
  box: SecretBox;
  /** Reads a calendar file's busy intervals on the work pool (domain/calendar/read-ics.ts). */
  readIcs(task: { text: string; from: string; to: string; zone: string }): Promise<IcsTaskResult>;
  /** The student's time zone: imported time is shown and planned in it. */
  zoneOf(userId: number): Promise<string>;
  /** The student's typed busy time, for the one view of all busy time. */
  listManual(userId: number): Promise<BusyTime[]>;
  now?: () => Date;
}

/** Imported time is read from this many days back, so the current week shows whole. */
const DAYS_BACK = 7;
const WARNINGS = calendarWarningSchema.array();

/** Each reason a file is not read, as the error code the browser translates. */
const PROBLEM_CODES = {
  not_calendar: 'calendar_not_ics',
  broken: 'calendar_broken',
  too_many_events: 'calendar_too_many_events',
} as const satisfies Record<IcsProblem, string>;

/** Each reason a link is not read, as its error: refused where it points, else unreadable. */
/**
 * Subscriptions one instance claims per look (every 5 minutes): up to 1,200 reads an hour, so
 * one instance keeps about 7,200 links read every 6 hours (ICS_REFRESH_MINUTES 360). The reads
 * themselves run two at a time on the job runner; a claimed link is not claimed again before
 * its next interval, whatever its read's fate. At 25 (before), a school of 2,000 subscribed
 * students outgrew one instance: 300 reads an hour against 333 due.
 */
const CLAIMS_PER_SCAN = 100;

function linkError(error: unknown): never {
  if (!(error instanceof CalendarFetchError)) throw error;
  const problem: CalendarFetchProblem = error.problem;
  if (problem === 'too_large') throw new AppError(413, 'payload_too_large', error.message);
  const code =
    problem === 'bad_address' || problem === 'address_refused'
      ? 'calendar_link_refused'
      : 'calendar_link_unreadable';
  throw new AppError(400, code, error.message, [{ path: 'url', message: error.message }]);
}

const notFound = () => AppError.notFound('Calendar not found.');

function toDto(r: CalendarRow): Calendar {
  let warnings: Calendar['warnings'] = [];
  try {
    warnings = WARNINGS.parse(JSON.parse(r.warnings));
  } catch {
    // An unreadable note is no warning.
  }
  return {
    id: r.id,
    name: r.name,
    kind: r.kind === 'subscription' ? 'subscription' : 'file',
    countsAsBusy: r.countsAsBusy === 1,
    lastSyncAt: r.lastSyncAt,
    eventCount: r.eventCount,
    warnings,
    host: r.urlHost,
  };
}

/**
 * A calendar read again keeps what fits beside the student's others, the earliest first, and
 * says it was cut (a refresh is not refused: the calendar stays, shorter).
 */
function fitRoom(reading: CalendarReading, room: number): CalendarReading {
  if (reading.intervals.length <= room) return reading;
  const warnings = [
    ...WARNINGS.parse(JSON.parse(reading.warnings)).filter(
      (w) => w.code !== 'too_many_occurrences',
    ),
    { code: 'too_many_occurrences' as const },
  ];
  return {
    ...reading,
    intervals: reading.intervals.slice(0, Math.max(0, room)),
    warnings: JSON.stringify(warnings),
  };
}

/** The instant of a local day's start; 24:00 is the next day's. */
const dayStart = (date: string, zone: string) => fromZoned(date, '00:00', zone);

/**
 * One busy interval as the days it covers in `zone`: a lecture over midnight is two pieces,
 * each within its day (24:00 ends one), as busy time is everywhere else.
 */
function localPieces(start: Date, end: Date, zone: string) {
  const pieces: { date: string; startTime: string; endTime: string }[] = [];
  const first = toZoned(start, zone);
  const last = toZoned(end, zone);
  for (let date = first.date; date <= last.date; date = addDays(date, 1)) {
    const startTime = date === first.date ? first.time : '00:00';
    const endTime = date === last.date ? last.time : '24:00';
    if (endTime > startTime && !(date === last.date && endTime === '00:00'))
      pieces.push({ date, startTime, endTime });
  }
  return pieces;
}

/**
 * Imported calendars (docs/product.md, Busy time): a timetable's .ics file read into busy
 * intervals from a week back to 8 weeks past the student's latest plan, kept with the file so
 * "refresh" reads it again over today's horizon; planning, the session form and the calendar
 * read them with the typed busy time (`busyEntries`, `occurrences`).
 */
export function createCalendarsService(deps: CalendarsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The instants imported time is read over, for the student now. */
  async function horizon(userId: number, zone: string) {
    const today = toZoned(now(), zone).date;
    const reach = await repo.plansReach(userId);
    const last = reach && reach > today ? reach : today;
    return {
      from: dayStart(addDays(today, -DAYS_BACK), zone).toISOString(),
      to: dayStart(addDays(last, CALENDAR_LIMITS.weeksAhead * 7 + 1), zone).toISOString(),
    };
  }

  async function read(userId: number, text: string): Promise<CalendarReading & { name?: string }> {
    const zone = await deps.zoneOf(userId);
    const range = await horizon(userId, zone);
    const result = await deps.readIcs({ text, ...range, zone });
    if (!result.ok) throw new AppError(400, PROBLEM_CODES[result.problem], result.message);
    return {
      intervals: result.intervals,
      warnings: JSON.stringify(result.warnings),
      at: now().toISOString(),
      ...(result.name ? { name: result.name } : {}),
    };
  }

  /** A new calendar must fit beside the student's others (CALENDAR_LIMITS.busyPerStudent). */
  async function assertRoom(userId: number, reading: CalendarReading) {
    const others = await repo.countBusy(userId);
    if (others + reading.intervals.length > CALENDAR_LIMITS.busyPerStudent)
      throw new AppError(
        400,
        'validation_failed',
        `Your imported calendars would hold more than ${CALENDAR_LIMITS.busyPerStudent.toLocaleString('en')} busy times. Remove one, or import a shorter range.`,
      );
  }

  async function get(userId: number, id: number): Promise<Calendar> {
    const row = await repo.find(userId, id);
    if (!row) throw notFound();
    return toDto(row);
  }

  return {
    async list(userId: number): Promise<Calendar[]> {
      return (await repo.list(userId)).map(toDto);
    },

    /** A calendar file imported whole, or refused whole with the reason. */
    async importFile(
      userId: number,
      file: { name?: string; filename: string; data: Buffer },
    ): Promise<Calendar> {
      if (file.data.length > CALENDAR_LIMITS.fileBytes)
        throw new AppError(413, 'payload_too_large', 'The calendar file is larger than 5 MB.');
      if ((await repo.count(userId)) >= CALENDAR_LIMITS.perStudent)
        throw new AppError(
          400,
          'validation_failed',
          `You can import at most ${CALENDAR_LIMITS.perStudent} calendars. Remove one first.`,
        );
      const text = file.data.toString('utf8').replace(/^\uFEFF/, '');
      const reading = await read(userId, text);
      await assertRoom(userId, reading);
      const fromFile = file.filename.replace(/\.[^.]*$/, '').trim();
      const name = (file.name?.trim() || reading.name || fromFile || 'Calendar').slice(
        0,
        CALENDAR_LIMITS.nameMax,
      );
      const id = await repo.insert(userId, { name, kind: 'file', sourceText: text }, reading);
      return get(userId, id);
    },

    /**
     * A calendar subscribed by link: read now, refused whole when the link or its calendar
     * cannot be read. The link is kept sealed and never shown back (its host is).
     */
    async subscribe(userId: number, input: CalendarSubscribeInput): Promise<Calendar> {
      let url: URL;
      try {
        url = calendarUrl(input.url);
      } catch (error) {
        linkError(error);
      }
      if ((await repo.count(userId)) >= CALENDAR_LIMITS.perStudent)
        throw new AppError(
          400,
          'validation_failed',
          `You can import at most ${CALENDAR_LIMITS.perStudent} calendars. Remove one first.`,
        );
      const fetched = await deps.fetchLink(url.href, {}).catch(linkError);
      if (fetched.status !== 'changed')
        throw new AppError(
          400,
          'calendar_link_unreadable',
          'The calendar server sent no calendar.',
        );
      const reading = await read(userId, fetched.text);
      await assertRoom(userId, reading);
      const name = (input.name?.trim() || reading.name || url.hostname).slice(
        0,
        CALENDAR_LIMITS.nameMax,
      );
      const id = await repo.insert(
        userId,
        {
          name,
          kind: 'subscription',
          sourceText: fetched.text,
          urlSealed: deps.box.seal(url.href),
          urlHost: url.hostname,
          etag: fetched.etag ?? null,
          lastModified: fetched.lastModified ?? null,
        },
        reading,
      );
      return get(userId, id);
    },

    /**
     * Reads the calendar again over today's horizon (a new plan reaches further): a
     * subscription from its link first (its text kept when the server says it is unchanged).
     */
    async refresh(userId: number, id: number): Promise<Calendar> {
      const source = await repo.source(userId, id);
      if (!source) throw notFound();
      const link = source.urlSealed ? deps.box.open(source.urlSealed) : undefined;
      let text = source.sourceText;
      let fetched: CalendarReading['fetched'];
      if (link) {
        const answer = await deps
          .fetchLink(link, {
            etag: source.etag ?? undefined,
            lastModified: source.lastModified ?? undefined,
          })
          .catch(linkError);
        if (answer.status === 'changed') {
          text = answer.text;
          fetched = {
            sourceText: answer.text,
            etag: answer.etag ?? null,
            lastModified: answer.lastModified ?? null,
          };
        }
      }
      if (text === null) throw notFound();
      const reading = fitRoom(
        { ...(await read(userId, text)), ...(fetched ? { fetched } : {}) },
        CALENDAR_LIMITS.busyPerStudent - (await repo.countBusy(userId, id)),
      );
      if (!(await repo.replace(userId, id, reading))) throw notFound();
      return get(userId, id);
    },

    /**
     * The subscriptions due a read (last read `everyMinutes` ago or more), claimed for this
     * instance; at most 25 a scan, the rest at the next.
     */
    claimDue(everyMinutes: number) {
      const at = now();
      const cutoff = new Date(at.getTime() - everyMinutes * 60_000).toISOString();
      return repo.claimDue(cutoff, at.toISOString(), CLAIMS_PER_SCAN);
    },

    async update(userId: number, id: number, input: CalendarUpdateInput): Promise<Calendar> {
      if (!(await repo.update(userId, id, { ...input, at: now().toISOString() }))) throw notFound();
      return get(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound();
    },

    /**
     * Imported busy time as busy-time entries in the student's zone, for everything that plans
     * around busy time: each interval by the days it covers. Their ids are negative (the
     * interval's, negated): never an id of typed busy time, which planning tells apart by id.
     */
    async busyEntries(userId: number): Promise<BusyTime[]> {
      const zone = await deps.zoneOf(userId);
      const rows = await repo.busy(userId, { busyOnly: true });
      return rows.flatMap((r) =>
        localPieces(new Date(r.startsAt), new Date(r.endsAt), zone).map((p) => ({
          id: -r.id,
          kind: 'other' as const,
          title: r.title,
          ...p,
          repeat: 'once' as const,
          until: null,
          timeZone: zone,
        })),
      );
    },

    /** Every busy interval on the local days from..to, typed and imported alike, earliest first. */
    async occurrences(userId: number, from: string, to: string): Promise<BusyInterval[]> {
      const zone = await deps.zoneOf(userId);
      const manual = await deps.listManual(userId);
      const byId = new Map(manual.map((b) => [b.id, b]));
      const out: BusyInterval[] = localBusy(manual, from, to, zone).map((o) => {
        const b = byId.get(o.busyId);
        const start = fromZoned(o.date, o.startTime, zone);
        const end =
          o.endTime === '24:00'
            ? dayStart(addDays(o.date, 1), zone)
            : fromZoned(o.date, o.endTime, zone);
        return {
          start: start.toISOString(),
          end: end.toISOString(),
          date: o.date,
          startTime: o.startTime,
          endTime: o.endTime,
          title: b?.title ?? '',
          source: { kind: 'manual', id: o.busyId, name: b?.kind ?? 'other' },
        };
      });
      const rows = await repo.busy(userId, {
        from: dayStart(from, zone).toISOString(),
        to: dayStart(addDays(to, 1), zone).toISOString(),
        busyOnly: false,
      });
      for (const r of rows)
        for (const p of localPieces(new Date(r.startsAt), new Date(r.endsAt), zone)) {
          if (p.date < from || p.date > to) continue;
          out.push({
            start: (p.startTime === '00:00'
              ? dayStart(p.date, zone)
              : fromZoned(p.date, p.startTime, zone)
            ).toISOString(),
            end: (p.endTime === '24:00'
              ? dayStart(addDays(p.date, 1), zone)
              : fromZoned(p.date, p.endTime, zone)
            ).toISOString(),
            ...p,
            title: r.title,
            source: { kind: 'calendar', id: r.calendarId, name: r.calendarName },
          });
        }
      return out.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
    },
  };
}
export type CalendarsService = ReturnType<typeof createCalendarsService>;
