/**
 * What the planner derives before placing anything: capacity per day, subject windows, needs,
 * the EDF demand-bound test, fair shares and targets (need hard, the rest soft, cut max-min
 * fairly to the buffer), and the pace weights fitted to those targets. Pure, no I/O.
 */
import { dayNumber, weekdayOf } from './dates.js';
import {
  type DayTemplate,
  dayTemplates,
  PLANNABLE_SHARE,
  subjectNeeds,
  WEEK_LOAD_LIMIT,
} from './model.js';
import type { PlannerInput } from './types.js';
import { parseWishes } from './wishes.js';

const EPS = 1e-9;

/**
 * Most of the capacity a plan may take to keep every subject at the M3 fairness floor when needs
 * take nearly all of it (the plan then warns about weeks over 90%).
 */
const FLOOR_LOAD_LIMIT = 0.96;

/** A placed session before topics: day offset, start and length in half-hours. */
export interface RawBlock {
  day: number;
  start: number;
  len: number;
  subject: number;
  final: boolean;
}

/** Everything the planner derives before placing sessions; exported for the metrics. */
export interface PlanModel {
  p0: number;
  days: number;
  templates: DayTemplate[];
  /** Capacity of each day of the period, in hours. */
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
  /** Planned hours before rounding to sessions. */
  targets: number[];
}

/**
 * Largest share of a week's capacity that whole places can fill without going over the 90% load
 * limit (a subset sum over the week's place lengths). With few, long places it is well under
 * 90% (two 2-h places of 4 h make 50% or 100%), and a target above it could never be met.
 */
function weeklyLoadShare(templates: DayTemplate[]): number {
  let cap = 0;
  const lens: number[] = [];
  for (const t of templates) for (const p of t.places) lens.push(p.len);
  for (const l of lens) cap += l;
  if (cap === 0) return 1;
  const limit = Math.floor(WEEK_LOAD_LIMIT * cap + EPS);
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
  const capacity: number[] = [];
  for (let d = 0; d < days; d++)
    capacity.push((templates[weekdayOf(p0 + d)] as DayTemplate).capacity);
  const S = input.subjects.length;
  const L = input.preferences.sessionLength;
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
  const prefix = [0];
  for (let d = 0; d < days; d++) prefix.push((prefix[d] as number) + (capacity[d] as number));
  // Fair share: each day's capacity split among the subjects still before their exam, by need.
  const fairShare = new Array<number>(S).fill(0);
  const order = [...Array(S).keys()].sort(
    (a, b) => (windowEnd[a] as number) - (windowEnd[b] as number) || a - b,
  );
  let activeWeight = 0;
  for (let k = 0; k < S; k++) if ((windowEnd[k] as number) > 0) activeWeight += needs[k] as number;
  let from = 0;
  for (const k of order) {
    const end = windowEnd[k] as number;
    if (end <= 0) continue;
    const seg = (prefix[end] as number) - (prefix[from] as number);
    if (seg > 0 && activeWeight > EPS)
      for (const j of order)
        if ((windowEnd[j] as number) > from && (windowEnd[j] as number) >= end)
          fairShare[j] = (fairShare[j] as number) + (seg * (needs[j] as number)) / activeWeight;
    from = Math.max(from, end);
    activeWeight -= needs[k] as number;
  }
  // EDF demand-bound test on the needs; a short group shares what is left in proportion.
  const deliverable = new Array<number>(S).fill(0);
  const groups: number[][] = [];
  let used = 0;
  for (let i = 0; i < order.length; ) {
    const end = windowEnd[order[i] as number] as number;
    let j = i;
    while (j < order.length && windowEnd[order[j] as number] === end) j++;
    const group = order.slice(i, j);
    i = j;
    if (end <= 0) continue;
    groups.push(group);
    const avail = Math.max(0, (prefix[end] as number) - used);
    const sumR = group.reduce((s, k) => s + (needs[k] as number), 0);
    const scale = sumR > avail + EPS ? avail / sumR : 1;
    for (const k of group) deliverable[k] = (needs[k] as number) * scale;
    used += sumR * scale;
  }
  // Wanted hours cut, deadline group by deadline group, to what the days before each deadline
  // hold once the earlier groups have theirs (never below the deliverable need).
  const fit = (want: ArrayLike<number>, out: number[]) => {
    out.fill(0);
    let usedT = 0;
    for (const group of groups) {
      const end = windowEnd[group[0] as number] as number;
      const availT = Math.max(0, (prefix[end] as number) - usedT);
      let sumT = 0;
      let slack = 0;
      for (const k of group) {
        out[k] = want[k] as number;
        sumT += want[k] as number;
        slack += (want[k] as number) - (deliverable[k] as number);
      }
      if (sumT > availT + EPS) {
        const cut = Math.min(1, (sumT - availT) / Math.max(slack, EPS));
        for (const k of group)
          out[k] = (out[k] as number) - cut * ((out[k] as number) - (deliverable[k] as number));
      }
      for (const k of group) usedT += out[k] as number;
    }
    return out;
  };
  const raw = fairShare.map((F, k) => Math.max(deliverable[k] as number, PLANNABLE_SHARE * F));
  const targets = fit(raw, new Array<number>(S).fill(0));
  // Subjects whose need exceeds their buffered fair share take capacity from the others. Keep
  // the whole plan within the buffer (85% of capacity, less when a week's places cannot fill
  // that) by cutting the others max-min fairly: each gets the same share of its fair share,
  // never less than its need, so no week runs at full capacity and nobody is starved (M3, M7).
  const horizon = Math.max(0, ...windowEnd);
  const budget =
    Math.min(PLANNABLE_SHARE, weeklyLoadShare(templates)) * (prefix[horizon] as number);
  const want = new Array<number>(S).fill(0);
  const got = new Array<number>(S).fill(0);
  /** Targets at a level (share of the fair share), each lifted to at least `lift(k)`. */
  const atLevel = (level: number, lift: (k: number) => number) => {
    for (let k = 0; k < S; k++)
      want[k] = Math.min(
        raw[k] as number,
        Math.max(deliverable[k] as number, level * (fairShare[k] as number), lift(k)),
      );
    return fit(want, got);
  };
  const none = (_k: number) => 0;
  const planned = (level: number, lift = none) => atLevel(level, lift).reduce((a, b) => a + b, 0);
  const level = (cap: number) => {
    let lo = 0;
    let hi = 1;
    for (let round = 0; round < 40; round++) {
      const mid = (lo + hi) / 2;
      if (planned(mid) > cap) hi = mid;
      else lo = mid;
    }
    return lo;
  };
  if (planned(1) > budget + EPS) {
    let lo = level(budget);
    // Needs that take nearly all of the buffered capacity would leave the other subjects under
    // 80% of their buffered fair share (starved, M3): let the plan use up to the 90% load limit
    // then (the plan warns about weeks over 90%).
    const floor = 0.8 * PLANNABLE_SHARE;
    if (lo < floor) lo = level(Math.max(budget, WEEK_LOAD_LIMIT * (prefix[horizon] as number)));
    // Still under the floor: lift each subject to it, less the half session rounding to whole
    // sessions may add, if the plan then stays within FLOOR_LOAD_LIMIT of capacity.
    const lift = (k: number) => Math.max(0, floor * (fairShare[k] as number) - L / 2);
    const liftOk =
      lo < floor && planned(lo, lift) <= FLOOR_LOAD_LIMIT * (prefix[horizon] as number) + EPS;
    atLevel(lo, liftOk ? lift : none);
    for (let k = 0; k < S; k++) targets[k] = got[k] as number;
  }
  return {
    p0,
    days,
    templates,
    capacity,
    windowEnd,
    examInPlan,
    needs,
    deliverable,
    fairShare,
    targets,
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
  freeCap: ArrayLike<number>,
  paceEnd: ArrayLike<number>,
  paceTarget: ArrayLike<number>,
  needs: ArrayLike<number>,
): number[] {
  const S = paceEnd.length;
  const ends = [...new Set(Array.from(paceEnd).filter((e) => e > 0))].sort((a, b) => a - b);
  const segCap: number[] = [];
  let from = 0;
  for (const e of ends) {
    let c = 0;
    for (let d = from; d < e; d++) c += freeCap[d] as number;
    segCap.push(c);
    from = e;
  }
  const w = Array.from(needs, (n, k) => ((paceEnd[k] as number) > 0 ? Math.max(n, EPS) : 0));
  const totalT = Array.from(paceTarget).reduce((a, t) => a + Math.max(0, t), 0);
  const totalC = segCap.reduce((a, c) => a + c, 0);
  if (totalT <= EPS || totalC <= EPS) return w;
  // Every subject gets the same share u of what the weights give it; u spreads the buffer evenly.
  const u = Math.min(1, totalT / totalC);
  const got = new Array<number>(S).fill(0);
  for (let round = 0; round < 40; round++) {
    got.fill(0);
    for (let g = 0; g < ends.length; g++) {
      const e = ends[g] as number;
      let a = 0;
      for (let k = 0; k < S; k++) if ((paceEnd[k] as number) >= e) a += w[k] as number;
      if (a <= EPS) continue;
      for (let k = 0; k < S; k++)
        if ((paceEnd[k] as number) >= e)
          got[k] = (got[k] as number) + (u * (segCap[g] as number) * (w[k] as number)) / a;
    }
    let worst = 0;
    for (let k = 0; k < S; k++) {
      const t = Math.max(0, paceTarget[k] as number);
      const x = got[k] as number;
      if (x <= EPS || t <= EPS) continue;
      worst = Math.max(worst, Math.abs(x / t - 1));
      // Bounded steps keep an impossible target (more than its window holds) from starving all.
      w[k] = (w[k] as number) * Math.min(4, Math.max(0.25, t / x));
    }
    if (worst < 0.01) break;
  }
  return w;
}
