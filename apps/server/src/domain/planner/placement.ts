/**
 * Placing sessions day by day (docs/planner.md, Stages): final reviews reserved 1-3 days before
 * each exam, pace curves fitted to the targets, the EDF guard on the needs (real deadlines, then
 * the anti-cramming ones), the subject longest overdue on its pace, then the repair and top-up
 * passes of repair.ts and the order within each day. Pure, no I/O.
 */

import { dayNumber, weekdayOf } from './dates.js';
import { evenLoad } from './even-load.js';
import { balanceHalves, frontShift } from './front-shift.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate, type Place } from './model.js';
import { type PlanModel, paceWeights, type RawBlock } from './plan-model.js';
import {
  balanceTotal,
  interleavable,
  rebalanceNeeds,
  repairCramming,
  repairGaps,
  repairRuns,
  topUp,
} from './repair.js';
import type { PlannerInput } from './types.js';
import { repairWeekCap, WeekCap } from './week-cap.js';

const EPS = 1e-9;
/** A subject's pace never asks for more than this multiple of its mean share of a day. */
const PACE_CLIP = 1.5;
/** Most a subject can be owed, in sessions; beyond it the pace is spread over the days left. */
const CREDIT_CAP = 1.5;
/** Most a day's booking may exceed the pace's expected share of it (docs/planner.md, Workload). */
const DAY_LIMIT = 1.3;
/** Share of the last-week allowance (twice the mean week, M8) kept free for rounding. */
const LAST_WEEK_MARGIN = 0.1;

/** Places sessions day by day; returns raw blocks in day order. */
export function placeSessions(input: PlannerInput, m: PlanModel): RawBlock[] {
  const L = input.preferences.sessionLength;
  const frontLoad = input.preferences.frontLoad;
  const S = input.subjects.length;
  const { days, p0, templates } = m;
  // Typed copies: plain arrays switch element kinds (integers, then fractions) between plans,
  // which makes V8 throw away the optimised code of this function (and of the passes it calls)
  // again and again. Every array of numbers from the model is copied, and none is passed on.
  const capacity = Float64Array.from(m.capacity);
  const windowEnd = Int32Array.from(m.windowEnd);
  const targets = Float64Array.from(m.targets);
  const needs = Float64Array.from(m.needs);
  const deliverable = Float64Array.from(m.deliverable);
  const tplOf = (d: number) => templates[weekdayOf(p0 + d)] as DayTemplate;
  const { owners, finalDay, finalHours, finalLen, finalMarked, byExam } = reserveFinalReviews(
    input,
    m,
    tplOf,
    windowEnd,
    targets,
  );
  const paceEnd = Int32Array.from(windowEnd, (e, k) =>
    (finalDay[k] as number) >= 0 ? (finalDay[k] as number) + 1 : e,
  );
  const paceTarget = Float64Array.from(targets, (t, k) =>
    Math.max(0, t - (finalHours[k] as number)),
  );
  // Free capacity per day after the reservations, and its suffix sums for the EDF guard.
  const freeCap = capacity.slice();
  for (let k = 0; k < S; k++)
    if ((finalDay[k] as number) >= 0)
      freeCap[finalDay[k] as number] =
        (freeCap[finalDay[k] as number] as number) - (finalHours[k] as number);
  // When the needs fit under the weekly cap, the guard counts only the cap's share of the days
  // ahead (docs/planner.md, Workload): work that would later have to pass the cap is due now.
  const guardShare = m.needsOverCap ? 1 : m.maxLoad;
  const suffixFree = new Float64Array(days + 1);
  for (let d = days - 1; d >= 0; d--)
    suffixFree[d] = (suffixFree[d + 1] as number) + guardShare * (freeCap[d] as number);
  /** Each subject's reference share of hours in the first half of its window (M10). */
  const refFirst = new Float64Array(S).fill(Number.NaN);
  const pace = paceCurves(
    m,
    frontLoad,
    freeCap,
    paceEnd,
    paceTarget,
    targets,
    needs,
    windowEnd,
    finalHours,
    refFirst,
  );
  // The weekly cap (docs/planner.md, Workload): only the EDF guard (the needs) may pass it.
  const weekCap = new WeekCap(capacity, m.maxLoad);
  for (let k = 0; k < S; k++)
    if ((finalDay[k] as number) >= 0) weekCap.add(finalDay[k] as number, finalHours[k] as number);
  const placed = new Float64Array(S);
  const cram = new Float64Array(S);
  // Hours in the last 7 days before the exam, and their cap: twice the mean week (M8), or the one
  // session of the final review. Computed on the need (the part of the target that is sure to be
  // placed), so the guard's virtual deadlines hold whatever the soft rest of the target becomes.
  const week7 = new Float64Array(S);
  const week7Cap = Float64Array.from(m.deliverable, (t, k) =>
    m.examInPlan[k] && (windowEnd[k] as number) >= CRAM_MIN_WINDOW
      ? Math.max((2 * 7 * t) / (windowEnd[k] as number), L)
      : Number.POSITIVE_INFINITY,
  );
  const cramCap = Float64Array.from(m.deliverable, (t, k) =>
    m.examInPlan[k] && (windowEnd[k] as number) >= CRAM_MIN_WINDOW
      ? Math.max(0.25 * t, 2 * L)
      : Number.POSITIVE_INFINITY,
  );
  for (let k = 0; k < S; k++) {
    const fd = finalDay[k] as number;
    if (fd >= 0 && fd >= (windowEnd[k] as number) - CRAM_DAYS) cram[k] = finalHours[k] as number;
    if (fd >= 0 && fd >= (windowEnd[k] as number) - 7) week7[k] = finalHours[k] as number;
  }
  const dayLimit = dayLimits(pace, paceTarget, paceEnd, finalDay, finalHours, capacity, L);
  const edf = byExam.filter((k) => (paceEnd[k] as number) > 0);
  const today = new Int32Array(S);
  const lastDay = new Int32Array(S).fill(-1);
  /** Mean hours a day of each subject's pace. */
  const rate = paceTarget.map((t, k) => Math.max(t, L) / Math.max(1, paceEnd[k] as number));
  /** Hours each subject is owed by its pace curve and not yet given (negative when ahead). */
  const credit = new Float64Array(S);
  const mand = new Float64Array(S);
  const mandEnd = new Int32Array(S);
  const pieceK = new Int32Array(3 * S);
  const pieceEnd = new Int32Array(3 * S);
  const pieceAmt = new Float64Array(3 * S);
  const pieceMand = new Float64Array(3 * S);
  const pieceIdx = new Int32Array(3 * S);

  let d = 0;
  let tpl = tplOf(0);
  let own: Int16Array = new Int16Array(0);
  let next = 0;
  const rem = (k: number) => (paceTarget[k] as number) - (placed[k] as number);
  const nextFree = (): number => {
    while (next < tpl.order.length && (own[tpl.order[next] as number] as number) !== -1) next++;
    return next < tpl.order.length ? (tpl.order[next] as number) : -1;
  };
  const give = (k: number, place: number) => {
    own[place] = k;
    lastDay[k] = d;
    const h = (tpl.places[place]?.len ?? 0) / 2;
    today[k] = (today[k] ?? 0) + 1;
    placed[k] = (placed[k] as number) + h;
    weekCap.add(d, h);
    credit[k] = (credit[k] as number) - h;
    if (d >= (windowEnd[k] as number) - CRAM_DAYS) cram[k] = (cram[k] as number) + h;
    if (d >= (windowEnd[k] as number) - 7) week7[k] = (week7[k] as number) + h;
  };
  /**
   * Anti-cramming (M8) on what the subject has so far: one more session in its last 3 days keeps
   * them at most a quarter of its hours (or 2 sessions), in its last week at most twice its mean
   * week (or the one session of the final review). Later sessions there only raise those shares.
   */
  const endOk = (k: number, h: number): boolean => {
    const W = windowEnd[k] as number;
    if (!m.examInPlan[k] || W < CRAM_MIN_WINDOW || d < W - 7) return true;
    const total = (placed[k] as number) + (finalHours[k] as number) + h;
    if ((week7[k] as number) + h > Math.max((14 * total) / W, L) + EPS) return false;
    if (d < W - CRAM_DAYS) return true;
    return (cram[k] as number) + h <= Math.max(0.25 * total, 2 * L) + EPS;
  };
  /** Stage 6 (docs/planner.md, The pace): every subject earns its credit for day d. */
  const earnCredit = () => {
    for (let k = 0; k < S; k++) {
      if (d >= (paceEnd[k] as number)) continue;
      const cum = pace[k] as Float64Array;
      const before = d > 0 ? (cum[d - 1] as number) : 0;
      const left = 1 - before;
      if (left <= EPS) continue;
      const pending = Math.max(0, rem(k) - (credit[k] as number));
      const inc = (pending * ((cum[d] as number) - before)) / left;
      // Owed work beyond one and a half sessions (over today's share) is spread again over the
      // days left, so a subject held back catches up gradually.
      credit[k] = Math.min((credit[k] as number) + inc, inc + CREDIT_CAP * L);
    }
  };
  // Mandatory: what must happen today for every exam's demand to fit in the days left. Each
  // subject's remaining hours are split into pieces with virtual deadlines: what its last week
  // (twice the mean week, M8) and its last 3 days cannot hold must be done before them, so the
  // guard spreads that work out instead of leaving it for the days before the exam.
  // First with the real deadlines only (what EDF needs to deliver every need), then with the
  // virtual ones too, on the places left: moving a subject's own work earlier never takes a
  // place another exam needed, since the first pass already secured those.
  const placeMandatory = (virtual: boolean) => {
    mand.fill(0);
    let np = 0;
    for (const k of edf) {
      const pe = paceEnd[k] as number;
      if (pe <= d) continue;
      // Only the need is hard; the rest of the target (a share of spare time) is paced softly.
      const r = Math.max(
        0,
        (deliverable[k] as number) - (finalHours[k] as number) - (placed[k] as number),
      );
      if (r <= EPS) continue;
      const W = windowEnd[k] as number;
      let done = 0;
      const s7 = W - 7;
      if (virtual && Number.isFinite(week7Cap[k] as number) && s7 > d && s7 < pe) {
        // What the last week can still hold, in whole sessions (a forced place is a whole one).
        const room7 = (week7Cap[k] as number) - (week7[k] as number);
        const a7 = Math.max(0, r - L * Math.floor(Math.max(0, room7) / L + EPS));
        if (a7 > EPS) {
          pieceK[np] = k;
          pieceEnd[np] = s7;
          pieceAmt[np++] = a7;
          done = a7;
        }
      }
      const s3 = W - CRAM_DAYS;
      if (virtual && Number.isFinite(cramCap[k] as number) && s3 > d && s3 < pe) {
        const room3 = (cramCap[k] as number) - (cram[k] as number);
        const a3 = Math.max(0, r - L * Math.floor(Math.max(0, room3) / L + EPS));
        if (a3 > done + EPS) {
          pieceK[np] = k;
          pieceEnd[np] = s3;
          pieceAmt[np++] = a3 - done;
          done = a3;
        }
      }
      if (r > done + EPS) {
        pieceK[np] = k;
        // The virtual pass, while the needs fit under the cap: the need is due before the final
        // review's day, so that day holds the final review alone (M7's daily shape) unless the
        // days before cannot hold the need.
        pieceEnd[np] =
          virtual && !m.needsOverCap && (finalDay[k] as number) > d ? (finalDay[k] as number) : pe;
        pieceAmt[np++] = r - done;
      }
    }
    for (let x = 0; x < np; x++) pieceIdx[x] = x;
    const idx = pieceIdx; // the first np entries
    // Insertion sort by end (a few dozen pieces; no comparator closure per day).
    for (let a = 1; a < np; a++) {
      const x = idx[a] as number;
      let b = a - 1;
      while (b >= 0 && (pieceEnd[idx[b] as number] as number) > (pieceEnd[x] as number)) {
        idx[b + 1] = idx[b] as number;
        b--;
      }
      idx[b + 1] = x;
    }
    let prefixDemand = 0;
    let assigned = 0;
    for (let i = 0; i < np; ) {
      const end = pieceEnd[idx[i] as number] as number;
      let j = i;
      while (j < np && pieceEnd[idx[j] as number] === end) j++;
      for (let g = i; g < j; g++) {
        prefixDemand += pieceAmt[idx[g] as number] as number;
        pieceMand[idx[g] as number] = 0;
      }
      const future = (suffixFree[d + 1] as number) - (suffixFree[Math.max(end, d + 1)] as number);
      let need = prefixDemand - future - assigned;
      // Earliest end first; pieces ending together share the hours a session at a time, the one
      // with most left first, so subjects due together alternate instead of going one by one.
      while (need > EPS) {
        let x = -1;
        let xLeft = 0;
        for (let g = 0; g < j; g++) {
          const y = idx[g] as number;
          const left = (pieceAmt[y] as number) - (pieceMand[y] as number);
          if (left <= EPS) continue;
          if (x >= 0 && (pieceEnd[y] as number) > (pieceEnd[x] as number)) break;
          if (x < 0 || left > xLeft + EPS) {
            x = y;
            xLeft = left;
          }
        }
        if (x < 0) break;
        const add = Math.min(need, xLeft, L);
        pieceMand[x] = (pieceMand[x] as number) + add;
        const k = pieceK[x] as number;
        if ((mand[k] as number) <= EPS) mandEnd[k] = pieceEnd[x] as number;
        mand[k] = (mand[k] as number) + add;
        need -= add;
        assigned += add;
      }
      i = j;
    }
    next = 0;
    // Earliest mandatory end first; subjects due together alternate (fewest sessions today).
    for (;;) {
      let k = -1;
      for (const j of edf) {
        if ((mand[j] as number) <= EPS) continue;
        if (
          k < 0 ||
          (mandEnd[j] as number) < (mandEnd[k] as number) ||
          ((mandEnd[j] as number) === (mandEnd[k] as number) &&
            ((today[j] as number) < (today[k] as number) ||
              ((today[j] as number) === (today[k] as number) &&
                (mand[j] as number) > (mand[k] as number) + EPS)))
        )
          k = j;
      }
      if (k < 0) break;
      const p = nextFree();
      if (p < 0) break;
      give(k, p);
      mand[k] = (mand[k] as number) - (tpl.places[p]?.len ?? 0) / 2;
    }
  };
  // Pace: each subject earns credit every day, its remaining target (less what it is already
  // owed) spread over its pace curve from today on; a place goes to the subject owed most,
  // once it is owed at least half a session. Re-spreading from today means a subject held back
  // (by exams before it) catches up over the rest of its window instead of in one burst, so
  // subjects stay interleaved and evenly spaced. A second session the same day only when a
  // subject is still owed a whole session after its first.
  const placePace = () => {
    for (;;) {
      const p = nextFree();
      if (p < 0) break;
      const h = (tpl.places[p]?.len ?? 0) / 2;
      // The pace books a day up to its limit, and only what the weekly cap leaves
      // (docs/planner.md, Workload); when the needs alone pass the cap, a subject still short of
      // its need may pass the cap too.
      let dayHours = 0;
      for (let i = 0; i < own.length; i++)
        if ((own[i] as number) >= 0) dayHours += (tpl.places[i]?.len ?? 0) / 2;
      if (dayHours > EPS && dayHours + h > (dayLimit[d] as number) + EPS) break;
      const capFull = !weekCap.fits(d, h);
      if (capFull && !m.needsOverCap) break;
      // The day so far, for the no-three-in-a-row rule (kept as counts: this is the hot loop).
      let dayTotal = 0;
      let dayMost = 0;
      let dayDistinct = 0;
      for (let j = 0; j < S; j++) {
        const c = today[j] as number;
        dayTotal += c;
        if (c > dayMost) dayMost = c;
        if (c > 0) dayDistinct++;
      }
      let best = -1;
      let bestC = 0;
      for (let k = 0; k < S; k++) {
        if (d >= (paceEnd[k] as number)) continue;
        const r = rem(k);
        // Round to the nearest session: no place that would overshoot the target by half.
        if (
          r < 0.5 * h - EPS &&
          (placed[k] as number) + (finalHours[k] as number) >= (needs[k] as number) - EPS
        )
          continue;
        if (r < EPS) continue;
        if (
          capFull &&
          (placed[k] as number) + (finalHours[k] as number) >= (deliverable[k] as number) - EPS
        )
          continue;
        if (!endOk(k, h)) continue;
        const most = Math.max(dayMost, (today[k] as number) + 1);
        const distinct = dayDistinct + ((today[k] as number) === 0 ? 1 : 0);
        if (!interleavable(dayTotal + 1, most, distinct)) continue;
        const c = credit[k] as number;
        // Credit needed to take the place: half a session; a whole one for a slow subject's first
        // session (its start is then not a lone session squeezed in before a busy stretch, M4);
        // three quarters for a second session the same day (small days are not left empty while
        // big ones fill up, M7); a quarter after 6 days without one, and such a subject goes
        // first (nobody waits more than a week once started, M4).
        const weekGap =
          (lastDay[k] as number) >= 0 &&
          (today[k] as number) === 0 &&
          d - (lastDay[k] as number) >= 6;
        const first =
          (lastDay[k] as number) < 0 && (rate[k] as number) < 0.5 * L ? 1 : today[k] ? 0.75 : 0.5;
        if (c < (weekGap ? 0.25 : first) * h - EPS) continue;
        // Longest overdue first: hours owed over the subject's mean daily rate is how many days
        // ago it became due, so a slow subject is not starved by fast ones that are always owed
        // more hours. A second session today only after everyone else's first.
        const score =
          (c - 0.5 * h) / (rate[k] as number) - (today[k] ? 1e6 : 0) + (weekGap ? 1e5 : 0);
        if (
          best < 0 ||
          score > bestC + EPS ||
          (score > bestC - EPS && (windowEnd[k] as number) < (windowEnd[best] as number))
        ) {
          best = k;
          bestC = score;
        }
      }
      if (best < 0) break;
      give(best, p);
    }
  };
  for (d = 0; d < days; d++) {
    tpl = tplOf(d);
    own = owners[d] as Int16Array;
    today.fill(0);
    for (let i = 0; i < own.length; i++)
      if ((own[i] as number) >= 0) today[own[i] as number] = (today[own[i] as number] ?? 0) + 1;
    earnCredit();
    // Stage 5 (docs/planner.md, The EDF guard): the real deadlines, then the virtual ones.
    placeMandatory(false);
    placeMandatory(true);
    placePace();
  }
  repairPasses({
    m,
    L,
    frontLoad,
    tplOf,
    owners,
    capacity,
    windowEnd,
    targets,
    needs,
    deliverable,
    finalDay,
    finalHours,
    finalLen,
    byExam,
    paceTarget,
    pace,
    refFirst,
    placed,
    weekCap,
  });
  return orderWithinDays(tplOf, owners, finalDay, finalLen, finalMarked);
}

/**
 * Stage 3 (docs/planner.md, Final-review reservation): every subject with its exam in the plan
 * and a target reserves one place for its final review, in exam order.
 */
function reserveFinalReviews(
  input: PlannerInput,
  m: PlanModel,
  tplOf: (d: number) => DayTemplate,
  windowEnd: Int32Array,
  targets: Float64Array,
) {
  const S = input.subjects.length;
  const { days, p0 } = m;
  // Reserve the final review: the latest day with a free place 1-3 days before the exam,
  // else 4-6 days before; conflicts go to the earlier exam.
  const owners: Int16Array[] = [];
  for (let d = 0; d < days; d++) owners.push(new Int16Array(tplOf(d).places.length).fill(-1));
  const finalDay = new Array<number>(S).fill(-1);
  const finalHours = new Float64Array(S);
  const finalLen = new Int32Array(S);
  const finalMarked = new Uint8Array(S);
  const needsShort = m.deliverable.some(
    (x, k) => (m.windowEnd[k] as number) > 0 && x < (m.needs[k] as number) - EPS,
  );
  const byExam = [...Array(S).keys()].sort(
    (a, b) => (windowEnd[a] as number) - (windowEnd[b] as number) || a - b,
  );
  for (const k of byExam) {
    // Every subject with planned work gets its final review reserved: a subject whose target is
    // under two full sessions still ends up with two (shorter places, rounding up), and M9
    // counts sessions, not hours.
    if (!m.examInPlan[k] || (targets[k] as number) <= EPS) continue;
    const D = input.subjects[k]?.deadline
      ? dayNumber(input.subjects[k]?.deadline as string) - p0
      : 0;
    // The latest day with a free place; when the needs fit, first a day without another final
    // review, so two exams on one day do not stack their reviews on one day (M7).
    const pick = (lo: number, hi: number): boolean =>
      (!needsShort && pickOn(lo, hi, true)) || pickOn(lo, hi, false);
    const pickOn = (lo: number, hi: number, alone: boolean): boolean => {
      for (let d = Math.min(hi, days - 1); d >= Math.max(lo, 0); d--) {
        const tpl = tplOf(d);
        if (alone && (owners[d] as Int16Array).some((x) => x !== -1)) continue;
        for (const i of tpl.order)
          if ((owners[d] as Int16Array)[i] === -1) {
            (owners[d] as Int16Array)[i] = k;
            finalDay[k] = d;
            finalHours[k] = (tpl.places[i]?.len ?? 0) / 2;
            finalLen[k] = tpl.places[i]?.len ?? 0;
            return true;
          }
      }
      return false;
    };
    if (!pick(D - 3, D - 1)) pick(D - 6, D - 4);
  }
  return { owners, finalDay, finalHours, finalLen, finalMarked, byExam };
}

/**
 * Stage 4 (docs/planner.md, Pace curves): for each subject, the fraction of its pace target due
 * by the end of each day (0 to 1).
 */
function paceCurves(
  m: PlanModel,
  frontLoad: boolean,
  freeCap: Float64Array,
  paceEnd: Int32Array,
  paceTarget: Float64Array,
  targets: Float64Array,
  needs: Float64Array,
  windowEnd: Int32Array,
  finalHours: Float64Array,
  /** Out: each exam subject's reference first-half share (M10; NaN when not measured). */
  refFirst: Float64Array,
): Float64Array[] {
  const S = paceEnd.length;
  const { days } = m;
  // Pace curves: cumulative share of each subject's fair share of capacity, tilted to the first
  // half of its window when front-loading (which moves the unused buffer to the end). A subject
  // without an exam in the plan is paced in proportion to capacity (a steady weekly amount,
  // docs/planner.md, Workload); the subjects with exams share what it leaves of each day.
  // When every subject's steady pace fits under the cap on every day, every subject is paced so
  // (the plan then has room for all of them at once; M10's reference).
  const flatCap = new Float64Array(S);
  for (let k = 0; k < S; k++)
    for (let d = 0; d < (paceEnd[k] as number); d++)
      flatCap[k] = (flatCap[k] as number) + (freeCap[d] as number);
  const density = new Float64Array(days);
  for (let k = 0; k < S; k++)
    if ((flatCap[k] as number) > EPS)
      for (let d = 0; d < (paceEnd[k] as number); d++)
        density[d] = (density[d] as number) + (paceTarget[k] as number) / (flatCap[k] as number);
  let allFlat = true;
  for (let d = 0; d < days && allFlat; d++)
    if ((density[d] as number) > m.maxLoad + EPS && (freeCap[d] as number) > EPS) allFlat = false;
  // The reference pace of a subject with an exam (M10): in proportion to capacity when every
  // steady pace fits, else its need-weighted share of the days among the subjects with exams.
  for (let k = 0; k < S; k++) {
    const W = windowEnd[k] as number;
    if (!m.examInPlan[k] || W < CRAM_MIN_WINDOW) continue;
    let c1 = 0;
    let c = 0;
    for (let d = 0; d < Math.min(W, days); d++) {
      let we = 0;
      if (!allFlat)
        for (let j = 0; j < S; j++)
          if (m.examInPlan[j] && d < (windowEnd[j] as number)) we += needs[j] as number;
      const cap = m.capacity[d] as number;
      const ref = allFlat ? cap : we > EPS ? (cap * (needs[k] as number)) / we : 0;
      c += ref;
      if (2 * d < W) c1 += ref;
    }
    if (c > EPS) refFirst[k] = c1 / c;
  }
  const flat = Uint8Array.from(m.examInPlan, (e, k) =>
    (allFlat || !e) && (paceEnd[k] as number) > 0 ? 1 : 0,
  );
  const restCap = freeCap.slice();
  for (let k = 0; k < S; k++)
    if (flat[k] && (flatCap[k] as number) > EPS)
      for (let d = 0; d < (paceEnd[k] as number); d++)
        restCap[d] = Math.max(
          0,
          (restCap[d] as number) -
            ((paceTarget[k] as number) * (freeCap[d] as number)) / (flatCap[k] as number),
        );
  const examPaceEnd = Int32Array.from(paceEnd, (e, k) => (flat[k] ? 0 : e));
  const weight = paceWeights(restCap, examPaceEnd, paceTarget, m.needs);
  const activeWeight = new Float64Array(days);
  for (let j = 0; j < S; j++)
    for (let d = 0; d < Math.min(days, examPaceEnd[j] as number); d++)
      activeWeight[d] = (activeWeight[d] as number) + (weight[j] as number);
  // Need-weighted shares of each day, only for the front-load tilt.
  const needWeight = new Float64Array(frontLoad ? days : 0);
  for (let j = 0; j < S && frontLoad; j++)
    for (let d = 0; d < Math.min(days, windowEnd[j] as number); d++)
      needWeight[d] = (needWeight[d] as number) + (needs[j] as number);
  const pace: Float64Array[] = [];
  for (let k = 0; k < S; k++) {
    const end = paceEnd[k] as number;
    const cum = new Float64Array(days);
    pace.push(cum);
    if (end <= 0) continue;
    const share = new Float64Array(end);
    for (let d = 0; d < end; d++) {
      const w = activeWeight[d] as number;
      share[d] = flat[k]
        ? ((freeCap[d] as number) * (paceTarget[k] as number)) / (flatCap[k] as number)
        : w > 0
          ? ((restCap[d] as number) * (weight[k] as number)) / w
          : 0;
    }
    // A subject's share of each day grows as earlier exams pass; paced on that share alone, the
    // last weeks would hold several times the mean week (M8). Clip the share of capacity at
    // PACE_CLIP times its capacity-weighted mean (a fixed point, found in a few rounds). Only for
    // subjects with an exam: a subject without one may follow its share to the end (M10).
    let capSum = 0;
    for (let d = 0; d < end; d++) capSum += freeCap[d] as number;
    if (capSum > EPS && m.examInPlan[k] && !flat[k]) {
      let shareSum = 0;
      for (let d = 0; d < end; d++) shareSum += share[d] as number;
      let c = (PACE_CLIP * shareSum) / capSum;
      for (let round = 0; round < 6; round++) {
        let s = 0;
        for (let d = 0; d < end; d++) {
          const cd = freeCap[d] as number;
          s += Math.min(share[d] as number, c * cd);
        }
        c = (PACE_CLIP * s) / capSum;
      }
      for (let d = 0; d < end; d++)
        share[d] = Math.min(share[d] as number, c * (freeCap[d] as number));
    }
    // The last 7 days before the exam hold at most twice the mean week (M8), final review
    // included: scale the pace there down to what is left of that allowance.
    const W = windowEnd[k] as number;
    if (m.examInPlan[k] && W >= CRAM_MIN_WINDOW && (paceTarget[k] as number) > EPS) {
      const allowance =
        ((1 - LAST_WEEK_MARGIN) * 2 * 7 * (targets[k] as number)) / W - (finalHours[k] as number);
      const fLast = Math.max(0, allowance) / (paceTarget[k] as number);
      let sAll = 0;
      let sLast = 0;
      for (let d = 0; d < end; d++) {
        sAll += share[d] as number;
        if (d >= W - 7) sLast += share[d] as number;
      }
      if (sLast > EPS && sLast / sAll > fLast && fLast < 1) {
        const x = (fLast * (sAll - sLast)) / (sLast * (1 - fLast));
        for (let d = Math.max(0, W - 7); d < end; d++) share[d] = (share[d] as number) * x;
      }
    }
    const half = windowEnd[k] as number;
    let s1 = 0;
    let s2 = 0;
    for (let d = 0; d < end; d++) {
      if (2 * d < half) s1 += share[d] as number;
      else s2 += share[d] as number;
    }
    let tilt = 1;
    const T = paceTarget[k] as number;
    // The final review sits in the second half of the window (M9), outside the pace: the pace
    // puts that much more in the first half, so the subject's hours, final review included,
    // follow its share of the window (M10's reference) rather than fall behind it.
    const F = finalHours[k] as number;
    const f0 =
      s1 + s2 > EPS
        ? F > EPS && 2 * (end - 1) >= half
          ? Math.min(0.95, ((s1 / (s1 + s2)) * (T + F)) / Math.max(T, EPS))
          : s1 / (s1 + s2)
        : 0;
    // A subject without an exam books a steady weekly amount, front-loading or not (Workload).
    if (frontLoad && m.examInPlan[k] && s1 > EPS && s2 > EPS && T > EPS) {
      // Aim at what the subject's fair share of the first half could hold (at 98%), even where
      // an early exam keeps its fitted share lower: front-loading takes from that exam's slack.
      // A steady subject aims at its part of what the cap leaves in the first half: its steady
      // share scaled by the room every steady subject has there (docs/planner.md, Workload).
      let fair1 = 0;
      for (let d = 0; 2 * d < half && d < end; d++)
        fair1 += flat[k]
          ? ((share[d] as number) * m.maxLoad) / Math.max(density[d] as number, EPS)
          : ((freeCap[d] as number) * (needs[k] as number)) / (needWeight[d] as number);
      const f = Math.max(f0, Math.min(0.95, (0.98 * Math.max(s1, fair1)) / T));
      tilt = (f * s2) / ((1 - f) * s1);
    }
    let acc = 0;
    for (let d = 0; d < end; d++) {
      acc += (share[d] as number) * (2 * d < half ? tilt : 1);
      cum[d] = acc;
    }
    for (let d = 0; d < days; d++)
      cum[d] = acc > EPS ? (d < end ? (cum[d] as number) / acc : 1) : 1;
  }
  return pace;
}

/** Most hours the pace books on each day (docs/planner.md, Workload; see DAY_LIMIT). */
function dayLimits(
  pace: Float64Array[],
  paceTarget: Float64Array,
  paceEnd: Int32Array,
  finalDay: number[],
  finalHours: Float64Array,
  capacity: Float64Array,
  L: number,
): Float64Array {
  const S = paceEnd.length;
  const days = capacity.length;
  // Most hours the pace books on a day (docs/planner.md, Workload): 1.3 times the share of
  // capacity the pace curves (and final reviews) expect over the 7 days around it, rounded up to
  // whole sessions (M7's daily shape). A plan that books needs, not all free time, then spreads its sessions over the days
  // instead of stacking subjects that fall due together on one day.
  const expect = new Float64Array(days);
  for (let k = 0; k < S; k++) {
    const cum = pace[k] as Float64Array;
    const T = paceTarget[k] as number;
    for (let d = 0; d < Math.min(days, paceEnd[k] as number); d++)
      expect[d] =
        (expect[d] as number) + T * ((cum[d] as number) - (d > 0 ? (cum[d - 1] as number) : 0));
    if ((finalDay[k] as number) >= 0)
      expect[finalDay[k] as number] =
        (expect[finalDay[k] as number] as number) + (finalHours[k] as number);
  }
  const dayLimit = new Float64Array(days);
  for (let d = 0; d < days; d++) {
    let e = 0;
    let c = 0;
    for (let x = Math.max(0, d - 3); x <= Math.min(days - 1, d + 3); x++) {
      e += expect[x] as number;
      c += capacity[x] as number;
    }
    const expected = c > EPS ? (e * (capacity[d] as number)) / c : 0;
    dayLimit[d] = L * Math.ceil((DAY_LIMIT * expected) / L - EPS);
  }
  return dayLimit;
}

/** What the passes after the day loop work on (docs/planner.md, Stages 7-14b). */
interface RepairState {
  m: PlanModel;
  L: number;
  frontLoad: boolean;
  tplOf: (d: number) => DayTemplate;
  owners: Int16Array[];
  capacity: Float64Array;
  windowEnd: Int32Array;
  targets: Float64Array;
  needs: Float64Array;
  deliverable: Float64Array;
  finalDay: number[];
  finalHours: Float64Array;
  finalLen: Int32Array;
  byExam: number[];
  paceTarget: Float64Array;
  pace: Float64Array[];
  /** Reference first-half share of each subject with an exam (M10; NaN: none). */
  refFirst: Float64Array;
  /** Hours the day loop placed per subject (final reviews aside). */
  placed: Float64Array;
  weekCap: WeekCap;
}

/**
 * Stages 7-14b (docs/planner.md): gap repair, top-ups, need rebalancing, total balancing, run
 * and cramming repair, front shift or even load, and last the weekly-cap repair.
 */
function repairPasses(state: RepairState): void {
  const { m, L, frontLoad, tplOf, owners, capacity, windowEnd, targets, needs, deliverable } =
    state;
  const { finalDay, finalHours, finalLen, byExam, paceTarget, pace, placed, weekCap } = state;
  const { refFirst } = state;
  // Sessions stay put from a subject's final review on, and out of its last week before the exam.
  const movableBefore = Int32Array.from(windowEnd, (w, k) => {
    let lim = w;
    if ((finalDay[k] as number) >= 0) lim = Math.min(lim, finalDay[k] as number);
    if (m.examInPlan[k] && w >= CRAM_MIN_WINDOW) lim = Math.min(lim, w - 7);
    return lim;
  });
  const steady = Uint8Array.from(m.examInPlan, (e, k) =>
    !e && (windowEnd[k] as number) >= owners.length ? 1 : 0,
  );
  repairGaps(tplOf, owners, movableBefore, steady);
  const overloaded = deliverable.some(
    (x, k) => (windowEnd[k] as number) > 0 && x < (needs[k] as number) - EPS,
  );
  // A subject with an exam but nothing planned (EDF gave its hours to earlier exams) has no
  // final review reserved: it gets no sessions from the passes either (M9 would miss one).
  const takes = m.examInPlan.map((inPlan, k) => !inPlan || (targets[k] as number) > EPS);
  const short = Float64Array.from(needs, (need, k) =>
    takes[k] ? Math.max(0, need - (placed[k] as number) - (finalHours[k] as number)) : 0,
  );
  // When the needs cannot all fit, a subject short of its need may take a second session a day.
  const added = topUp(tplOf, owners, movableBefore, short, byExam, 0, undefined, overloaded);
  // Then the soft rest of each target, rounded to the nearest session, so a plan reaches its
  // targets whether or not it is front-loaded (places left when the pace ran late).
  const soft = Float64Array.from(paceTarget, (t, k) =>
    Math.max(0, t - (placed[k] as number) - (added[k] as number)),
  );
  topUp(
    tplOf,
    owners,
    movableBefore,
    soft,
    byExam,
    0.5,
    (k, day) => ((pace[k] as Float64Array)[day] as number) * (paceTarget[k] as number),
    false,
    weekCap,
  );
  // Rounding can leave one subject a little over its need while another is short of its own
  // (every hour counts when the needs fill the plan): hand such a session over.
  rebalanceNeeds(tplOf, owners, needs, windowEnd, finalDay, takes);
  if (!overloaded) balanceTotal(tplOf, owners, movableBefore, targets, needs, finalDay, L, weekCap);
  const examDay = Float64Array.from(windowEnd, (w, k) => (m.examInPlan[k] ? w : Number.NaN));
  repairRuns(tplOf, owners, movableBefore, finalDay, finalLen, examDay);
  repairCramming(tplOf, owners, examDay, finalDay, finalLen, L, movableBefore);
  if (frontLoad && !overloaded) {
    weekCap.recount(tplOf, owners);
    const examEnd = Int32Array.from(windowEnd, (w, k) => (m.examInPlan[k] ? w : 0));
    frontShift(tplOf, owners, examEnd, finalDay, finalLen, weekCap, steady);
  }
  // Front-loading shapes the load on purpose; otherwise no day should stand far above the mean.
  if (!frontLoad && !overloaded) {
    const horizon = Math.max(0, ...windowEnd);
    weekCap.recount(tplOf, owners);
    balanceHalves(
      tplOf,
      owners,
      windowEnd,
      refFirst,
      movableBefore,
      finalDay,
      finalLen,
      L,
      weekCap,
    );
    evenLoad(tplOf, owners, capacity, horizon, movableBefore, finalDay, L, weekCap, examDay);
  }
  // Last: windows the passes left over the weekly cap lose buffer sessions or move them out.
  repairWeekCap(tplOf, owners, weekCap, needs, finalDay, movableBefore, examDay, L);
  // The cap repair can free places before a subject's last week (buffer it removed): a subject
  // the needs forced to cram may use them now, split into shorter sessions if it must (M8).
  repairCramming(tplOf, owners, examDay, finalDay, finalLen, L, movableBefore, true);
}

/**
 * Stage 15 (docs/planner.md, Order within the day): each day's sessions in an order that
 * interleaves subjects, as raw blocks in day order; the final review is marked.
 */
function orderWithinDays(
  tplOf: (d: number) => DayTemplate,
  owners: Int16Array[],
  finalDay: number[],
  finalLen: Int32Array,
  finalMarked: Uint8Array,
): RawBlock[] {
  const days = owners.length;
  const S = finalDay.length;
  const blocks: RawBlock[] = [];
  const slotAt = new Int32Array(48);
  const seqAt = new Int32Array(48);
  const forced = new Int32Array(48);
  const subsToday = new Int32Array(48);
  const cnt = new Int32Array(S);
  let tpl: DayTemplate;
  let own: Int16Array;
  for (let d = 0; d < days; d++) {
    tpl = tplOf(d);
    own = owners[d] as Int16Array;
    // Within the day: no two adjacent sessions of one subject when the mix allows it. Subjects
    // trade only places of the day's full length, so each keeps exactly the hours it was given
    // (a shorter place stays with its owner; the EDF guard and the final review count on that).
    let nSlots = 0;
    let maxLen = 0;
    for (let i = 0; i < own.length; i++)
      if ((own[i] as number) >= 0) {
        slotAt[nSlots++] = i;
        const l = (tpl.places[i] as Place).len;
        if (l > maxLen) maxLen = l;
      }
    let nSubs = 0;
    for (let n = 0; n < nSlots; n++) {
      const i = slotAt[n] as number;
      const k = own[i] as number;
      if ((tpl.places[i] as Place).len !== maxLen) {
        forced[n] = k;
        continue;
      }
      forced[n] = -1;
      if ((cnt[k] as number) === 0) subsToday[nSubs++] = k;
      cnt[k] = (cnt[k] as number) + 1;
    }
    // Most sessions left first (a repeat only when it has at least one more than the next), and
    // never a third in a row: the fewest same-subject neighbours with no run of 3 (M6).
    let prev = -1;
    let run = 0;
    for (let n = 0; n < nSlots; n++) {
      let pick = forced[n] as number;
      if (pick < 0) {
        const after = n + 1 < nSlots ? (forced[n + 1] as number) : -1;
        let bestBad = 0;
        let bestScore = 0;
        for (let x = 0; x < nSubs; x++) {
          const k = subsToday[x] as number;
          const c = cnt[k] as number;
          if (c === 0) continue;
          const len = (k === prev ? run : 0) + 1 + (k === after ? 1 : 0);
          const bad = len >= 3 ? 1 : 0;
          const score = c - (k === prev ? 0.5 : 0) - (k === after ? 0.5 : 0);
          if (
            pick < 0 ||
            bad < bestBad ||
            (bad === bestBad && (score > bestScore || (score === bestScore && k < pick)))
          ) {
            pick = k;
            bestBad = bad;
            bestScore = score;
          }
        }
        cnt[pick] = (cnt[pick] as number) - 1;
      }
      run = pick === prev ? run + 1 : 1;
      seqAt[n] = pick;
      prev = pick;
    }
    for (let x = 0; x < nSubs; x++) cnt[subsToday[x] as number] = 0;
    const firstBlock = blocks.length;
    for (let n = 0; n < nSlots; n++) {
      const p = tpl.places[slotAt[n] as number] as Place;
      blocks.push({
        day: d,
        start: p.start,
        len: p.len,
        subject: seqAt[n] as number,
        final: false,
      });
    }
    for (let n = nSlots - 1; n >= 0; n--) {
      const b = blocks[firstBlock + n] as RawBlock;
      const k = b.subject;
      if (finalDay[k] === d && !finalMarked[k] && b.len === finalLen[k]) {
        b.final = true;
        finalMarked[k] = 1;
      }
    }
  }
  return blocks;
}
