/**
 * What the planner derives before placing anything: capacity per day, subject windows, needs,
 * the EDF demand-bound test, fair shares and targets (need hard, the 15% buffer soft, both under
 * the weekly cap: docs/planner.md, Workload), and the pace weights fitted to those targets.
 * Pure, no I/O.
 */

import { type CalendarWeeks, calendarWeeks, WORKLOAD } from '@studybuddy/contracts';
import { templatesByDay } from './busy.js';
import { dayNumber } from './dates.js';
import { type DayTemplate, dayTemplates, loadCap, subjectNeeds } from './model.js';
import { f64, i32, num } from './typed.js';
import type { PlannerInput } from './types.js';
import { parseWishes } from './wishes.js';

const EPS = 1e-9;

/** A placed session before topics: day offset, start and length in half-hours. */
export interface RawBlock {
  day: number;
  start: number;
  len: number;
  subject: number;
  final: boolean;
}

/** Subjects whose windows end on the same day (the EDF demand-bound test's groups). */
interface DeadlineGroup {
  /** The window end they share, as a day offset. */
  end: number;
  subjects: number[];
}

/** Everything the planner derives before placing sessions; exported for the metrics. */
export interface PlanModel {
  p0: number;
  days: number;
  /** The period's whole calendar weeks (the study week's), where a rule counts a week's hours. */
  weeks: CalendarWeeks;
  /** The seven weekday templates (0 = Monday). */
  templates: DayTemplate[];
  /**
   * Each day's template (day offset): its weekday's, or its own on a day whose busy time takes
   * some of its half-hours (busy.ts).
   */
  byDay: DayTemplate[];
  /** Capacity of each day of the period, in hours (busy time taken out). */
  capacity: number[];
  /** Exclusive end of each subject's window, as a day offset from the period start. */
  windowEnd: number[];
  /** The exam lies inside the plan (after the start, at most the day after the end). */
  examInPlan: boolean[];
  /** Minimum hours each subject needs (see subjectNeeds). */
  needs: number[];
  /** Hours of each need the EDF demand-bound test can deliver. */
  deliverable: number[];
  /** Fair share of capacity of each subject, weighted by need. */
  fairShare: number[];
  /** Planned hours before rounding to sessions: need plus buffer, under the weekly cap. */
  targets: number[];
  /** Most of a 7-day window's capacity the plan books unless the needs force more. */
  maxLoad: number;
  /** The needs alone pass the cap somewhere (EDF test against maxLoad x capacity). */
  needsOverCap: boolean;
}

/**
 * Largest share of a week's capacity that whole places can fill without going over the weekly
 * cap `limitShare` (a subset sum over the week's place lengths). With few, long places it is
 * well under the cap (two 2-h places of 4 h make 50% or 100%), and a target above it could never
 * be met without passing the cap.
 */
export function weeklyLoadShare(templates: DayTemplate[], limitShare: number): number {
  let cap = 0;
  const lens: number[] = [];
  for (const t of templates) for (const p of t.places) lens.push(p.len);
  for (const l of lens) cap += l;
  if (cap === 0) return 1;
  const limit = Math.floor(limitShare * cap + EPS);
  const can = new Uint8Array(limit + 1);
  can[0] = 1;
  for (const l of lens) for (let x = limit; x >= l; x--) if (can[x - l]) can[x] = 1;
  let best = limit;
  while (best > 0 && !can[best]) best--;
  return best / cap;
}

/** Builds the model: capacity per day, windows, needs, EDF feasibility and targets. */
export function planModel(input: PlannerInput): PlanModel {
  const wishes = parseWishes(input.preferences.extraWishes ?? '');
  const templates = dayTemplates(input, wishes);
  const p0 = dayNumber(input.period.start);
  const p1 = dayNumber(input.period.end);
  const days = Number.isNaN(p0) || Number.isNaN(p1) || p1 < p0 ? 0 : p1 - p0 + 1;
  const byDay = templatesByDay(input, wishes, templates, p0, days);
  const capacity = byDay.map((t) => t.capacity);
  const S = input.subjects.length;
  const windowEnd: number[] = [];
  const examInPlan: boolean[] = [];
  for (const s of input.subjects) {
    const D = s.deadline ? dayNumber(s.deadline) : Number.NaN;
    if (Number.isNaN(D) || days === 0) {
      windowEnd.push(days);
      examInPlan.push(false);
    } else {
      windowEnd.push(Math.max(0, Math.min(days, D - p0)));
      examInPlan.push(D > p0 && D <= p1 + 1);
    }
  }
  const needs = subjectNeeds(input, examInPlan);
  const maxLoad = loadCap(input);
  // What the targets may fill: the cap, or less when whole places cannot fill that share.
  const loadShare = weeklyLoadShare(templates, maxLoad);
  const prefix = [0];
  for (let d = 0; d < days; d++) prefix.push(num(prefix, d) + num(capacity, d));
  // Fair share: each day's capacity split among the subjects still before their exam, by need.
  const fairShare = new Array<number>(S).fill(0);
  const order = [...Array(S).keys()].sort((a, b) => num(windowEnd, a) - num(windowEnd, b) || a - b);
  let activeWeight = 0;
  for (let k = 0; k < S; k++) if (num(windowEnd, k) > 0) activeWeight += num(needs, k);
  let from = 0;
  for (const k of order) {
    const end = num(windowEnd, k);
    if (end <= 0) continue;
    const seg = num(prefix, end) - num(prefix, from);
    if (seg > 0 && activeWeight > EPS)
      for (const j of order)
        if (num(windowEnd, j) > from && num(windowEnd, j) >= end)
          fairShare[j] = num(fairShare, j) + (seg * num(needs, j)) / activeWeight;
    from = Math.max(from, end);
    activeWeight -= num(needs, k);
  }
  // EDF demand-bound test on the needs; a short group shares what is left in proportion.
  const deliverable = new Array<number>(S).fill(0);
  // Each group keeps its end, so the passes below need not look it up through a member.
  const groups: DeadlineGroup[] = [];
  let used = 0;
  for (let i = 0; i < order.length; ) {
    const end = num(windowEnd, num(order, i));
    let j = i;
    while (j < order.length && num(windowEnd, num(order, j)) === end) j++;
    const group = order.slice(i, j);
    i = j;
    if (end <= 0) continue;
    groups.push({ end, subjects: group });
    const avail = Math.max(0, num(prefix, end) - used);
    const sumR = group.reduce((s, k) => s + num(needs, k), 0);
    const scale = sumR > avail + EPS ? avail / sumR : 1;
    for (const k of group) deliverable[k] = num(needs, k) * scale;
    used += sumR * scale;
  }
  // Wanted hours cut, deadline group by deadline group, to `share` of what the days before each
  // deadline hold once the earlier groups have theirs (never below the deliverable need).
  const fitToCap = (want: readonly number[], out: number[], share: number) => {
    out.fill(0);
    let usedT = 0;
    for (const { end, subjects } of groups) {
      const availT = Math.max(0, share * num(prefix, end) - usedT);
      let sumT = 0;
      let slack = 0;
      for (const k of subjects) {
        out[k] = num(want, k);
        sumT += num(want, k);
        slack += num(want, k) - num(deliverable, k);
      }
      if (sumT > availT + EPS) {
        const cut = Math.min(1, (sumT - availT) / Math.max(slack, EPS));
        for (const k of subjects) out[k] = num(out, k) - cut * (num(out, k) - num(deliverable, k));
      }
      for (const k of subjects) usedT += num(out, k);
    }
    return out;
  };
  // Targets (docs/planner.md, Workload): the need plus the buffer, cut deadline group by deadline
  // group to the weekly cap's share of the days before each deadline (never below the
  // deliverable need). The rest of the free time stays free.
  const want = needs.map((n) => n * (1 + WORKLOAD.buffer));
  const targets = fitToCap(want, new Array<number>(S).fill(0), loadShare);
  // The needs alone do not fit under the cap (EDF test on the needs against the cap's share of
  // the capacity): then the pace books the needs past it, evenly, instead of the guard late.
  let needsOverCap = false;
  let dueN = 0;
  for (const { end, subjects } of groups) {
    for (const k of subjects) dueN += num(deliverable, k);
    if (dueN > loadShare * num(prefix, end) + EPS) needsOverCap = true;
  }
  return {
    p0,
    days,
    weeks: calendarWeeks(p0, days, input.weekStart),
    templates,
    byDay,
    capacity,
    windowEnd,
    examInPlan,
    needs,
    deliverable,
    fairShare,
    targets,
    maxLoad,
    needsOverCap,
  };
}

/**
 * Weights that make the subjects' shares of each day's capacity add up to their targets: a
 * subject's share of day d is its weight over the weights of the subjects still studying that
 * day, and the weights are scaled in turn until each subject's shares sum to its target
 * (iterative proportional fitting, from the needs). A subject with more to do before an early
 * exam then takes more of those days and the others less, instead of all of them being paced as
 * if the days were theirs too and then colliding.
 */
export function paceWeights(
  freeCap: Float64Array,
  paceEnd: Int32Array,
  paceTarget: Float64Array,
  needs: readonly number[],
): number[] {
  const S = paceEnd.length;
  const ends = [...new Set(Array.from(paceEnd).filter((e) => e > 0))].sort((a, b) => a - b);
  const segCap: number[] = [];
  let from = 0;
  for (const e of ends) {
    let c = 0;
    for (let d = from; d < e; d++) c += f64(freeCap, d);
    segCap.push(c);
    from = e;
  }
  const w = Array.from(needs, (n, k) => (i32(paceEnd, k) > 0 ? Math.max(n, EPS) : 0));
  const totalT = Array.from(paceTarget).reduce((a, t) => a + Math.max(0, t), 0);
  const totalC = segCap.reduce((a, c) => a + c, 0);
  if (totalT <= EPS || totalC <= EPS) return w;
  // Every subject gets the same share u of what the weights give it; u spreads the buffer evenly.
  const u = Math.min(1, totalT / totalC);
  const got = new Array<number>(S).fill(0);
  for (let round = 0; round < 40; round++) {
    got.fill(0);
    for (let g = 0; g < ends.length; g++) {
      const e = num(ends, g);
      let a = 0;
      for (let k = 0; k < S; k++) if (i32(paceEnd, k) >= e) a += num(w, k);
      if (a <= EPS) continue;
      for (let k = 0; k < S; k++)
        if (i32(paceEnd, k) >= e) got[k] = num(got, k) + (u * num(segCap, g) * num(w, k)) / a;
    }
    let worst = 0;
    for (let k = 0; k < S; k++) {
      const t = Math.max(0, f64(paceTarget, k));
      const x = num(got, k);
      if (x <= EPS || t <= EPS) continue;
      worst = Math.max(worst, Math.abs(x / t - 1));
      // Bounded steps keep an impossible target (more than its window holds) from starving all.
      w[k] = num(w, k) * Math.min(4, Math.max(0.25, t / x));
    }
    if (worst < 0.01) break;
  }
  return w;
}
