/**
 * Calendar files (.ics) read into busy intervals (docs/product.md, Busy time): a timetable
 * exported from Google, Outlook, Apple or Nextcloud, parsed by ical.js, its recurrences expanded
 * over a range of instants. Pure and synchronous: the work pool runs it, off the event loop.
 *
 * Times: a TZID that names an IANA zone (or a Windows zone Outlook writes, or a path ending in
 * one) is read with the runtime's own zone data, which knows every year's rules; a TZID that is
 * none of these but has its VTIMEZONE in the file is read by that definition; a floating time
 * is read in the student's zone, and so is an unknown zone, with a warning. Recurrences are
 * expanded in wall-clock time, so a weekly 10:00 lecture stays at 10:00 across a change to or
 * from summer time.
 */
import { CALENDAR_LIMITS } from '@studybuddy/contracts';
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { fromZoned, toZoned } from '../time/zoned.js';

/** Events one calendar may hold (VEVENTs, every occurrence override counted). */
export const MAX_CALENDAR_EVENTS = CALENDAR_LIMITS.events;
/** Busy intervals one calendar may give over the range; past it the rest is left out. */
export const MAX_BUSY_INTERVALS = 20_000;
/**
 * Recurrence steps over the whole file: a rule that starts years before the range, or repeats
 * every minute, is walked from its start (ical.js expands from the first occurrence).
 */
const MAX_STEPS = 200_000;
/** An override may move an occurrence this far: the walk goes on this long past the range. */
const MOVE_SLACK_MS = 31 * 86_400_000;
const TITLE_MAX = 200;

export type IcsProblem = 'not_calendar' | 'broken' | 'too_many_events';

/** A file that cannot be read as a calendar at all: nothing of it is imported. */
export class IcsError extends Error {
  constructor(
    readonly problem: IcsProblem,
    message: string,
  ) {
    super(message);
  }
}

export type IcsWarning =
  /** A TZID neither known by name nor defined in the file: read in the student's zone. */
  | { code: 'unknown_zone'; zone: string }
  /** More busy time than MAX_BUSY_INTERVALS, or a recurrence too dense to walk: cut short. */
  | { code: 'too_many_occurrences'; limit: number };

/** One stretch of busy time. */
export interface BusyInterval {
  /** The event's UID, to tell its occurrences apart from others'. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
}

export interface IcsRead {
  /** The calendar's own name (X-WR-CALNAME), if it has one. */
  name: string | undefined;
  /** VEVENTs in the file. */
  events: number;
  /** Busy intervals overlapping the range, earliest first. */
  intervals: BusyInterval[];
  warnings: IcsWarning[];
}

const isIana = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
};

/** The IANA zone a TZID stands for: its own name, a Windows name, or a path ending in one. */
export function ianaZoneOf(tzid: string): string | undefined {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (isIana(name)) return name;
  const windows = findIana(name)?.[0];
  if (windows && isIana(windows)) return windows;
  // Mozilla and Citadel write /mozilla.org/20050126_1/Europe/Berlin (or .../America/Argentina/Salta).
  const parts = name.split('/');
  for (const n of [3, 2]) {
    const tail = parts.slice(-n).join('/');
    if (parts.length > n && isIana(tail)) return tail;
  }
  return undefined;
}

type Zone = { kind: 'iana'; name: string } | { kind: 'defined' } | { kind: 'floating' };

/**
 * Reads a calendar file: every busy interval that overlaps [from, to). All-day events,
 * transparent ones (free time), cancelled ones and Outlook's "free" are not busy.
 */
export function readIcs(
  text: string,
  range: { from: Date; to: Date },
  studentZone: string,
): IcsRead {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1000)))
    throw new IcsError('not_calendar', 'This is not a calendar file (no BEGIN:VCALENDAR).');
  // Counted before parsing: a file of 100,000 events is refused without reading them.
  const events = text.match(/^BEGIN:VEVENT\r?$/gim)?.length ?? 0;
  if (events > MAX_CALENDAR_EVENTS)
    throw new IcsError(
      'too_many_events',
      `The calendar holds ${events} events; at most ${MAX_CALENDAR_EVENTS} are read.`,
    );
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new IcsError('broken', `The calendar has broken lines: ${why}`);
  }
  if (root.name !== 'vcalendar') throw new IcsError('not_calendar', 'This is not a calendar file.');

  const warnings: IcsWarning[] = [];
  const warnedZones = new Set<string>();
  const zones = defineZones(root);
  const zoneOf = (tzid: string | undefined): Zone => {
    if (!tzid) return { kind: 'floating' };
    const iana = ianaZoneOf(tzid);
    if (iana) return { kind: 'iana', name: iana };
    if (zones.has(tzid)) return { kind: 'defined' };
    if (!warnedZones.has(tzid)) {
      warnedZones.add(tzid);
      warnings.push({ code: 'unknown_zone', zone: tzid });
    }
    return { kind: 'floating' };
  };
  /** The instant of a time of an event whose start is in `zone`. */
  const instantOf = (t: ICAL.Time, zone: Zone): Date => {
    if (t.zone === ICAL.Timezone.utcTimezone || zone.kind === 'defined')
      return new Date(t.toUnixTime() * 1000);
    const wall = wallClock(t);
    return fromZoned(wall.date, wall.time, zone.kind === 'iana' ? zone.name : studentZone);
  };

  const vevents = root.getAllSubcomponents('vevent');
  // Overrides (RECURRENCE-ID) go with their series by UID; one without a series stands alone.
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  for (const v of vevents) {
    const uid = String(v.getFirstPropertyValue('uid') ?? '');
    if (v.hasProperty('recurrence-id')) overrides.push(v);
    else if (uid && !masters.has(uid)) masters.set(uid, new ICAL.Event(v));
    else masters.set(`${uid}#${masters.size}`, new ICAL.Event(v));
  }
  // Each series in wall-clock time has its UTC values turned into its wall clock first, its
  // overrides' RECURRENCE-ID too: ical.js files an override under that time's text.
  const zoneOfEvent = new Map<ICAL.Event, Zone>();
  for (const event of masters.values()) {
    const zone = zoneOf(tzidOf(event.component));
    zoneOfEvent.set(event, zone);
    if (zone.kind !== 'defined') toWallClock(event.component, zone, studentZone);
  }
  const standalone: ICAL.Event[] = [];
  for (const o of overrides) {
    const master = masters.get(String(o.getFirstPropertyValue('uid') ?? ''));
    const zone = master && zoneOfEvent.get(master);
    if (master?.isRecurring() && zone) {
      if (zone.kind !== 'defined') overrideToWallClock(o, zone, studentZone);
      master.relateException(o);
    } else standalone.push(new ICAL.Event(o));
  }

  const intervals: BusyInterval[] = [];
  let steps = 0;
  let cut = false;
  const add = (uid: string, item: ICAL.Event, start: Date, end: Date) => {
    if (end <= start || end <= range.from || start >= range.to || !isBusy(item)) return;
    if (intervals.length >= MAX_BUSY_INTERVALS) {
      cut = true;
      return;
    }
    const title = (item.summary ?? '').replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX) || 'Busy';
    intervals.push({ uid, title, start, end });
  };

  for (const [uid, event] of [
    ...masters,
    ...standalone.map((e, i) => [`override-${i}`, e] as const),
  ]) {
    const zone = zoneOfEvent.get(event) ?? zoneOf(tzidOf(event.component));
    if (!event.isRecurring()) {
      if (event.startDate)
        add(uid, event, instantOf(event.startDate, zone), instantOf(event.endDate, zone));
      continue;
    }
    const walk = event.iterator();
    const stop = range.to.getTime() + MOVE_SLACK_MS;
    const skipBefore = range.from.getTime() - MOVE_SLACK_MS;
    for (let t = walk.next(); t; t = walk.next()) {
      if (++steps > MAX_STEPS) {
        cut = true;
        break;
      }
      // Occurrences far before the range are only stepped over (about 12 us a step in ical.js,
      // as much again for an occurrence's details): a weekly series of ten years is 520 steps.
      const rough = roughTime(t, zone);
      if (rough >= stop) break;
      if (rough < skipBefore) continue;
      const details = event.getOccurrenceDetails(t);
      add(uid, details.item, instantOf(details.startDate, zone), instantOf(details.endDate, zone));
    }
    if (steps > MAX_STEPS) break;
  }
  if (cut) warnings.push({ code: 'too_many_occurrences', limit: MAX_BUSY_INTERVALS });
  intervals.sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime(),
  );
  const name = root.getFirstPropertyValue('x-wr-calname');
  return {
    name: typeof name === 'string' && name.trim() ? name.trim().slice(0, TITLE_MAX) : undefined,
    events: vevents.length,
    intervals,
    warnings,
  };
}

/**
 * An occurrence's time in ms, within a day of its instant: a wall clock read as if it were UTC
 * (zones are at most 14 h from it), which the range's month of slack makes enough to walk by.
 */
function roughTime(t: ICAL.Time, zone: Zone): number {
  if (t.zone === ICAL.Timezone.utcTimezone || zone.kind === 'defined') return t.toUnixTime() * 1000;
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

/** Busy: timed, not cancelled, not transparent, not marked free by Outlook. */
function isBusy(item: ICAL.Event): boolean {
  const c = item.component;
  const upper = (name: string) => String(c.getFirstPropertyValue(name) ?? '').toUpperCase();
  if (item.startDate?.isDate) return false;
  if (upper('status') === 'CANCELLED') return false;
  if (upper('transp') === 'TRANSPARENT') return false;
  return upper('x-microsoft-cdo-busystatus') !== 'FREE';
}

/** The TZID of an event's start, if it has one. */
function tzidOf(c: ICAL.Component): string | undefined {
  const tzid = c.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

/**
 * The file's VTIMEZONEs whose TZID names no zone the runtime knows, registered with ical.js so
 * their times convert by the file's own definition. The registry is ical.js's own (global), so
 * it is emptied first: one file's "Customized Time Zone" must not define another's.
 */
function defineZones(root: ICAL.Component): Set<string> {
  ICAL.TimezoneService.reset();
  const defined = new Set<string>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtz.getFirstPropertyValue('tzid');
    if (typeof tzid !== 'string' || ianaZoneOf(tzid)) continue;
    ICAL.TimezoneService.register(vtz);
    defined.add(tzid);
  }
  return defined;
}

/** YYYY-MM-DD and HH:MM of a time as written (its wall clock). */
function wallClock(t: ICAL.Time): { date: string; time: string } {
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)}`,
    time: `${two(t.hour)}:${two(t.minute)}`,
  };
}

/** A UTC time turned into the wall clock of an IANA zone (or the student's, floating). */
function localTime(t: ICAL.Time, zone: Zone, studentZone: string): ICAL.Time {
  if (t.zone !== ICAL.Timezone.utcTimezone || t.isDate) return t;
  const wall = toZoned(
    new Date(t.toUnixTime() * 1000),
    zone.kind === 'iana' ? zone.name : studentZone,
  );
  const [year, month, day] = wall.date.split('-').map(Number);
  const [hour, minute] = wall.time.split(':').map(Number);
  return ICAL.Time.fromData({ year, month, day, hour, minute, second: t.second, isDate: false });
}

/**
 * For a series read in wall-clock time (an IANA zone, or floating): the UTC values of its rule's
 * end, its exceptions and its extra dates turned into the same wall clock, so ical.js (which
 * knows no IANA zone) compares like with like: Outlook ends a 09:00 Berlin series with
 * UNTIL=...T070000Z, which read as 07:00 would drop the last lecture.
 */
function toWallClock(c: ICAL.Component, zone: Zone, studentZone: string): void {
  for (const prop of c.getAllProperties('rrule')) {
    const recur = prop.getFirstValue() as ICAL.Recur;
    if (recur.until) recur.until = localTime(recur.until, zone, studentZone);
  }
  for (const kind of ['exdate', 'rdate'])
    for (const prop of c.getAllProperties(kind))
      prop.setValues(
        prop.getValues().map((v) => (v instanceof ICAL.Time ? localTime(v, zone, studentZone) : v)),
      );
}

/** An override's RECURRENCE-ID in its series' wall clock, before it is filed under it. */
function overrideToWallClock(c: ICAL.Component, zone: Zone, studentZone: string): void {
  const id = c.getFirstProperty('recurrence-id');
  const value = id?.getFirstValue();
  if (id && value instanceof ICAL.Time) id.setValue(localTime(value, zone, studentZone));
}
