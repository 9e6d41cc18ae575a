/**
 * The study week, in one place (docs/planner.md, The study week): how weekdays are numbered
 * and where a calendar week starts, clock times as HH:MM, which half-hours of a day a session may
 * use (the allowed-slot rule), and how sessions are packed into them with breaks. The planner,
 * the living plan's catch-up, the check of hand-edited blocks, the wizard, the proposal view and
 * the calendar all ask this module; none of them works these out on its own. Pure: no clock, no
 * time zone (dates are calendar dates, times wall-clock times).
 */

// Weekdays ---------------------------------------------------------------------------------

/**
 * The weekdays in the app's one order, Monday first (ISO 8601): an index into this list is the
 * `day` of an availability entry and the weekday number the planner uses. JS `Date#getDay()`
 * counts from Sunday; convert with weekdayFromJsDay rather than keeping a second list.
 */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Days in a week. */
export const DAYS_PER_WEEK = 7;

/** The WEEKDAYS index (0 = Monday) of a JS `getDay()`/`getUTCDay()` value (0 = Sunday). */
export function weekdayFromJsDay(jsDay: number): number {
  return (jsDay + 6) % 7;
}

/** Weekday (0 = Monday ... 6 = Sunday) of a day number, days since 1970-01-01 (a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Weekday (0 = Monday ... 6 = Sunday) of a 'YYYY-MM-DD' calendar date; NaN when unreadable. */
export function weekdayOfDate(date: string): number {
  return weekdayFromJsDay(new Date(`${date}T00:00:00Z`).getUTCDay());
}

// The week start ---------------------------------------------------------------------------

/** The calendar week starts on Sunday (the default) or Monday, as the student chooses. */
export const WEEK_STARTS = ['sunday', 'monday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** The week start of a profile that never chose one. */
export const DEFAULT_WEEK_START: WeekStart = 'sunday';

/** A stored week start read back: the value when it is one, else the default. */
export function weekStartOrDefault(value: unknown): WeekStart {
  return WEEK_STARTS.find((w) => w === value) ?? DEFAULT_WEEK_START;
}

/** The first weekday (0 = Monday ... 6 = Sunday) of a week that starts on `weekStart`. */
export function firstWeekday(weekStart: WeekStart): number {
  return weekStart === 'monday' ? 0 : 6;
}

/** The first day of the week as JS and date-fns count it (0 = Sunday, 1 = Monday). */
export function firstJsDay(weekStart: WeekStart | undefined): 0 | 1 {
  return (weekStart ?? DEFAULT_WEEK_START) === 'monday' ? 1 : 0;
}

const DAY_MS = 86_400_000;

/**
 * The first day ('YYYY-MM-DD') of the calendar week holding `date`; the date itself when it is
 * not one.
 */
export function weekStartDate(date: string, weekStart: WeekStart): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(at)) return date;
  const back = (weekdayOfDate(date) - firstWeekday(weekStart) + 7) % 7;
  return new Date(at - back * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A period's calendar weeks: the whole weeks inside it, as day offsets from its first day. A
 * part week at either end is not a week here (it would always look light).
 */
export interface CalendarWeeks {
  /** Offset of the first whole week's first day (0-6). */
  first: number;
  /** Number of whole weeks. */
  count: number;
}

/**
 * The calendar weeks of a period of `days` days from day number `p0`. With a week start they
 * begin on that weekday; without one, on the period's first day (how plans made without the
 * student's week start were measured, kept so those plans stay as they were).
 */
export function calendarWeeks(p0: number, days: number, weekStart?: WeekStart): CalendarWeeks {
  const first =
    weekStart === undefined ? 0 : (firstWeekday(weekStart) - weekdayOf(p0) + DAYS_PER_WEEK) % 7;
  return { first, count: Math.max(0, Math.floor((days - first) / DAYS_PER_WEEK)) };
}

/** Index of the calendar week holding day offset `d`; NaN for a day outside every whole week. */
export function weekIndexOf(weeks: CalendarWeeks, d: number): number {
  const i = Math.floor((d - weeks.first) / DAYS_PER_WEEK);
  return d >= weeks.first && i < weeks.count ? i : Number.NaN;
}

// Clock times ------------------------------------------------------------------------------

/** Minutes in a day; '24:00' is its end. */
export const DAY_MINUTES = 1440;
/** The grid sessions are placed on, in minutes. */
export const SLOT_MINUTES = 30;
/** Half-hours in a day. */
export const HALF_HOURS = DAY_MINUTES / SLOT_MINUTES;

/**
 * A clock time as the API takes it: HH:MM from 00:00 to 24:00 (24:00 ends a day); every time
 * this pattern accepts, parseClock reads.
 */
export const CLOCK_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes after midnight of 'HH:MM' ('24:00' allowed, '9:00' is 09:00); NaN when malformed. */
export function parseClock(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min !== 0)) return Number.NaN;
  return h * 60 + min;
}

/** 'HH:MM' of minutes after midnight (1440 is '24:00', the end of the day). */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// The allowed-slot rule --------------------------------------------------------------------

/** One weekday of the student's availability, as the wizard sends it. */
export interface AvailabilityDay {
  /** 0 = Monday ... 6 = Sunday. */
  day: number;
  enabled: boolean;
  /** Most hours of study that day. */
  hours: number;
  startTime: string;
  endTime: string;
  /** slots[h]: the clock hour h:00 to h+1:00 is free. */
  slots: readonly boolean[];
}

/** What the extra wishes take away from every day (the planner's wishes.ts reads them). */
export interface SlotLimits {
  /** Weekdays (0 = Monday) with no study. */
  blockedDays: readonly number[];
  /** No session starts before this minute of the day. */
  notBefore?: number | undefined;
  /** No session ends after this minute of the day. */
  notAfter?: number | undefined;
  /** Most hours of study a day. */
  maxHours?: number | undefined;
}

/** A day's allowed half-hours, with the window and the hours they come from. */
export interface AllowedDay {
  /** allowed[h]: the half-hour h (0-47) may hold a session. */
  allowed: boolean[];
  /** A study day (and no wish blocks it). */
  enabled: boolean;
  /** Most hours of study that day, after a "max N hours" wish. */
  hours: number;
  /** The usable window in minutes, after the not-before and not-after wishes. */
  start: number;
  end: number;
}

/** No limits: the availability alone. */
export const NO_SLOT_LIMITS: SlotLimits = { blockedDays: [] };

/** Why a half-hour may not hold a session, in the order the rule asks. */
export type SlotProblem = 'not-study-day' | 'outside-window' | 'hour-not-free' | 'busy';

/** A day's slot problems (null: allowed), with the window and the hours they come from. */
export interface SlotDay extends Omit<AllowedDay, 'allowed'> {
  /** problems[h]: why the half-hour h (0-47) may not hold a session, or null. */
  problems: Array<SlotProblem | null>;
}

/**
 * The allowed-slot rule (docs/planner.md, Places and Busy time), with its reasons: a half-hour
 * may hold a session when its weekday is a study day not blocked by a wish, it lies inside the
 * day's window narrowed by the not-before and not-after wishes, its clock hour is free, and no
 * busy time touches it (`busy[h]`, from busyHalfHours). A window without a readable start
 * starts at midnight; one without a readable end, or ending at 00:00 after its start, runs to
 * the end of the day.
 */
export function slotProblems(
  availability: readonly AvailabilityDay[],
  weekday: number,
  limits: SlotLimits,
  busy?: readonly boolean[],
): SlotDay {
  const av = availability.find((a) => a.day === weekday);
  const enabled = !!av?.enabled && !limits.blockedDays.includes(weekday);
  let start = av ? parseClock(av.startTime) : 0;
  let end = av ? parseClock(av.endTime) : 0;
  if (Number.isNaN(start)) start = 0;
  if (Number.isNaN(end)) end = DAY_MINUTES;
  if (end === 0 && start > 0) end = DAY_MINUTES;
  if (limits.notBefore !== undefined) start = Math.max(start, limits.notBefore);
  if (limits.notAfter !== undefined) end = Math.min(end, limits.notAfter);
  let hours = av && Number.isFinite(av.hours) ? Math.max(0, Math.min(24, av.hours)) : 0;
  if (limits.maxHours !== undefined) hours = Math.min(hours, limits.maxHours);
  const problems: Array<SlotProblem | null> = [];
  for (let h = 0; h < HALF_HOURS; h++) {
    if (!enabled) problems.push('not-study-day');
    else if (h * SLOT_MINUTES < start || (h + 1) * SLOT_MINUTES > end)
      problems.push('outside-window');
    else if (!av?.slots[h >> 1]) problems.push('hour-not-free');
    else problems.push(busy?.[h] ? 'busy' : null);
  }
  return { problems, enabled, hours, start, end };
}

/** The allowed-slot rule as a mask: the half-hours slotProblems finds no problem with. */
export function allowedHalfHours(
  availability: readonly AvailabilityDay[],
  weekday: number,
  limits: SlotLimits,
  busy?: readonly boolean[],
): AllowedDay {
  const { problems, ...day } = slotProblems(availability, weekday, limits, busy);
  return { allowed: problems.map((p) => p === null), ...day };
}

/**
 * The half-hours `from` (inclusive) to `to` (exclusive) that the time from minute `start` to
 * minute `end` touches: busy from 10:15 to 11:45 takes 10:00-12:00, since a session on the
 * half-hour grid cannot use a half-hour that is partly taken.
 */
export function touchedHalfHours(start: number, end: number): { from: number; to: number } {
  return {
    from: Math.max(0, Math.floor(start / SLOT_MINUTES)),
    to: Math.min(HALF_HOURS, Math.ceil(end / SLOT_MINUTES)),
  };
}

/**
 * A day's busy half-hours from its busy intervals ('HH:MM' times, `end` may be '24:00'), each
 * half-hour an interval touches (touchedHalfHours); malformed or empty intervals are ignored.
 */
export function busyHalfHours(intervals: Iterable<{ start: string; end: string }>): boolean[] {
  const mask = new Array<boolean>(HALF_HOURS).fill(false);
  for (const b of intervals) {
    const start = parseClock(b.start);
    const end = parseClock(b.end);
    if (!(end > start)) continue;
    const { from, to } = touchedHalfHours(start, end);
    for (let h = from; h < to; h++) mask[h] = true;
  }
  return mask;
}

/**
 * Where the living plan may add study time when the student's own windows are full (a
 * trade-off the student chooses): 08:00 to 21:00, the day as most students keep it awake and
 * reachable, on any day, outside busy time.
 */
export const ADDED_TIME_WINDOW = { start: 8 * 60, end: 21 * 60 } as const;

// Packing ----------------------------------------------------------------------------------

/** A break between runs of back-to-back sessions, in minutes. */
export const BREAK_MINUTES = 30;

/** Most back-to-back sessions before a break: never a continuous block over 3 h. */
export function maxConsecutiveSessions(sessionLength: number): number {
  return Math.max(1, Math.min(2, Math.floor(3 / sessionLength)));
}

/**
 * Minutes of the day a student's `hours` of study take in whole sessions with the breaks
 * between runs of back-to-back sessions: 3 h of 1-h sessions are two sessions, a break, one
 * more (3 h 30 min), so a window of "3 h from 17:00" must run to 20:30 for the plan to hold all
 * 3 h. Whole sessions, because the plan's last session of a day may be cut short by the day's
 * hours but needs a full session's room to be placed (4 h of 1.5-h sessions: 1.5 + 1.5, a
 * break, and a last session of 1 h in room for 1.5 h).
 */
export function studyWindowMinutes(hours: number, sessionLength: number): number {
  if (hours <= 0) return 0;
  const sessions = Math.ceil(hours / sessionLength - 1e-9);
  const breaks = Math.ceil(sessions / maxConsecutiveSessions(sessionLength)) - 1;
  return Math.round(sessions * sessionLength * 60 + BREAK_MINUTES * breaks);
}

/** A place for one session: start and length in half-hours from midnight. */
export interface Place {
  start: number;
  len: number;
}

/**
 * Packs places of `len` half-hours into the allowed half-hours, left to right, with a
 * half-hour break after `consecutive` back-to-back places, spending at most `budget`
 * half-hours; the last place may be shorter (at least 1 h) when the budget runs out.
 */
export function packPlaces(
  allowed: readonly boolean[],
  budget: number,
  len: number,
  consecutive: number,
): Place[] {
  const places: Place[] = [];
  let h = 0;
  let run = 0;
  let left = budget;
  while (h < HALF_HOURS && left >= 2) {
    if (!allowed[h]) {
      h++;
      run = 0;
      continue;
    }
    const size = Math.min(len, left);
    let fits = h + size <= HALF_HOURS;
    for (let i = 1; fits && i < size; i++) if (!allowed[h + i]) fits = false;
    if (!fits) {
      h++;
      run = 0;
      continue;
    }
    places.push({ start: h, len: size });
    left -= size;
    h += size;
    run++;
    if (run >= consecutive) {
      h++;
      run = 0;
    }
  }
  return places;
}

function mirror(places: Place[]): Place[] {
  return places.map((p) => ({ start: HALF_HOURS - p.start - p.len, len: p.len })).reverse();
}

/** A part of the day the student prefers (an extra wish). */
export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** A day's places once packed. */
export interface PackedDay {
  /** Places in time order; their total never exceeds the day's hours. */
  places: Place[];
  /** Place indexes in the order they are used (part-of-day preference). */
  order: number[];
  /** Sum of the places, in hours. */
  capacity: number;
  /** Hours the allowed half-hours could hold with no daily cap. */
  packable: number;
}

function preferenceOrder(places: Place[], part: PartOfDay | undefined): number[] {
  const idx = places.map((_, i) => i);
  if (part === 'evening') return idx.reverse();
  if (part === 'afternoon') {
    const dist = (p: Place) => Math.abs(p.start + p.len / 2 - 30);
    return idx.sort((a, b) => dist(places[a] as Place) - dist(places[b] as Place) || a - b);
  }
  return idx;
}

const halfHoursOf = (places: readonly Place[]) => places.reduce((s, p) => s + p.len, 0);

/**
 * Packs one day (docs/planner.md, Places): sessions of `sessionLength` hours into its allowed
 * half-hours, with a break after every maxConsecutiveSessions back-to-back, within its `hours`.
 * An evening wish packs from the end of the day, so the daily cap keeps the late places; an
 * afternoon wish packs after noon first, then before it.
 */
export function packDay(
  allowed: readonly boolean[],
  hours: number,
  sessionLength: number,
  partOfDay: PartOfDay | undefined,
): PackedDay {
  const len = Math.round(sessionLength * 2);
  const consecutive = maxConsecutiveSessions(sessionLength);
  const budget = Math.floor(hours * 2 + 1e-9);
  let places = packPlaces(allowed, budget, len, consecutive);
  if (partOfDay === 'evening')
    places = mirror(packPlaces([...allowed].reverse(), budget, len, consecutive));
  if (partOfDay === 'afternoon') {
    const pm = allowed.map((a, h) => a && h >= 24);
    const first = packPlaces(pm, budget, len, consecutive);
    const am = allowed.map((a, h) => a && h < 23);
    const second = mirror(
      packPlaces([...am].reverse(), budget - halfHoursOf(first), len, consecutive),
    );
    const split = [...second, ...first];
    if (halfHoursOf(split) >= halfHoursOf(places)) places = split;
  }
  const packable = halfHoursOf(packPlaces(allowed, HALF_HOURS, len, consecutive)) / 2;
  return {
    places,
    order: preferenceOrder(places, partOfDay),
    capacity: halfHoursOf(places) / 2,
    packable,
  };
}

/**
 * Hours of study a window from minute `from` to minute `to` holds: whole sessions packed from
 * its start on the half-hour grid with the breaks (packPlaces), as the planner packs a day
 * whose hours do not cap it. 09:00-12:00 holds two 1.5-h sessions (3 h) but only two 1-h
 * sessions (2 h: the break after the second leaves 30 minutes).
 */
export function windowStudyHours(from: number, to: number, sessionLength: number): number {
  const len = Math.round(sessionLength * 2);
  const allowed = Array.from(
    { length: HALF_HOURS },
    (_, h) => h * SLOT_MINUTES >= from && (h + 1) * SLOT_MINUTES <= to,
  );
  const places = packPlaces(allowed, HALF_HOURS, len, maxConsecutiveSessions(sessionLength));
  return places.filter((p) => p.len === len).length * sessionLength;
}
