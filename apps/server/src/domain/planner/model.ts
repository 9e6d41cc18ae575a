/**
 * The planner's model, shared by the planner and its metrics: availability turned into session
 * places, what each subject needs, and the spacing ridgeline. Pure, no I/O.
 */
import {
  allowedHalfHours,
  type PackedDay,
  packDay,
  scaleByPriority,
  WORKLOAD,
} from '@studybuddy/contracts';
import { dayNumber } from './dates.js';
import type { PlannerInput } from './types.js';
import type { Wishes } from './wishes.js';

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
/** The days before its exam a final review is wanted on: 1-3 (M9). */
export const REVIEW_NEAR_DAYS = 3;
/** Windows shorter than this are paced evenly; the 3-day anti-cramming cap applies from here. */
export const CRAM_MIN_WINDOW = 14;

/** One weekday's study time after the wishes are applied, packed into places. */
export interface DayTemplate extends PackedDay {
  enabled: boolean;
  /** Most hours that day (availability, capped by a "max N hours" wish). */
  hours: number;
  /** Window actually usable, in minutes. */
  windowStart: number;
  windowEnd: number;
}

/** The seven weekday templates (0 = Monday). */
export function dayTemplates(input: PlannerInput, wishes: Wishes): DayTemplate[] {
  const out: DayTemplate[] = [];
  for (let w = 0; w < 7; w++) out.push(dayTemplate(input, wishes, w));
  return out;
}

/**
 * One weekday's template: its allowed half-hours after the wishes, packed (study-week.ts of the
 * contracts holds both rules); with `busy` (busy.ts), a dated day's: its busy half-hours are not
 * allowed, and the rest is packed the same way (daily hours, breaks, part-of-day order).
 */
export function dayTemplate(
  input: PlannerInput,
  wishes: Wishes,
  w: number,
  busy?: readonly boolean[],
): DayTemplate {
  const { allowed, enabled, hours, start, end } = allowedHalfHours(
    input.availability,
    w,
    wishes,
    busy,
  );
  const packed = packDay(allowed, hours, input.preferences.sessionLength, wishes.partOfDay);
  return { enabled, hours, windowStart: start, windowEnd: end, ...packed };
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
 * against the mean topic size of the whole plan (clamped to 0.5x..2x), plus one final-review
 * session when the exam falls inside the plan, in whole sessions; then scaled by the priority
 * factor (`WORKLOAD.priorityFactor`: Low 0.8, Medium 1, High 1.3) and rounded up to whole
 * sessions again (`scaleByPriority`). Never under two sessions (learn, then retrieve).
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
    const sessions = (hours: number) => L * Math.max(2, Math.ceil(hours / L - 1e-9));
    if (given !== undefined) return sessions(given);
    if (weekly !== undefined && !examInPlan[k]) return sessions(weekly * weeks);
    let medium = examInPlan[k] ? L : 0;
    for (const t of ts) medium += HOURS_PER_TOPIC * Math.min(2, Math.max(0.5, t.size / mean));
    // The factor applies to the Medium need in whole sessions, so rounding cannot cancel it.
    const p = s?.priority;
    return sessions(scaleByPriority(sessions(medium), p === 0 || p === 1 || p === 2 ? p : 1, L));
  });
}

const positive = (x: number | undefined) =>
  x !== undefined && Number.isFinite(x) && x > 0 ? x : undefined;

/** Optimal re-exposure gap as a share of the retention interval (docs/planner.md, Constants). */
export function ridgeline(retentionDays: number): number {
  const r = 0.3 * (Math.max(retentionDays, 1e-9) / 7) ** -0.35;
  return Math.min(0.4, Math.max(0.05, r));
}
