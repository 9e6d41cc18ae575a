/**
 * The planner's model, shared by the planner and its metrics: availability turned into session
 * places, what each subject needs, and the spacing ridgeline. Pure, no I/O.
 */
import { maxConsecutiveSessions, priorityFactor, WORKLOAD } from '@studybuddy/contracts';
import { dayNumber, parseClock } from './dates.js';
import type { PlannerInput } from './types.js';
import type { PartOfDay, Wishes } from './wishes.js';

/**
 * The weekly booking cap of a plan (docs/planner.md, Workload): the student's `maxLoad`, 0.5 to
 * 1, default 0.8 (`WORKLOAD.maxLoadDefault`). No rolling 7-day window books more than this share
 * of its capacity unless the needs force it (M7).
 */
export function loadCap(input: PlannerInput): number {
  const x = input.preferences.maxLoad;
  if (x === undefined || !Number.isFinite(x)) return WORKLOAD.maxLoadDefault;
  return Math.min(WORKLOAD.maxLoadMax, Math.max(WORKLOAD.maxLoadMin, x));
}
/** Hours one topic of average size needs: a learning hour and an hour of spaced retrieval. */
export const HOURS_PER_TOPIC = 2;
/** Days before an exam in which the planner keeps a subject light (M8). */
export const CRAM_DAYS = 3;
/** Windows shorter than this are paced evenly; the 3-day anti-cramming cap applies from here. */
export const CRAM_MIN_WINDOW = 14;

/** A place for one session: start and length in half-hours from midnight. */
export interface Place {
  start: number;
  len: number;
}

/**
 * Most back-to-back sessions before a break: never a continuous block over 3 h (M7). The rule
 * lives in the contracts, as the wizard sizes each day's window with it.
 */
export const maxConsecutive = maxConsecutiveSessions;

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
  while (h < 48 && left >= 2) {
    if (!allowed[h]) {
      h++;
      run = 0;
      continue;
    }
    const size = Math.min(len, left);
    let fits = h + size <= 48;
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
  return places.map((p) => ({ start: 48 - p.start - p.len, len: p.len })).reverse();
}

/** One weekday's study time after the wishes are applied. */
export interface DayTemplate {
  enabled: boolean;
  /** Most hours that day (availability, capped by a "max N hours" wish). */
  hours: number;
  /** Window actually usable, in minutes. */
  windowStart: number;
  windowEnd: number;
  /** Places in time order; their total never exceeds `hours`. */
  places: Place[];
  /** Place indexes in the order they are used (part-of-day preference). */
  order: number[];
  /** Sum of the places, in hours. */
  capacity: number;
  /** Hours the window and slots could hold with no daily cap. */
  packable: number;
}

/** Allowed half-hours of a weekday, and its window, after wishes. */
export function allowedHalfHours(
  input: PlannerInput,
  weekday: number,
  wishes: Wishes,
): { allowed: boolean[]; enabled: boolean; hours: number; start: number; end: number } {
  const av = input.availability.find((a) => a.day === weekday);
  const enabled = !!av?.enabled && !wishes.blockedDays.includes(weekday);
  let start = av ? parseClock(av.startTime) : 0;
  let end = av ? parseClock(av.endTime) : 0;
  if (Number.isNaN(start)) start = 0;
  if (Number.isNaN(end)) end = 1440;
  if (end === 0 && start > 0) end = 1440;
  if (wishes.notBefore !== undefined) start = Math.max(start, wishes.notBefore);
  if (wishes.notAfter !== undefined) end = Math.min(end, wishes.notAfter);
  let hours = av && Number.isFinite(av.hours) ? Math.max(0, Math.min(24, av.hours)) : 0;
  if (wishes.maxHours !== undefined) hours = Math.min(hours, wishes.maxHours);
  const allowed: boolean[] = [];
  for (let h = 0; h < 48; h++)
    allowed.push(enabled && !!av?.slots[h >> 1] && h * 30 >= start && (h + 1) * 30 <= end);
  return { allowed, enabled, hours, start, end };
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

/** The seven weekday templates (0 = Monday). */
export function dayTemplates(input: PlannerInput, wishes: Wishes): DayTemplate[] {
  const out: DayTemplate[] = [];
  for (let w = 0; w < 7; w++) out.push(dayTemplate(input, wishes, w));
  return out;
}

/**
 * One weekday's template; with `busy` (busy.ts), a dated day's: its busy half-hours are not
 * allowed, and the rest is packed the same way (daily hours, breaks, part-of-day order).
 */
export function dayTemplate(
  input: PlannerInput,
  wishes: Wishes,
  w: number,
  busy?: readonly boolean[],
): DayTemplate {
  const len = Math.round(input.preferences.sessionLength * 2);
  const consecutive = maxConsecutive(input.preferences.sessionLength);
  const day = allowedHalfHours(input, w, wishes);
  const { enabled, hours, start, end } = day;
  const allowed = busy ? day.allowed.map((a, h) => a && !busy[h]) : day.allowed;
  const budget = Math.floor(hours * 2 + 1e-9);
  let places = packPlaces(allowed, budget, len, consecutive);
  // With an evening wish, pack from the end of the day so the daily cap keeps late places.
  if (wishes.partOfDay === 'evening')
    places = mirror(packPlaces([...allowed].reverse(), budget, len, consecutive));
  if (wishes.partOfDay === 'afternoon') {
    const pm = allowed.map((a, h) => a && h >= 24);
    const first = packPlaces(pm, budget, len, consecutive);
    const used = first.reduce((s, p) => s + p.len, 0);
    const am = allowed.map((a, h) => a && h < 23);
    const second = mirror(packPlaces([...am].reverse(), budget - used, len, consecutive));
    const split = [...second, ...first];
    if (split.reduce((s, p) => s + p.len, 0) >= places.reduce((s, p) => s + p.len, 0))
      places = split;
  }
  const packable = packPlaces(allowed, 48, len, consecutive).reduce((s, p) => s + p.len, 0) / 2;
  return {
    enabled,
    hours,
    windowStart: start,
    windowEnd: end,
    places,
    order: preferenceOrder(places, wishes.partOfDay),
    capacity: places.reduce((s, p) => s + p.len, 0) / 2,
    packable,
  };
}

/** Topics of a subject, cleaned: never empty, sizes positive. */
export function topicsOf(
  subject: PlannerInput['subjects'][number],
): Array<{ name: string; size: number }> {
  const topics = subject.topics
    .filter((t) => t.name.trim().length > 0)
    .map((t) => ({
      name: t.name.trim(),
      size: Number.isFinite(t.size) && t.size > 0 ? t.size : 1,
    }));
  return topics.length > 0 ? topics : [{ name: subject.name, size: 1 }];
}

/**
 * Hours each subject needs at least (its "need", docs/planner.md, Needs): the student's
 * `hoursNeeded` as given; for a subject without an exam in the plan, its `weeklyHours` times the
 * period's weeks; else our estimate: HOURS_PER_TOPIC per topic, scaled by the topic's size
 * against the mean topic size of the whole plan (clamped to 0.5x..2x) and by the priority factor
 * (`WORKLOAD.priorityFactor`: Low 0.8, Medium 1, High 1.3), plus one final-review session when
 * the exam falls inside the plan. Rounded up to whole sessions, never under two (learn, then
 * retrieve).
 */
export function subjectNeeds(input: PlannerInput, examInPlan: readonly boolean[]): number[] {
  const L = input.preferences.sessionLength;
  const p0 = dayNumber(input.period.start);
  const p1 = dayNumber(input.period.end);
  const weeks = Number.isNaN(p0) || Number.isNaN(p1) || p1 < p0 ? 0 : (p1 - p0 + 1) / 7;
  const all = input.subjects.map(topicsOf);
  let total = 0;
  let count = 0;
  for (const ts of all)
    for (const t of ts) {
      total += t.size;
      count++;
    }
  const mean = count > 0 ? total / count : 1;
  return all.map((ts, k) => {
    const s = input.subjects[k];
    const given = positive(s?.hoursNeeded);
    const weekly = positive(s?.weeklyHours);
    let hours = 0;
    if (given !== undefined) hours = given;
    else if (weekly !== undefined && !examInPlan[k]) hours = weekly * weeks;
    else {
      const p = s?.priority;
      const factor = priorityFactor(p === 0 || p === 1 || p === 2 ? p : 1);
      for (const t of ts) hours += HOURS_PER_TOPIC * Math.min(2, Math.max(0.5, t.size / mean));
      hours = hours * factor + (examInPlan[k] ? L : 0);
    }
    return L * Math.max(2, Math.ceil(hours / L - 1e-9));
  });
}

const positive = (x: number | undefined) =>
  x !== undefined && Number.isFinite(x) && x > 0 ? x : undefined;

/** Optimal re-exposure gap as a share of the retention interval (docs/planner.md, Constants). */
export function ridgeline(retentionDays: number): number {
  const r = 0.3 * (Math.max(retentionDays, 1e-9) / 7) ** -0.35;
  return Math.min(0.4, Math.max(0.05, r));
}
