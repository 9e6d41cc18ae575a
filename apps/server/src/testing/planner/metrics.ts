/**
 * Plan-quality metrics M1-M12 (docs/planner.md, Quality metrics), computed from the input and
 * the produced plan only. Capacity, fair shares and the EDF test are re-derived here from
 * their definitions (not taken from the planner), so a planner bug cannot hide in shared code;
 * only the documented model choices (what wishes mean, what a subject needs, the ridgeline) and
 * the study week's definitions (allowed half-hours, busy half-hours, calendar weeks: the
 * contracts' study-week.ts) are imported.
 */
import {
  allowedHalfHours,
  type CalendarWeeks,
  calendarWeeks,
  HALF_HOURS,
  type Notice,
  type PartOfDay,
  parseClock,
  touchedHalfHours,
  WORKLOAD,
  weekdayOf,
} from '@studybuddy/contracts';
import { dayNumber } from '../../domain/planner/dates.js';
import {
  dayTemplates,
  loadCap,
  ridgeline,
  subjectNeeds,
  topicsOf,
} from '../../domain/planner/model.js';
import type { PlannedBlock, PlannerInput, PlannerOutput } from '../../domain/planner/types.js';
import { parseWishes } from '../../domain/planner/wishes.js';
import { type CramModel, leastLastDays } from './least-cram.js';
import { placeLengths } from './whole-places.js';

const EPS = 1e-9;

/** A block in numbers: day offset from the period start, minutes, hours. */
export interface Session {
  day: number;
  start: number;
  end: number;
  hours: number;
  subject: number;
  block: PlannedBlock;
}

/** Everything the metrics derive from the input alone. */
export interface Frame {
  p0: number;
  days: number;
  /** The calendar weeks the planner's weekly rules count (the study week's). */
  weeks: CalendarWeeks;
  L: number;
  /** Per weekday: effective enabled flag, daily hours, allowed half-hours. */
  week: Array<{
    enabled: boolean;
    hours: number;
    allowed: boolean[];
    packable: number;
    cap: number;
  }>;
  /** Per day offset with busy time: its busy half-hours (not allowed that day). */
  busy: Map<number, boolean[]>;
  /** Per day: the weekday's packing, with that day's busy half-hours taken out. */
  cap: number[];
  /** Exclusive end of each subject's window (day offset). */
  windowEnd: number[];
  /** Exam day as an offset, or NaN. */
  exam: number[];
  examInPlan: boolean[];
  needs: number[];
  /** Fair share (need-weighted water-filling of capacity). */
  fair: number[];
}

/**
 * Which place of a day may be the shorter one (docs/planner.md, Places): the last one packed.
 * Days are packed from the morning ('last' in the day), from the evening with an evening wish
 * ('first'), and after noon first, then back from noon, with an afternoon wish ('either').
 */
export type ShortPlace = 'last' | 'first' | 'either';

/** Where the shorter place may sit under the input's part-of-day wish. */
export function shortPlaceOf(part: PartOfDay | undefined): ShortPlace {
  return part === 'evening' ? 'first' : part === 'afternoon' ? 'either' : 'last';
}

/**
 * Most hours of places of length `len` half-hours with the break rule and a half-hour budget.
 * One place may be shorter (at least 1 h) where a full one would pass the budget: the last place
 * packed, which `at` says where to find in the day.
 */
export function bestPacking(
  allowed: readonly boolean[],
  len: number,
  budget: number,
  L: number,
  at: ShortPlace = 'last',
): number {
  const maxRun = L >= 2 ? 1 : 2;
  const fits = (h: number, size: number, c: number, b: number) => {
    if (!(allowed[h] === true && h + size <= 48 && c < maxRun && size <= b)) return false;
    for (let i = 1; i < size; i++) if (!allowed[h + i]) return false;
    return true;
  };
  let best = 0;
  // short: the length of the one shorter place, if any (0: none); solved for each length.
  for (let short = 0; short < len; short = short === 0 ? 2 : short + 1) {
    // go(h, c, b, first): most half-hours placeable from h with c back-to-back places before h,
    // b half-hours of budget left, and a short place taken first (it then needs the budget to
    // run out: less than a full place left unused at the end); solved backwards.
    const memo = new Map<number, number>();
    const go = (h: number, c: number, b: number, first: number): number => {
      if (h >= 48) return first && b >= len - short ? Number.NEGATIVE_INFINITY : 0;
      const key = ((h * 3 + c) * 64 + b) * 2 + first;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      let most = go(h + 1, 0, b, first);
      if (fits(h, len, c, b)) most = Math.max(most, len + go(h + len, c + 1, b - len, first));
      // The short place last: the budget left is under a full place.
      if (short > 0 && at !== 'first' && !first && b < len && fits(h, short, c, b))
        most = Math.max(most, short);
      memo.set(key, most);
      return most;
    };
    best = Math.max(best, go(0, 0, budget, 0));
    if (short === 0 || at === 'last') continue;
    // The short place first in the day: packed from the evening, it was the last one packed.
    for (let h = 0; h < 48; h++)
      if (fits(h, short, 0, budget))
        best = Math.max(best, short + go(h + short, 1, budget - short, 1));
  }
  return best / 2;
}

/** Derives the frame of an input. */
export function frameOf(input: PlannerInput): Frame {
  const L = input.preferences.sessionLength;
  const wishes = parseWishes(input.preferences.extraWishes ?? '');
  const shortAt = shortPlaceOf(wishes.partOfDay);
  const p0 = dayNumber(input.period.start);
  const p1 = dayNumber(input.period.end);
  const days = Number.isNaN(p0) || Number.isNaN(p1) || p1 < p0 ? 0 : p1 - p0 + 1;
  const week = [...Array(7).keys()].map((w) => {
    const { allowed, enabled, hours } = allowedHalfHours(input.availability, w, wishes);
    const len = Math.round(L * 2);
    return {
      enabled,
      hours,
      allowed,
      packable: bestPacking(allowed, len, 48, L, shortAt),
      cap: bestPacking(allowed, len, Math.floor(hours * 2 + EPS), L, shortAt),
    };
  });
  // Busy time (docs/planner.md, Busy time): every half-hour a busy interval touches is not free.
  const busy = new Map<number, boolean[]>();
  for (const b of input.busy ?? []) {
    const d = dayNumber(b.date) - p0;
    const s = parseClock(b.start);
    const e = parseClock(b.end);
    if (!(d >= 0 && d < days && e > s)) continue;
    const mask = busy.get(d) ?? new Array<boolean>(HALF_HOURS).fill(false);
    const { from, to } = touchedHalfHours(s, e);
    for (let h = from; h < to; h++) mask[h] = true;
    busy.set(d, mask);
  }
  const busyCap = new Map<string, number>();
  const cap = [...Array(days).keys()].map((d) => {
    const w = weekdayOf(p0 + d);
    const t = week[w];
    const mask = busy.get(d);
    if (!t || !mask) return t?.cap ?? 0;
    const key = `${w}:${mask.map(Number).join('')}`;
    let c = busyCap.get(key);
    if (c === undefined) {
      const free = allowedHalfHours(input.availability, w, wishes, mask).allowed;
      c = bestPacking(free, Math.round(L * 2), Math.floor(t.hours * 2 + EPS), L, shortAt);
      busyCap.set(key, c);
    }
    return c;
  });
  const exam = input.subjects.map((s) => (s.deadline ? dayNumber(s.deadline) - p0 : Number.NaN));
  const windowEnd = exam.map((D) => (Number.isNaN(D) ? days : Math.max(0, Math.min(days, D))));
  const examInPlan = exam.map((D) => !Number.isNaN(D) && D > 0 && D <= days);
  const needs = subjectNeeds(input, examInPlan);
  const fair = input.subjects.map(() => 0);
  for (let d = 0; d < days; d++) {
    let w = 0;
    input.subjects.forEach((_, k) => {
      if (d < (windowEnd[k] as number)) w += needs[k] as number;
    });
    if (w > 0)
      input.subjects.forEach((_, k) => {
        if (d < (windowEnd[k] as number))
          fair[k] = (fair[k] as number) + ((cap[d] as number) * (needs[k] as number)) / w;
      });
  }
  const weeks = calendarWeeks(p0, days, input.weekStart);
  return { p0, days, weeks, L, week, busy, cap, windowEnd, exam, examInPlan, needs, fair };
}

const clock = (s: string) => parseClock(s);

/** The blocks as numbers, in output order. */
export function sessionsOf(f: Frame, out: PlannerOutput): Session[] {
  return out.blocks.map((b) => {
    const start = clock(b.start);
    const end = clock(b.end);
    return {
      day: dayNumber(b.date) - f.p0,
      start,
      end,
      hours: (end - start) / 60,
      subject: b.subjectIndex,
      block: b,
    };
  });
}

function bySubject(f: Frame, ss: Session[], S: number): Session[][] {
  const out: Session[][] = Array.from({ length: S }, () => []);
  for (const s of ss) out[s.subject]?.push(s);
  void f;
  return out;
}

function hoursBy(ss: Session[], S: number): number[] {
  const h = new Array<number>(S).fill(0);
  for (const s of ss) h[s.subject] = (h[s.subject] as number) + s.hours;
  return h;
}

/** M1: hard-constraint violations, with a reason per violation. */
export function m1Violations(input: PlannerInput, out: PlannerOutput): string[] {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const v: string[] = [];
  const perDay = new Map<number, Session[]>();
  for (const s of ss) {
    const tag = `${s.block.date} ${s.block.start}`;
    const w = f.week[weekdayOf(f.p0 + s.day)];
    if (!(s.subject >= 0 && s.subject < input.subjects.length)) v.push(`${tag} unknown subject`);
    if (s.day < 0 || s.day >= f.days || !w) {
      v.push(`${tag} outside the period`);
      continue;
    }
    if (Number.isNaN(s.start) || Number.isNaN(s.end) || s.end <= s.start)
      v.push(`${tag} bad times`);
    if (s.start % 30 !== 0 || s.end % 30 !== 0) v.push(`${tag} off the 30-minute grid`);
    for (let h = Math.floor(s.start / 30); h < Math.ceil(s.end / 30); h++)
      if (!w.allowed[h]) {
        v.push(`${tag} outside the allowed slots`);
        break;
      }
    const busy = f.busy.get(s.day);
    for (let h = Math.floor(s.start / 30); busy && h < Math.ceil(s.end / 30); h++)
      if (busy[h]) {
        v.push(`${tag} in busy time`);
        break;
      }
    if (s.day >= (f.windowEnd[s.subject] as number)) v.push(`${tag} on or after the deadline`);
    const n = topicsOf(input.subjects[s.subject] ?? { name: '', topics: [], materials: [] }).length;
    if (s.block.topicIndexes.some((t) => t < 0 || t >= n)) v.push(`${tag} unknown topic`);
    if (!perDay.has(s.day)) perDay.set(s.day, []);
    perDay.get(s.day)?.push(s);
  }
  for (const [day, list] of perDay) {
    const w = f.week[weekdayOf(f.p0 + day)];
    list.sort((a, b) => a.start - b.start);
    let total = 0;
    list.forEach((s, i) => {
      const prev = list[i - 1];
      if (prev && prev.end > s.start) v.push(`${s.block.date} ${s.block.start} overlaps`);
      if (Math.abs(s.hours - f.L) > EPS) {
        // A shorter session is allowed only where a full one would break the daily hours.
        const others = list.reduce((a, x) => a + x.hours, 0) - s.hours;
        const shortOk = s.hours < f.L && s.hours >= 1 - EPS && others + f.L > (w?.hours ?? 0) + EPS;
        if (!shortOk) v.push(`${s.block.date} ${s.block.start} lasts ${s.hours} h, not ${f.L} h`);
      }
      total += s.hours;
    });
    if (total > (w?.hours ?? 0) + EPS) v.push(`day ${day} has ${total} h, over its ${w?.hours} h`);
  }
  const sorted = out.blocks.every((b, i) => {
    const p = out.blocks[i - 1];
    return !p || p.date < b.date || (p.date === b.date && p.start < b.start);
  });
  if (!sorted) v.push('blocks not sorted by date and start');
  return v;
}

/** The EDF demand-bound test on the needs: what an optimal plan can deliver of each need. */
export function edfDeliverable(f: Frame): { deliverable: number[]; feasible: boolean } {
  const S = f.needs.length;
  const order = [...Array(S).keys()].sort(
    (a, b) => (f.windowEnd[a] as number) - (f.windowEnd[b] as number),
  );
  const prefix = [0];
  for (const c of f.cap) prefix.push((prefix[prefix.length - 1] as number) + c);
  const deliverable = new Array<number>(S).fill(0);
  let used = 0;
  let feasible = true;
  for (let i = 0; i < order.length; ) {
    const end = f.windowEnd[order[i] as number] as number;
    let j = i;
    while (j < order.length && f.windowEnd[order[j] as number] === end) j++;
    const group = order.slice(i, j);
    i = j;
    if (end <= 0) continue;
    const avail = Math.max(0, (prefix[end] as number) - used);
    const sum = group.reduce((s, k) => s + (f.needs[k] as number), 0);
    const scale = sum > avail + EPS ? avail / sum : 1;
    if (scale < 1) feasible = false;
    for (const k of group) deliverable[k] = (f.needs[k] as number) * scale;
    used += sum * scale;
  }
  return { deliverable, feasible };
}

/** Recognises a warning: a key such as 'short:3', 'daycap:0' or 'buffer'; 'unknown' otherwise. */
export function warningKeys(input: PlannerInput, warning: Notice): string[] {
  const p = warning.params;
  const days = () => (Array.isArray(p.weekdays) ? p.weekdays : []);
  const k = input.subjects.findIndex((s) => s.name === p.subject);
  const of = (key: string) => (k >= 0 ? [`${key}:${k}`] : ['unknown']);
  switch (warning.code) {
    case 'plan_period_invalid':
      return ['period'];
    case 'plan_no_study_time':
      return ['no-time'];
    case 'plan_weeks_too_full':
      return ['buffer'];
    case 'plan_day_slots_too_tight':
      return days().map((w) => `daycap:${w}`);
    case 'plan_days_too_long':
      return days().map((w) => `long:${w}`);
    case 'plan_short_before_deadline':
    case 'plan_short_in_period':
      return of('short');
    case 'plan_deadline_not_after_start':
      return of('before');
    case 'plan_deadline_after_end':
      return of('after');
    case 'plan_no_final_review':
      return of('nofinal');
    case 'plan_exam_week_crowded':
      return of('cram');
    default:
      return ['unknown'];
  }
}

/** M2: summary consistency and the warnings expected from their conditions (docs/planner.md). */
export function m2Consistency(
  input: PlannerInput,
  out: PlannerOutput,
): {
  summaryErrors: string[];
  expected: string[];
  got: string[];
  precision: number;
  recall: number;
} {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const S = input.subjects.length;
  const hours = hoursBy(ss, S);
  const summaryErrors: string[] = [];
  if (out.summary.length !== S) summaryErrors.push('summary does not list every subject');
  input.subjects.forEach((s, k) => {
    const row = out.summary[k];
    if (!row || row.subject !== s.name || Math.abs(row.totalHours - (hours[k] as number)) > EPS)
      summaryErrors.push(`summary of ${s.name} is ${row?.totalHours}, blocks sum to ${hours[k]}`);
  });
  const expected = new Set<string>();
  const totalCap = f.cap.reduce((a, b) => a + b, 0);
  if (f.days === 0) expected.add('period');
  else {
    if (totalCap <= EPS) expected.add('no-time');
    input.subjects.forEach((_, k) => {
      const D = f.exam[k] as number;
      if (!Number.isNaN(D) && D <= 0) expected.add(`before:${k}`);
      if (!Number.isNaN(D) && D > f.days) expected.add(`after:${k}`);
      if (
        totalCap > EPS &&
        (f.windowEnd[k] as number) > 0 &&
        (hours[k] as number) < (f.needs[k] as number) - EPS
      )
        expected.add(`short:${k}`);
    });
    const subs = bySubject(f, ss, S);
    input.subjects.forEach((_, k) => {
      const D = f.exam[k] as number;
      const mine = subs[k] as Session[];
      if (!f.examInPlan[k] || mine.length < 2) return;
      if (!mine.some((s) => s.block.kind === 'final-review' && s.day >= D - 6))
        expected.add(`nofinal:${k}`);
    });
    // A subject short of its need has that warning instead.
    for (const k of crammed(input, f, subs))
      if (!expected.has(`short:${k}`)) expected.add(`cram:${k}`);
    const seen = new Set<number>();
    for (let d = 0; d < Math.min(7, f.days); d++) seen.add(weekdayOf(f.p0 + d));
    f.week.forEach((w, i) => {
      if (!seen.has(i) || !w.enabled) return;
      if (w.hours > EPS && w.packable < w.hours - EPS) expected.add(`daycap:${i}`);
      if (w.hours > 6 + EPS) expected.add(`long:${i}`);
    });
    if (f.days >= 7) {
      const used = new Array<number>(f.days).fill(0);
      for (const s of ss) used[s.day] = (used[s.day] ?? 0) + s.hours;
      for (let a = 0; a + 6 < f.days; a++) {
        let u = 0;
        let c = 0;
        for (let d = a; d < a + 7; d++) {
          u += used[d] as number;
          c += f.cap[d] as number;
        }
        if (u > loadCap(input) * c + EPS) {
          expected.add('buffer');
          break;
        }
      }
    }
  }
  const got = new Set(out.warnings.flatMap((w) => warningKeys(input, w)));
  const hit = [...got].filter((g) => expected.has(g)).length;
  return {
    summaryErrors,
    expected: [...expected].sort(),
    got: [...got].sort(),
    precision: got.size === 0 ? 1 : hit / got.size,
    recall: expected.size === 0 ? 1 : hit / expected.size,
  };
}

/**
 * M3: deadline feasibility and the workload (docs/planner.md, Workload): when the needs fit,
 * every subject is booked its need and at most its need plus the buffer and one session.
 */
export function m3Feasibility(
  input: PlannerInput,
  out: PlannerOutput,
): {
  feasible: boolean;
  /** The EDF test passes on the needs as whole places can hold them (`wholePlaceFeasible`). */
  wholeFeasible: boolean;
  unmet: string[];
  delivered: number;
  optimum: number;
  overbooked: string[];
} {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const S = input.subjects.length;
  const hours = hoursBy(ss, S);
  const { deliverable, feasible } = edfDeliverable(f);
  const wholeFeasible = feasible && wholePlaceFeasible(f);
  const unmet: string[] = [];
  let delivered = 0;
  let optimum = 0;
  for (let k = 0; k < S; k++) {
    delivered += Math.min(hours[k] as number, f.needs[k] as number);
    optimum += deliverable[k] as number;
    if (
      wholeFeasible &&
      (hours[k] as number) < (f.needs[k] as number) - EPS &&
      (f.windowEnd[k] as number) > 0
    )
      unmet.push(`${input.subjects[k]?.name}: ${hours[k]} of ${f.needs[k]} h`);
  }
  // Workload: the need plus the buffer, rounded to whole sessions, and no more (the rest of the
  // free time stays free).
  const overbooked: string[] = [];
  for (let k = 0; k < S; k++) {
    const most = (f.needs[k] as number) * (1 + WORKLOAD.buffer) + f.L;
    if ((hours[k] as number) > most + EPS)
      overbooked.push(`${input.subjects[k]?.name}: ${hours[k]} h, need ${f.needs[k]} h`);
  }
  return { feasible, wholeFeasible, unmet, delivered, optimum, overbooked };
}

/**
 * The EDF test on each need as the whole places of its window can hold it (`wholePlaceNeed`):
 * a need of 10.5 h whose window's places are 1.5 h and two of 1 h adding up to 11 h takes all 11
 * in any plan of whole places, and the half hour is not there for the next exam. Each rounded need
 * is what any plan meeting that need holds in its window, so where this test fails no plan of
 * whole places meets every need (seed 87,691,737 #6, docs/planner.md, Notes on the metrics).
 */
export function wholePlaceFeasible(f: Frame): boolean {
  const needs = f.needs.map((n, j) => wholePlaceNeed(f, j, n as number));
  return edfDeliverable({ ...f, needs }).feasible;
}

/**
 * Whether every subject's steady pace fits under the cap (docs/planner.md, Workload): its need
 * plus the buffer spread over its window in proportion to capacity, summed over the subjects of
 * each day, is at most maxLoad of that day.
 */
export function steadyFits(f: Frame, maxLoad: number): boolean {
  return steadyDensity(f).every((x, d) => x <= maxLoad + EPS || (f.cap[d] as number) <= EPS);
}

/** Subject k's steady pace: its need plus the buffer over the capacity of its window. */
function steadyRate(f: Frame, k: number): number {
  const W = Math.min(f.days, f.windowEnd[k] as number);
  let c = 0;
  for (let d = 0; d < W; d++) c += f.cap[d] as number;
  return c > EPS ? ((f.needs[k] as number) * (1 + WORKLOAD.buffer)) / c : 0;
}

/** The steady paces' share of each day's capacity, summed over the subjects. */
function steadyDensity(f: Frame): number[] {
  const density = new Array<number>(f.days).fill(0);
  f.needs.forEach((_, k) => {
    const rate = steadyRate(f, k);
    for (let d = 0; d < Math.min(f.days, f.windowEnd[k] as number); d++)
      density[d] = (density[d] as number) + rate;
  });
  return density;
}

/**
 * Subjects driven by their deadline: their need exceeds their buffered fair share, so EDF, not
 * the even pace, decides where their sessions go (and it squeezes the subjects beside them).
 */
export function deadlineDriven(f: Frame, maxLoad: number = WORKLOAD.maxLoadDefault): boolean[] {
  return f.needs.map(
    (n, k) => (f.windowEnd[k] as number) > 0 && n > maxLoad * (f.fair[k] as number) + EPS,
  );
}

/** M4: massing share and the share of subjects with regular gaps. */
export function m4Spacing(
  input: PlannerInput,
  out: PlannerOutput,
): { massing: number; massingPairs: number; regular: number; regularSubjects: number } {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const S = input.subjects.length;
  const subs = bySubject(f, ss, S);
  const lastDay = subs.map((l) => (l.length ? Math.max(...l.map((s) => s.day)) : -1));
  const driven = deadlineDriven(f);
  const count = new Map<string, number>();
  for (const s of ss)
    count.set(`${s.subject}:${s.day}`, (count.get(`${s.subject}:${s.day}`) ?? 0) + 1);
  let pairs = 0;
  let massed = 0;
  for (const [key, c] of count) {
    const [k, d] = key.split(':').map(Number) as [number, number];
    pairs++;
    // A subject driven by its deadline goes where EDF puts it.
    if (c < 2 || driven[k]) continue;
    // Counted only when another subject with work left had no session that day.
    let avoidable = false;
    for (let j = 0; j < S && !avoidable; j++)
      if (
        j !== k &&
        (lastDay[j] as number) >= d &&
        !count.has(`${j}:${d}`) &&
        d < (f.windowEnd[j] as number)
      )
        avoidable = true;
    if (avoidable) massed++;
  }
  let regularSubjects = 0;
  let regular = 0;
  for (const l of subs) {
    const days = [...new Set(l.map((s) => s.day))].sort((a, b) => a - b);
    if (l.length < 4 || days.length < 3) continue;
    const gaps = days.slice(1).map((d, i) => d - (days[i] as number));
    const sorted = [...gaps].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median =
      sorted.length % 2
        ? (sorted[mid] as number)
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    regularSubjects++;
    if (Math.max(...gaps) <= Math.max(7, 2 * median)) regular++;
  }
  return {
    massing: pairs ? massed / pairs : 0,
    massingPairs: pairs,
    regular: regularSubjects ? regular / regularSubjects : 1,
    regularSubjects,
  };
}

/** M5: re-exposure gaps inside the ridgeline band, and topics seen twice. */
export function m5Ridgeline(
  input: PlannerInput,
  out: PlannerOutput,
): { inBand: number; pairs: number; seenTwice: number; topicsChecked: number } {
  const f = frameOf(input);
  const subs = bySubject(f, sessionsOf(f, out), input.subjects.length);
  let pairs = 0;
  let inBand = 0;
  let topicsChecked = 0;
  let twice = 0;
  input.subjects.forEach((s, k) => {
    const D = f.exam[k] as number;
    if (Number.isNaN(D) || !f.examInPlan[k]) return;
    const list = subs[k] as Session[];
    const N = topicsOf(s).length;
    const last = new Map<number, number>();
    const daysSeen = new Map<number, Set<number>>();
    for (const x of list) {
      for (const t of x.block.topicIndexes) {
        const a = last.get(t);
        const RI = D - x.day;
        if (a !== undefined && x.block.kind !== 'learn' && x.day > a && RI >= 3) {
          const rho = (x.day - a) / RI;
          const r = ridgeline(RI);
          pairs++;
          if (rho >= 0.5 * r - EPS && rho <= 2 * r + EPS) inBand++;
        }
        last.set(t, x.day);
        if (!daysSeen.has(t)) daysSeen.set(t, new Set());
        daysSeen.get(t)?.add(x.day);
      }
    }
    if (list.length >= Math.ceil((2 * N) / 3) + 1) {
      topicsChecked += N;
      for (let t = 0; t < N; t++) if ((daysSeen.get(t)?.size ?? 0) >= 2) twice++;
    }
  });
  return {
    inBand: pairs ? inBand / pairs : 1,
    pairs,
    seenTwice: topicsChecked ? twice / topicsChecked : 1,
    topicsChecked,
  };
}

/**
 * The longest run of one subject that no order of a day's sessions can avoid: the most frequent
 * subject's sessions split by the others' (5 of one subject beside 1 of another leave a run of
 * 3 in any order).
 */
function forcedRun(subjects: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const k of subjects) counts.set(k, (counts.get(k) ?? 0) + 1);
  const most = Math.max(...counts.values());
  return Math.ceil(most / (subjects.length - most + 1));
}

/**
 * M6: interleaving ratio, longest same-subject run, share of mixed reviews. `maxRun` is the
 * longest run on any day; `avoidableRun` the longest on a day where an order of the same
 * sessions would have kept every run shorter (0 when none). M6a orders a day's sessions: which
 * sessions a day holds is the deadlines' and the cap's (M3, M4a, M8), and a day of one subject
 * alone is not counted at all, so a day that holds one session of another subject beside five of
 * one is no worse interleaved than that day without it.
 */
export function m6Interleaving(
  input: PlannerInput,
  out: PlannerOutput,
): {
  ratio: number;
  adjacentPairs: number;
  maxRun: number;
  avoidableRun: number;
  mixed: number;
  reviews: number;
} {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const S = input.subjects.length;
  const subs = bySubject(f, ss, S);
  const lastDay = subs.map((l) => (l.length ? Math.max(...l.map((s) => s.day)) : -1));
  const perDay = new Map<number, Session[]>();
  for (const s of ss) {
    if (!perDay.has(s.day)) perDay.set(s.day, []);
    perDay.get(s.day)?.push(s);
  }
  let adjacent = 0;
  let switches = 0;
  let maxRun = 0;
  let avoidableRun = 0;
  for (const [d, list] of perDay) {
    const withWork = lastDay.filter((l, k) => l >= d && d < (f.windowEnd[k] as number)).length;
    if (list.length < 2 || withWork < 2 || new Set(list.map((s) => s.subject)).size < 2) continue;
    list.sort((a, b) => a.start - b.start);
    const forced = forcedRun(list.map((s) => s.subject));
    let run = 1;
    for (let i = 1; i < list.length; i++) {
      adjacent++;
      if ((list[i] as Session).subject !== (list[i - 1] as Session).subject) {
        switches++;
        run = 1;
      } else run++;
      maxRun = Math.max(maxRun, run);
      if (run > forced) avoidableRun = Math.max(avoidableRun, run);
    }
  }
  let reviews = 0;
  let mixed = 0;
  subs.forEach((list) => {
    const studied = new Set<number>();
    for (const s of list) {
      if (s.block.kind !== 'learn' && studied.size >= 2) {
        reviews++;
        if (s.block.topicIndexes.filter((t) => studied.has(t)).length >= 2) mixed++;
      }
      for (const t of s.block.topicIndexes) studied.add(t);
    }
  });
  return {
    ratio: adjacent ? switches / adjacent : 1,
    adjacentPairs: adjacent,
    maxRun,
    avoidableRun,
    mixed: reviews ? mixed / reviews : 1,
    reviews,
  };
}

/**
 * M7: utilisation shape, 7-day load, continuous blocks and breaks. `dailyMaxMean`: the largest
 * (hours - L) / capacity of a day over the utilisation of the 7 days around it (days holding
 * more than one session). `weeklyMaxMean`: calendar weeks' hours, max over mean, up to the
 * horizon (printed; no longer a target, see docs/planner.md, Quality metrics).
 */
export function m7Load(
  input: PlannerInput,
  out: PlannerOutput,
): {
  dailyMaxMean: number;
  weeklyMaxMean: number;
  worstWeekShare: number;
  longestBlockHours: number;
  maxBackToBack: number;
} {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const used = new Array<number>(f.days).fill(0);
  for (const s of ss)
    if (s.day >= 0 && s.day < f.days) used[s.day] = (used[s.day] as number) + s.hours;
  const horizon = Math.max(0, ...f.windowEnd);
  // Daily shape: a day's utilisation, one session (or the day's final reviews, whose day M9
  // fixes) allowed, against the utilisation of the 7 days around it (docs/planner.md, Quality
  // metrics: a plan books needs, so days are compared with their own week, not the period).
  const finals = new Array<number>(f.days).fill(0);
  for (const s of ss)
    if (s.block.kind === 'final-review' && s.day >= 0 && s.day < f.days)
      finals[s.day] = (finals[s.day] as number) + s.hours;
  let dailyMaxMean = 0;
  for (let d = 0; d < horizon; d++) {
    const cd = f.cap[d] as number;
    const allowed = Math.max(f.L, finals[d] as number);
    if (cd <= EPS || (used[d] as number) <= allowed + EPS) continue;
    let x = 0;
    let c = 0;
    // The week around a day ends at the horizon: the days after the last exam book nothing, and
    // their free time made an exam eve's week look empty (seed 289,713 #403, docs/planner.md).
    for (let e = Math.max(0, d - 3); e <= Math.min(horizon - 1, d + 3); e++) {
      x += used[e] as number;
      c += f.cap[e] as number;
    }
    dailyMaxMean = Math.max(dailyMaxMean, ((used[d] as number) - allowed) / cd / (x / c));
  }
  const weeks: number[] = [];
  for (let a = f.weeks.first; a + 7 <= horizon; a += 7)
    weeks.push(used.slice(a, a + 7).reduce((x, y) => x + y, 0));
  const wMean = weeks.length ? weeks.reduce((a, b) => a + b, 0) / weeks.length : 0;
  const weeklyMaxMean = wMean > EPS ? Math.max(...weeks) / wMean : 1;
  let worstWeekShare = 0;
  for (let a = 0; a + 7 <= f.days; a++) {
    const c = f.cap.slice(a, a + 7).reduce((x, y) => x + y, 0);
    const x = used.slice(a, a + 7).reduce((p, q) => p + q, 0);
    if (c > EPS) worstWeekShare = Math.max(worstWeekShare, x / c);
  }
  let longest = 0;
  let backToBack = 0;
  const perDay = new Map<number, Session[]>();
  for (const s of ss) {
    if (!perDay.has(s.day)) perDay.set(s.day, []);
    perDay.get(s.day)?.push(s);
  }
  for (const list of perDay.values()) {
    list.sort((a, b) => a.start - b.start);
    let runStart = -1;
    let runEnd = -1;
    let n = 0;
    for (const s of list) {
      if (s.start - runEnd >= 15 && runEnd >= 0) {
        runStart = -1;
      }
      if (runStart < 0) {
        runStart = s.start;
        n = 0;
      }
      n++;
      runEnd = s.end;
      longest = Math.max(longest, (runEnd - runStart) / 60);
      backToBack = Math.max(backToBack, n);
    }
  }
  return {
    dailyMaxMean,
    weeklyMaxMean,
    worstWeekShare,
    longestBlockHours: longest,
    maxBackToBack: backToBack,
  };
}

/** Hours of each checked subject in its last 3 and last 7 days before the exam (M8). */
function cramShares(
  input: PlannerInput,
  f: Frame,
  subs: Session[][],
): Array<{ k: number; total: number; last3: number; last7: number; weekly: number }> {
  const rows: Array<{ k: number; total: number; last3: number; last7: number; weekly: number }> =
    [];
  input.subjects.forEach((_, k) => {
    const D = f.exam[k] as number;
    const list = subs[k] as Session[];
    const W = f.windowEnd[k] as number;
    if (!f.examInPlan[k] || list.length < 4 || W < 14) return;
    const total = list.reduce((a, x) => a + x.hours, 0);
    const last3 = list.filter((x) => x.day >= D - 3).reduce((a, x) => a + x.hours, 0);
    const last7 = list.filter((x) => x.day >= D - 7).reduce((a, x) => a + x.hours, 0);
    rows.push({ k, total, last3, last7, weekly: total / (W / 7) });
  });
  return rows;
}

/** Subjects over the M8 limits as planned, before any exemption (each needs a warning, M2). */
function crammed(input: PlannerInput, f: Frame, subs: Session[][]): number[] {
  return cramShares(input, f, subs)
    .filter(
      (r) =>
        r.last3 > Math.max(0.25 * r.total, 2 * f.L) + EPS ||
        // At least one session: M9's final review falls in the last week, and for a subject
        // studied less than half a session a week it alone exceeds twice the mean week (the
        // metric's two rules conflict there; its 3-day rule has the same kind of floor).
        r.last7 > Math.max(2 * r.weekly, f.L) + EPS,
    )
    .map((r) => r.k);
}

/** The plan as M8's exact bound reads it (least-cram.ts): its places, needs and limits. */
function cramModelOf(
  input: PlannerInput,
  f: Frame,
  subs: Session[][],
  rows: ReturnType<typeof cramShares>,
): CramModel {
  return {
    days: f.days,
    cap: f.cap,
    L: f.L,
    maxLoad: loadCap(input),
    windowEnd: f.windowEnd,
    exam: f.exam,
    needs: f.needs,
    sessions: subs.flat().map((x) => ({
      day: x.day,
      hours: x.hours,
      subject: x.subject,
      review: x.block.kind === 'final-review',
    })),
    limits: new Map(
      rows.map((r) => [
        r.k,
        {
          last7: Math.max(2 * r.weekly, f.L, r.last7),
          last3: Math.max(0.25 * r.total, 2 * f.L, r.last3),
        },
      ]),
    ),
  };
}

/**
 * M8's subjects over a limit as planned, each with the plan as the exact bound reads it (for
 * tracing a failure: `npm run bench:planner -- --chain`).
 */
export function m8Over(
  input: PlannerInput,
  out: PlannerOutput,
): { model: CramModel; over: Array<{ k: number; last7: number; last3: number }> } {
  const f = frameOf(input);
  const subs = bySubject(f, sessionsOf(f, out), input.subjects.length);
  const rows = cramShares(input, f, subs);
  const over = new Set(crammed(input, f, subs));
  return {
    model: cramModelOf(input, f, subs, rows),
    over: rows.filter((r) => over.has(r.k)).map(({ k, last7, last3 }) => ({ k, last7, last3 })),
  };
}

/**
 * M8: subjects that cram: too much in the last 3 days, or a last week over twice the mean. The
 * metric exempts cramming the deadline forced, when the plan says so: a subject over the limits
 * passes only if the plan warns about it and the hours over them are no more than the other
 * subjects' needs leave no room for earlier (roomBefore).
 */
export function m8Cramming(
  input: PlannerInput,
  out: PlannerOutput,
): { checked: number; cramming: string[] } {
  const f = frameOf(input);
  const subs = bySubject(f, sessionsOf(f, out), input.subjects.length);
  const warned = new Set(out.warnings.flatMap((w) => warningKeys(input, w)));
  const cramming: string[] = [];
  const rows = cramShares(input, f, subs);
  const totals = subs.map((list) => list.reduce((a, x) => a + x.hours, 0));
  const reviewDay = subs.map((list) =>
    list.reduce((d, x) => (x.block.kind === 'final-review' ? Math.max(d, x.day) : d), -1),
  );
  const booked = new Array<number>(f.days).fill(0);
  for (const list of subs) for (const x of list) booked[x.day] = (booked[x.day] ?? 0) + x.hours;
  const weekCap: WeekCap = { maxLoad: loadCap(input), booked };
  let model: CramModel | undefined;
  /** The plan as the exact bound reads it; built only when a subject needs that bound. */
  const exact = (): CramModel => {
    model ??= cramModelOf(input, f, subs, rows);
    return model;
  };
  for (const { k, total, last3, last7, weekly } of rows) {
    const name = input.subjects[k]?.name;
    const W = f.windowEnd[k] as number;
    // A subject short of its need is told that instead (M2 expects it in place of the cram
    // warning): the forced hours below still bound what it may hold.
    const told = warned.has(`cram:${k}`) || warned.has(`short:${k}`);
    // What the deadline forces in, in whole sessions as a plan books it: 6.5 h forced into days
    // of 1.5-h places are 7.5 h of sessions (a 1-h place aside). The final review counts as the
    // place it has: M9 puts it 1-3 days before the exam, the latest free place, and a 1-h review
    // on the exam's eve leaves 6.5 h of a 7.5-h need, five 1.5-h sessions, 8.5 h in all; counted
    // as a session of L, the rest was 6 h and the 8 h the plan booked looked 0.5 h too many
    // (seed 271,828 #217: every place before the last week taken by two earlier exams).
    const reviewHours = (x: number) =>
      (subs[k] ?? [])
        .filter((s) => s.block.kind === 'final-review' && s.day >= x && s.day < W)
        .reduce((a, s) => a + s.hours, 0);
    const forced = (x: number) => {
      if (!told) return 0;
      const rest = (f.needs[k] as number) - roomBefore(f, k, x, totals, reviewDay, weekCap);
      const review = Math.min(reviewHours(x), Math.max(0, rest));
      const sessions = review + f.L * Math.ceil((rest - review) / f.L - 1e-9);
      // And in the sums the places of those days make: 15 h forced into a last week of nine
      // 1.5-h places and two 1-h ones is 15.5 h booked, 15 being no sum of them (seed 3,141,592
      // #708: every plan held 15.5 h there against 15.25 allowed).
      return Math.max(sessions, leastPlaceSum(f, x, W, rest));
    };
    // Where the bound from the needs finds room the plan did not use, the exact least any plan
    // can hold there (least-cram.ts): that bound is a relaxation, and may find room no packing
    // of whole places makes.
    const least = (n: 3 | 7, otherMost?: number) =>
      told ? (leastLastDays(exact(), k, n, otherMost) ?? 0) : 0;
    const forced3 = forced(W - 3);
    const forced7 = forced(W - 7);
    const limit3 = Math.max(0.25 * total, 2 * f.L);
    const limit7 = Math.max(2 * weekly, f.L);
    const over3 = (bound: number) => last3 > Math.max(limit3, bound) + EPS;
    const over7 = (bound: number) => last7 > Math.max(limit7, bound) + EPS;
    // Each window's least among the plans whose other window passes: the least last week may be
    // had only by filling the last 3 days past anything M8 lets pass there (seed 66,826,608 #587:
    // C 15 h in its last week, but 7.5 in its last 3 days, where 6 is the least).
    if (over3(forced3) && over3(least(3, Math.max(limit7, forced7, least(7)))))
      cramming.push(`${name}: ${last3} of ${total} h in the last 3 days`);
    if (over7(forced7) && over7(least(7, Math.max(limit3, forced3, least(3)))))
      cramming.push(`${name}: ${last7} h in the last week, mean ${weekly}`);
  }
  return { checked: rows.length, cramming };
}

/**
 * Most hours subject k can hold before day x while every other subject still gets its need
 * before its window ends and keeps its own M8 limits: for each day t >= x, the capacity before t
 * less what the others must have placed by then bounds k's hours before t, and so before x. What
 * another subject must have placed by t is its need, once its window has ended; before that, the
 * part of its need the days from t to its exam cannot take, its last week (twice its mean week)
 * and last 3 days (a quarter of its hours) holding no more than M8 allows, in whole sessions
 * (the metric's floors of one and two sessions aside). `totals`: each
 * subject's hours as planned, which set those allowances (absent: the needs). `reviewDay`: each
 * subject's final-review day in the plan (-1: none): the days after it are not the subject's
 * (its review is its last session), so what it holds from t ends there.
 */
export function roomBefore(
  f: Frame,
  k: number,
  x: number,
  totals?: readonly number[],
  reviewDay?: readonly number[],
  cap?: WeekCap,
): number {
  const capUntil = [0];
  for (let d = 0; d < f.days; d++) capUntil.push((capUntil[d] as number) + (f.cap[d] as number));
  const heldBefore = cap ? cappedUntil(f, cap) : undefined;
  const capBetween = (a: number, b: number) =>
    b <= a
      ? 0
      : (capUntil[Math.min(b, f.days)] as number) - (capUntil[Math.min(a, f.days)] as number);
  /** Most hours subject j can hold from day t to the end of its window. */
  const mostFrom = (j: number, t: number): number => {
    const W = f.windowEnd[j] as number;
    const review = reviewDay?.[j] ?? -1;
    const end = review >= 0 ? Math.min(W, review + 1) : W;
    const examChecked = f.examInPlan?.[j] && W >= 14;
    if (!examChecked) return capBetween(t, end);
    const total = totals?.[j] ?? (f.needs[j] as number);
    // In whole sessions: a plan books whole places, so 3.3 h allowed is one 2-h session.
    const whole = (h: number) => Math.max(f.L, f.L * Math.floor(h / f.L + 1e-9));
    const last7 = whole((2 * 7 * total) / W);
    const last3 = whole(0.25 * total);
    const a = Math.max(t, W - 7);
    const b = Math.max(t, W - 3);
    const from3 = Math.min(capBetween(b, end), last3);
    const from7 = Math.min(capBetween(a, Math.min(b, end)) + from3, last7);
    return capBetween(t, Math.min(a, end)) + from7;
  };
  // What another subject must book of its need, in the whole places of its window.
  const booked = f.windowEnd.map((e, j) =>
    j === k || e <= 0 ? 0 : wholePlaceNeed(f, j, f.needs[j] as number),
  );
  let room = Number.POSITIVE_INFINITY;
  for (let t = x; t <= Math.max(x, f.days); t++) {
    let due = 0;
    f.windowEnd.forEach((e, j) => {
      if (j === k || e <= 0) return;
      const need = booked[j] as number;
      due += e <= t ? need : Math.max(0, need - mostFrom(j, t));
    });
    const held = heldBefore ? Math.min(capBetween(0, t), heldBefore(t)) : capBetween(0, t);
    room = Math.min(room, held - due);
  }
  return Math.max(0, room);
}

/** The student's weekly cap as the metrics read it: its share, and the hours each day booked. */
export interface WeekCap {
  maxLoad: number;
  /** The plan's hours on each day: where the needs made a week pass the cap, that week's hold. */
  booked: readonly number[];
}

/**
 * The most hours the days before t can hold within the student's cap: every 7-day window holds
 * at most the cap's share of its capacity, or what the plan booked there where the needs made it
 * pass the cap (the planner passes it only then, with a warning). Over any partition of [0, t)
 * into 7-day blocks each block holds at most its window's; each of the seven partitions bounds
 * the hours and the tightest is taken.
 */
function cappedUntil(f: Frame, cap: WeekCap): (t: number) => number {
  const capOf = (d: number) => (d >= 0 && d < f.days ? (f.cap[d] as number) : 0);
  const window = (a: number) => {
    let capacity = 0;
    let booked = 0;
    for (let d = a; d < a + 7; d++) {
      capacity += capOf(d);
      booked += cap.booked[d] ?? 0;
    }
    return Math.max(cap.maxLoad * capacity, booked);
  };
  const limits = Array.from({ length: f.days + 7 }, (_, a) => window(a));
  const block = (a: number, b: number, w: number) => {
    let capacity = 0;
    for (let d = a; d < b; d++) capacity += capOf(d);
    return Math.min(capacity, limits[w] as number);
  };
  return (t: number) => tightestOverWeeks(t, block);
}

/**
 * The least hours subject j can book, in the whole places of its window's days, to hold at
 * least `need` (a subset sum): a day of c hours holds floor(c / L) places of L and, when what is
 * left is 1 h or more, one shorter place. A need of 18 h in places of 1.5 h and 1 h that add up
 * to 18.5 h takes all 18.5 (leaving out a 1-h place leaves 17.5), so the other subjects have
 * half an hour less than the need alone says. The need itself when no subset reaches it.
 */
export function wholePlaceNeed(f: Frame, j: number, need: number): number {
  return leastPlaceSum(f, 0, Math.min(f.windowEnd[j] as number, f.days), need);
}

/**
 * The least sum of the whole places of days `from` to `to` (exclusive) that holds at least
 * `hours`, places counted as in `wholePlaceNeed`; `hours` itself when no subset reaches it (or
 * nothing is asked).
 */
function leastPlaceSum(f: Frame, from: number, to: number, hours: number): number {
  if (hours <= EPS) return Math.max(0, hours);
  const units = Math.round(f.L * 2);
  const lens: number[] = [];
  for (let d = Math.max(0, from); d < to; d++) lens.push(...placeLengths(f.cap[d] as number, f.L));
  const goal = Math.ceil(hours * 2 - 1e-9);
  const total = lens.reduce((a, b) => a + b, 0);
  if (total < goal) return hours;
  // Sums up to goal + the longest place are enough: a larger one never is the least past goal.
  const limit = Math.min(total, goal + units);
  const can = subsetSums(lens, limit);
  for (let v = goal; v <= limit; v++) if (can[v]) return Math.max(hours, v / 2);
  return hours;
}

/** M9: a final review of every topic 1-3 days before each exam (fallback 4-6), none on the day. */
export function m9FinalReview(
  input: PlannerInput,
  out: PlannerOutput,
): { checked: number; missing: string[] } {
  const f = frameOf(input);
  const ss = sessionsOf(f, out);
  const subs = bySubject(f, ss, input.subjects.length);
  const missing: string[] = [];
  let checked = 0;
  const finalsOn = (d: number, k: number) =>
    ss
      .filter((s) => s.day === d && s.subject !== k && s.block.kind === 'final-review')
      .reduce((a, s) => a + s.hours, 0);
  const free = (lo: number, hi: number, k: number) => {
    for (let d = Math.max(0, lo); d <= Math.min(hi, f.days - 1); d++)
      if ((f.cap[d] as number) - finalsOn(d, k) >= 1 - EPS) return true;
    return false;
  };
  input.subjects.forEach((s, k) => {
    const D = f.exam[k] as number;
    const list = subs[k] as Session[];
    if (list.some((x) => x.day === D)) missing.push(`${s.name}: a session on the exam day`);
    if (!f.examInPlan[k] || list.length < 2) return;
    checked++;
    const N = topicsOf(s).length;
    const fin = list.filter(
      (x) => x.block.kind === 'final-review' && new Set(x.block.topicIndexes).size === N,
    );
    const near = fin.some((x) => x.day >= D - 3 && x.day <= D - 1);
    const fallback = fin.some((x) => x.day >= D - 6 && x.day <= D - 4);
    if (near) return;
    if (fallback && !free(D - 3, D - 1, k)) return;
    if (!fallback && !free(D - 6, D - 1, k)) return;
    missing.push(`${s.name}: no final review in the 3 days before ${s.deadline}`);
  });
  return { checked, missing };
}

/** One subject of M10: shares of its hours (see m10FrontLoad). */
export interface M10Subject {
  k: number;
  off: number;
  on: number;
  most: number;
  /** The hours its first half can still take within the cap (`firstHalfCapRoom`), as a share. */
  capRoom: number;
  rounding: number;
  session: number;
}

/**
 * The most hours subject k's first half can take beyond what the off plan has there, within the
 * student's cap (docs/planner.md, M10): every 7-day window holds at most the cap's share of its
 * capacity, so over any partition of the first half into 7-day blocks, a block gains at most its
 * window's slack, in the places its days have free (whole sessions of L, and a day's shorter
 * place). Each of the seven partitions bounds the room; the tightest is taken. What fills a day
 * is every session of k and the other subjects' sessions in their own first halves (front-loading
 * wants them there); another subject's later sessions count as free, since they could move.
 */
export function firstHalfCapRoom(
  f: Frame,
  k: number,
  off: readonly Session[],
  maxLoad: number,
): number {
  const half = Math.ceil((f.windowEnd[k] as number) / 2);
  const capOf = (d: number) => (d >= 0 && d < f.days ? (f.cap[d] as number) : 0);
  const used = new Array<number>(f.days + 7).fill(0);
  for (const s of off) {
    const own = s.subject === k || 2 * s.day < (f.windowEnd[s.subject] as number);
    if (own) used[s.day] = (used[s.day] as number) + s.hours;
  }
  /** Hours a block of days [a, b) can take: its days' free places, at most its window's slack. */
  const blockRoom = (a: number, b: number, window: number) => {
    let capacity = 0;
    let load = 0;
    for (let d = window; d < window + 7; d++) {
      capacity += capOf(d);
      load += used[d] ?? 0;
    }
    let slack = Math.max(0, maxLoad * capacity - load);
    const full = Math.floor(slack / f.L + 1e-9);
    let places = 0;
    const shorter: number[] = [];
    for (let d = a; d < b; d++) {
      const free = Math.max(0, capOf(d) - (used[d] ?? 0));
      places += Math.floor(free / f.L + 1e-9);
      const rest = free - f.L * Math.floor(free / f.L + 1e-9);
      if (rest >= 1 - 1e-9) shorter.push(rest);
    }
    const sessions = Math.min(full, places);
    let room = sessions * f.L;
    slack -= room;
    for (const h of shorter.sort((x, y) => y - x))
      if (h <= slack + 1e-9) {
        room += h;
        slack -= h;
      }
    return room;
  };
  return tightestOverWeeks(half, blockRoom);
}

/**
 * The least, over the seven partitions of the days [0, end) into 7-day blocks, of the blocks'
 * sum of `block(a, b, window)`: the block [a, b) and the first day of the 7-day window that holds
 * it. A partition starts with [0, offset) (held by the first 7 days' window), then whole weeks.
 * Each partition bounds what the rolling weekly cap lets the days hold; the tightest is taken.
 */
function tightestOverWeeks(
  end: number,
  block: (a: number, b: number, window: number) => number,
): number {
  let tightest = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < 7; offset++) {
    let sum = offset > 0 ? block(0, Math.min(offset, end), 0) : 0;
    for (let a = offset; a < end; a += 7) sum += block(a, Math.min(a + 7, end), a);
    tightest = Math.min(tightest, sum);
  }
  return tightest;
}

/** M10: first-half shares with the flag off and on (same input otherwise). */
export function m10FrontLoad(
  input: PlannerInput,
  off: PlannerOutput,
  on: PlannerOutput,
): {
  offDeviation: number;
  gain: number;
  required: number;
  subjects: number;
  totalOff: number;
  totalOn: number;
  lateIntro: string[];
  /**
   * Each measured subject: its first-half share off and on, the most it can hold on (what the
   * cap leaves it in the first half, the final review aside), half a session of its hours (the
   * mean of the two plans') and a session of its hours on.
   */
  bySubject: M10Subject[];
} {
  const f = frameOf(input);
  const S = input.subjects.length;
  const rows: M10Subject[] = [];
  const offSessions = sessionsOf(f, off);
  const sOff = bySubject(f, offSessions, S);
  const sOn = bySubject(f, sessionsOf(f, on), S);
  const firstHalf = (k: number, d: number) => 2 * d < (f.windowEnd[k] as number);
  const maxLoad = loadCap(input);
  const steady = steadyFits(f, maxLoad);
  const density = steadyDensity(f);
  // What the cap leaves, as whole places can fill it (as the Workload check counts it): a week
  // of 1.5-h places under a cap of 6.8 h holds 6 h, not 6.8 (docs/planner.md, M10).
  const placeShare = steady ? wholePlaceShare(input, maxLoad) : maxLoad;
  let dev = 0;
  let h1Off = 0;
  let h1On = 0;
  let h1Max = 0;
  let rounding = 0;
  let n = 0;
  for (let k = 0; k < S; k++) {
    const W = f.windowEnd[k] as number;
    const a = sOff[k] as Session[];
    const b = sOn[k] as Session[];
    const tOff = a.reduce((x, s) => x + s.hours, 0);
    const tOn = b.reduce((x, s) => x + s.hours, 0);
    if (W < 2 || tOff <= EPS || tOn <= EPS) continue;
    if (W < 14 || a.length < 4 || b.length < 4) continue;
    // A subject without an exam books a steady weekly amount, front-loading or not (Workload).
    if (!f.examInPlan[k]) continue;
    // Bound on what front-loading can move: the subject's fair share of the first half's
    // capacity (capacity split among the subjects still before their exam, by need).
    // Reference for the pace (docs/planner.md, Workload): when every subject's steady pace (its
    // need plus buffer in proportion to the capacity of its window) fits under the cap, each
    // subject's hours follow the capacity of its window; otherwise a subject without an exam
    // still does, and one with an exam shares each day with the other subjects still before
    // their exams, by need (the steady ones take the same share of every day).
    let fair1 = 0;
    let fairAll = 0;
    let c1 = 0;
    let c = 0;
    for (let d = 0; d < W; d++) {
      let w = 0;
      let we = 0;
      for (let j = 0; j < S; j++)
        if (d < (f.windowEnd[j] as number)) {
          w += f.needs[j] as number;
          if (f.examInPlan[j]) we += f.needs[j] as number;
        }
      // With room for every steady pace, what front-loading can move is the subject's part of
      // what the cap leaves in the first half; otherwise its fair share of the capacity.
      const share = steady
        ? ((f.cap[d] as number) * placeShare * steadyRate(f, k)) /
          Math.max(density[d] as number, EPS)
        : ((f.cap[d] as number) * (f.needs[k] as number)) / w;
      fairAll += share;
      if (firstHalf(k, d)) fair1 += share;
      const ref =
        f.examInPlan[k] && !steady
          ? ((f.cap[d] as number) * (f.needs[k] as number)) / we
          : (f.cap[d] as number);
      c += ref;
      if (firstHalf(k, d)) c1 += ref;
    }
    if (fairAll <= EPS || c <= EPS) continue;
    const firstOff = a.filter((s) => firstHalf(k, s.day)).reduce((x, s) => x + s.hours, 0);
    const o = firstOff / tOff;
    const p = b.filter((s) => firstHalf(k, s.day)).reduce((x, s) => x + s.hours, 0) / tOn;
    // The gain counts hours moved: the off plan's first half as a share of the hours on. The two
    // plans may book a session apart (the totals rule), and an extra session on, in the second
    // half, read as hours moved out of the first (seed 31,337: 12 h in both first halves, of 22
    // and 24 h, a gain of -0.045).
    const oOn = firstOff / tOn;
    // Half a session of rounding: a plan that books needs has few sessions, and a subject with
    // four of them cannot put 45% of its hours in the first half (docs/planner.md, M10).
    const halfOff = f.L / 2 / tOff;
    dev += Math.max(0, Math.abs(o - c1 / c) - halfOff);
    // The gain's half session is a share of the hours on, as both its terms are: as the mean of
    // that and a share of the hours off, a plan on a session smaller than off allowed less than
    // half a session (seed 24,928,514 #399: B's first half 10 h on against 11 off, L = 2, with
    // 20 h on and 21 off; 0.976 h allowed, the gain -0.001).
    const halfOn = f.L / 2 / tOn;
    rounding += halfOn;
    h1Off += oOn;
    h1On += p;
    // The final review stays before the exam (M9): front-loading cannot move it.
    const finalOn = b
      .filter((s) => s.block.kind === 'final-review' && !firstHalf(k, s.day))
      .reduce((x, s) => x + s.hours, 0);
    const most = Math.min(1 - finalOn / tOn, fair1 / tOn);
    const capRoom = firstHalfCapRoom(f, k, offSessions, maxLoad) / tOn;
    // The mean's bound, as each subject's (m10Offenders): no more than the cap leaves the first
    // half beyond the off plan. Without it, a subject whose every first-half week the off plan
    // already held at the cap was asked for a mean gain no plan can make (seed 38,426,057 #564:
    // one 2-h session a week under the cap, 7 of 13 in the first half on and off; 0.09 asked).
    // And in whole sessions, as each subject's own line counts it: a room under one session is
    // none (seed 88,441,854 #962: C's fair first half 0.035 of its hours past the off plan's, a
    // 2-h session 0.105; the mean asked 0.007 that no session moved can make).
    const room = Math.min(most - oOn, capRoom);
    const session = f.L / tOn;
    h1Max += oOn + (room > 0 ? session * Math.floor(room / session + EPS) : room);
    rows.push({
      k,
      off: oOn,
      on: p,
      most,
      capRoom,
      rounding: halfOn,
      session,
    });
    n++;
  }
  const lateIntro: string[] = [];
  for (const [plan, limit, subs] of [
    [off, 0.7, sOff],
    [on, 0.5, sOn],
  ] as const) {
    input.subjects.forEach((s, k) => {
      const list = subs[k] as Session[];
      const W = f.windowEnd[k] as number;
      const N = topicsOf(s).length;
      // The day that ends the 70% (50%) is in time: 0.7 * 90 is 62.99999999999999 in floating
      // point, and a topic begun on day 63 of 90 read as late while the planner, which compares
      // with a margin, had it in time (seed 43,339,858 #85).
      const by = limit * W + EPS;
      const before = list.filter((x) => x.day <= by && x.block.kind !== 'final-review').length;
      if (before * 3 < N) return;
      const first = new Map<number, number>();
      for (const x of list)
        for (const t of x.block.topicIndexes) if (!first.has(t)) first.set(t, x.day);
      for (let t = 0; t < N; t++)
        if ((first.get(t) ?? Number.POSITIVE_INFINITY) > by)
          lateIntro.push(`${s.name} topic ${t} (${plan === on ? 'on' : 'off'})`);
    });
  }
  const mean = (x: number) => (n ? x / n : 0);
  const feasible = mean(h1Max) - mean(h1Off);
  return {
    offDeviation: mean(dev),
    // The gain is measured to whole sessions too: half a session of each subject's hours.
    gain: mean(h1On) - mean(h1Off) + mean(rounding),
    required: feasible >= 0.1 ? Math.max(0.05, 0.5 * feasible) : Math.max(0, 0.5 * feasible - 0.01),
    subjects: n,
    totalOff: off.summary.reduce((x, s) => x + s.totalHours, 0),
    totalOn: on.summary.reduce((x, s) => x + s.totalHours, 0),
    bySubject: rows,
    lateIntro,
  };
}

/** M11: topics and files covered before the exam; no empty focus. */
export function m11Coverage(input: PlannerInput, out: PlannerOutput): { missing: string[] } {
  const f = frameOf(input);
  const subs = bySubject(f, sessionsOf(f, out), input.subjects.length);
  const missing: string[] = [];
  input.subjects.forEach((s, k) => {
    const list = subs[k] as Session[];
    const N = topicsOf(s).length;
    if (list.length >= Math.ceil(N / 3)) {
      const seen = new Set(list.flatMap((x) => x.block.topicIndexes));
      for (let t = 0; t < N; t++)
        if (!seen.has(t)) missing.push(`${s.name}: topic ${t} never studied`);
    }
    if (list.length > 0) {
      const files = new Set(list.flatMap((x) => x.block.materials));
      for (const m of s.materials)
        if (!files.has(m)) missing.push(`${s.name}: file ${m} never used`);
    }
  });
  for (const b of out.blocks)
    if (
      b.focus.length === 0 ||
      b.focus.some((x) => x.trim().length === 0) ||
      b.topicIndexes.length === 0
    )
      missing.push(`${b.date} ${b.start}: empty focus`);
  return { missing };
}

/** M12b: replan stability after one missed block; `roomLeft` says a make-up was possible. */
export function m12Replan(
  input: PlannerInput,
  before: PlannerOutput,
  after: PlannerOutput,
  missedIndex: number,
): {
  pastChanged: number;
  madeUp: boolean;
  roomLeft: boolean;
  futureChanged: number;
  futureSessions: number;
} {
  const missed = before.blocks[missedIndex] as PlannedBlock;
  const f = frameOf(input);
  const ss = sessionsOf(f, before);
  const used = new Array<number>(f.days).fill(0);
  for (const s of ss) used[s.day] = (used[s.day] as number) + s.hours;
  const md = dayNumber(missed.date) - f.p0;
  const finals = ss.filter(
    (s) => s.subject === missed.subjectIndex && s.block.kind === 'final-review',
  );
  const limit = Math.min(
    f.windowEnd[missed.subjectIndex] as number,
    ...(missed.kind === 'final-review' ? [] : finals.map((s) => s.day)),
  );
  const need = (clock(missed.end) - clock(missed.start)) / 60;
  let roomLeft = false;
  for (let d = md + 1; d < limit && !roomLeft; d++)
    if ((f.cap[d] as number) - (used[d] as number) >= need - EPS) roomLeft = true;
  const key = (b: PlannedBlock) => `${b.date} ${b.start}`;
  const past = (b: PlannedBlock) => key(b) < key(missed);
  const pb = before.blocks.filter(past).map((b) => JSON.stringify(b));
  const pa = after.blocks.filter(past).map((b) => JSON.stringify(b));
  const pastChanged = pb.length === pa.length && pb.every((b, i) => b === pa[i]) ? 0 : 1;
  const fut = (list: PlannedBlock[]) =>
    list.filter((b) => key(b) > key(missed)).map((b) => `${b.date}|${b.subjectIndex}`);
  const fb = fut(before.blocks);
  const fa = fut(after.blocks);
  const count = (l: string[]) => {
    const m = new Map<string, number>();
    for (const x of l) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const cb = count(fb);
  const ca = count(fa);
  let diff = 0;
  for (const k of new Set([...cb.keys(), ...ca.keys()]))
    diff += Math.abs((cb.get(k) ?? 0) - (ca.get(k) ?? 0));
  const hoursOf = (o: PlannerOutput) =>
    o.blocks
      .filter((b) => b.subjectIndex === missed.subjectIndex)
      .reduce((a, b) => a + (clock(b.end) - clock(b.start)), 0);
  return {
    pastChanged,
    madeUp: hoursOf(after) >= hoursOf(before),
    roomLeft,
    futureChanged: diff,
    futureSessions: fb.length,
  };
}

/** Which sums up to `limit` some of `lens` add up to (1 where one does; 0 always does). */
function subsetSums(lens: readonly number[], limit: number): Uint8Array {
  const can = new Uint8Array(limit + 1);
  can[0] = 1;
  for (const l of lens) for (let v = limit; v >= l; v--) if (can[v - l]) can[v] = 1;
  return can;
}

/**
 * Largest share of a week's capacity whole places can fill within the cap `share` (a subset sum
 * over the week's place lengths, as the planner's model packs them: model.ts, dayTemplates).
 */
function wholePlaceShare(input: PlannerInput, share: number): number {
  const lens = dayTemplates(input, parseWishes(input.preferences.extraWishes ?? '')).flatMap((t) =>
    t.places.map((p) => p.len),
  );
  const total = lens.reduce((a, b) => a + b, 0);
  if (total === 0) return share;
  const limit = Math.floor(share * total + EPS);
  const can = subsetSums(lens, limit);
  let best = limit;
  while (best > 0 && !can[best]) best--;
  return best / total;
}

/**
 * Whether the needs plus the buffer fit under the weekly cap: the EDF test on needs x 1.15
 * against the cap's share of the capacity, as whole places can fill it (a week of 1.5-h places
 * cannot book exactly 80%).
 */
export function bufferFits(input: PlannerInput, f: Frame = frameOf(input)): boolean {
  const share = wholePlaceShare(input, input.preferences.maxLoad ?? WORKLOAD.maxLoadDefault);
  return edfDeliverable({
    ...f,
    cap: f.cap.map((c) => share * c),
    needs: f.needs.map((n) => n * (1 + WORKLOAD.buffer)),
  }).feasible;
}

/**
 * Workload (docs/planner.md, Workload): the plan's booking against the weekly cap (maxLoad of a
 * 7-day window's capacity), whether the needs plus the buffer fit under the cap (EDF test on
 * needs x 1.15 against maxLoad x capacity), and the steadiness of subjects without a deadline.
 */
export function workloadWeeks(
  input: PlannerInput,
  out: PlannerOutput,
): {
  cap: number;
  weeks: number;
  overCap: number;
  over90: number;
  worstWindowShare: number;
  /** Most hours a 7-day window books over the cap. */
  worstExcess: number;
  capFeasible: boolean;
  booked: number;
  capacity: number;
  steadyRatios: number[];
} {
  const f = frameOf(input);
  const cap = input.preferences.maxLoad ?? WORKLOAD.maxLoadDefault;
  const ss = sessionsOf(f, out);
  const used = new Array<number>(f.days).fill(0);
  for (const s of ss)
    if (s.day >= 0 && s.day < f.days) used[s.day] = (used[s.day] as number) + s.hours;
  const sum = (xs: number[], a: number, b: number) => {
    let x = 0;
    for (let d = a; d < b; d++) x += xs[d] as number;
    return x;
  };
  let weeks = 0;
  let overCap = 0;
  let over90 = 0;
  for (let a = f.weeks.first; a + 7 <= f.days; a += 7) {
    const c = sum(f.cap, a, a + 7);
    if (c <= EPS) continue;
    weeks++;
    const u = sum(used, a, a + 7);
    if (u > cap * c + EPS) overCap++;
    if (u > 0.9 * c + EPS) over90++;
  }
  let worstWindowShare = 0;
  let worstExcess = 0;
  for (let a = 0; a + 7 <= f.days; a++) {
    const c = sum(f.cap, a, a + 7);
    const u = sum(used, a, a + 7);
    if (c > EPS) worstWindowShare = Math.max(worstWindowShare, u / c);
    worstExcess = Math.max(worstExcess, u - cap * c);
  }
  const capFeasible = bufferFits(input, f);
  const horizon = Math.max(0, ...f.windowEnd);
  const steadyRatios: number[] = [];
  const subs = bySubject(f, ss, input.subjects.length);
  input.subjects.forEach((_, k) => {
    if (f.examInPlan[k] || f.windowEnd[k] !== f.days) return;
    const wk: number[] = [];
    for (let a = f.weeks.first; a + 7 <= f.days; a += 7)
      if (sum(f.cap, a, a + 7) > EPS)
        wk.push(
          (subs[k] as Session[])
            .filter((s) => s.day >= a && s.day < a + 7)
            .reduce((x, s) => x + s.hours, 0),
        );
    const total = wk.reduce((x, y) => x + y, 0);
    // At least a session a week on average: sparser subjects cannot be booked every week.
    if (wk.length < 2 || total < wk.length * f.L - EPS) return;
    const sorted = [...wk].sort((x, y) => x - y);
    const mid = sorted.length >> 1;
    const median =
      sorted.length % 2
        ? (sorted[mid] as number)
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    steadyRatios.push(median > EPS ? Math.max(...wk) / median : Number.POSITIVE_INFINITY);
  });
  return {
    cap,
    weeks,
    overCap,
    over90,
    worstWindowShare,
    worstExcess,
    capFeasible,
    booked: sum(used, 0, horizon),
    capacity: sum(f.cap, 0, horizon),
    steadyRatios,
  };
}
