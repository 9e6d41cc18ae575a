/**
 * Stage 4 (docs/planner.md, Pace curves): for each subject, the fraction of its pace target due
 * by the end of each day (0 to 1). A subject without an exam in the plan is paced in proportion
 * to capacity (a steady weekly amount, docs/planner.md, Workload); the subjects with exams share
 * what it leaves of each day. When every subject's steady pace fits under the cap on every day,
 * every subject is paced so (the plan then has room for all of them at once; M10's reference).
 * Each subject's shares are then clipped, scaled down in its last week and, when front-loading,
 * tilted to the first half of its window (which moves the unused buffer to the end). Pure, no I/O.
 */
import { DAYS_PER_WEEK } from '@studybuddy/contracts';
import { LAST_WEEK_DAYS, LAST_WEEK_MEAN_WEEKS } from './anti-cramming.js';
import { CRAM_MIN_WINDOW } from './model.js';
import { type PlanModel, paceWeights } from './plan-model.js';
import { addTo, f64, i32, num } from './typed.js';

const EPS = 1e-9;
/** A subject's pace never asks for more than this multiple of its mean share of a day. */
const PACE_CLIP = 1.5;
/** Rounds of the fixed point of the PACE_CLIP clip: it settles within a few. */
const CLIP_ROUNDS = 6;
/** Share of the last-week allowance (twice the mean week, M8) kept free for rounding. */
const LAST_WEEK_MARGIN = 0.1;
/**
 * Most of a subject's pace target the first half of its window gets (front-load tilt, final
 * review moved ahead): the second half keeps some pace before the exam, and the tilt
 * f s2 / ((1 - f) s1) stays finite (it has no bound as f nears 1).
 */
const FRONT_LOAD_MAX_FIRST = 0.95;
/**
 * Share of its room in the first half that the front-load tilt aims at: a margin under all of
 * it, since that room is counted in hours before any rounding to whole sessions.
 */
const FRONT_LOAD_AIM = 0.98;

/** What the pace curves are fitted to. */
export interface PaceInput {
  model: PlanModel;
  frontLoad: boolean;
  /** Capacity of each day after the final-review reservations. */
  freeCap: Float64Array;
  paceEnd: Int32Array;
  paceTarget: Float64Array;
  targets: Float64Array;
  needs: Float64Array;
  windowEnd: Int32Array;
  finalHours: Float64Array;
}

/** The pace curves, and M10's reference. */
export interface PaceCurves {
  /** `pace[k][d]`: the fraction of k's pace target due by the end of day d. */
  pace: Float64Array[];
  /** Each exam subject's reference first-half share (M10; NaN when not measured). */
  refFirst: Float64Array;
  /**
   * With front-loading, each tilted subject's room in the first half of its window, as a share
   * of its hours (final review included): what the tilt aims at (NaN when not tilted).
   */
  firstRoom: Float64Array;
}

/** The pace curves of every subject (docs/planner.md, Pace curves). */
export function paceCurves(input: PaceInput): PaceCurves {
  const { model, paceEnd } = input;
  const subjectCount = paceEnd.length;
  const { days } = model;
  const flatCap = flatCapacity(input);
  const density = steadyDensity(input, flatCap);
  const allFlat = allSteadyFit(input, density);
  const refFirst = referenceFirstShares(input, allFlat);
  const flat = steadySubjects(input, allFlat);
  const exam = examShares(input, flat, flatCap);
  const needWeight = needWeights(input);
  const pace: Float64Array[] = [];
  const firstRoom = new Float64Array(subjectCount).fill(Number.NaN);
  for (let k = 0; k < subjectCount; k++) {
    const end = i32(paceEnd, k);
    const cum = new Float64Array(days);
    pace.push(cum);
    if (end <= 0) continue;
    const share = dayShares(input, k, flat, flatCap, exam);
    if (model.examInPlan[k] && !flat[k]) clipShares(input, share);
    scaleLastWeek(input, k, share);
    const tilt = frontLoadTilt(input, k, share, flat[k] === 1, density, needWeight);
    firstRoom[k] = tilt.firstRoom;
    cumulate(cum, share, tilt.tilt, i32(input.windowEnd, k));
  }
  return { pace, refFirst, firstRoom };
}

/** Each subject's free capacity from the start to its pace end: its steady pace's denominator. */
function flatCapacity(input: PaceInput): Float64Array {
  const { freeCap, paceEnd } = input;
  const subjectCount = paceEnd.length;
  const flatCap = new Float64Array(subjectCount);
  for (let k = 0; k < subjectCount; k++)
    for (let d = 0; d < i32(paceEnd, k); d++) addTo(flatCap, k, f64(freeCap, d));
  return flatCap;
}

/** Share of each day's free capacity the steady paces of all subjects would take. */
function steadyDensity(input: PaceInput, flatCap: Float64Array): Float64Array {
  const { model, paceEnd, paceTarget } = input;
  const subjectCount = paceEnd.length;
  const density = new Float64Array(model.days);
  for (let k = 0; k < subjectCount; k++)
    if (f64(flatCap, k) > EPS)
      for (let d = 0; d < i32(paceEnd, k); d++)
        addTo(density, d, f64(paceTarget, k) / f64(flatCap, k));
  return density;
}

/** Whether every subject's steady pace fits under the weekly cap on every day with capacity. */
function allSteadyFit(input: PaceInput, density: Float64Array): boolean {
  const { model, freeCap } = input;
  let allFlat = true;
  for (let d = 0; d < model.days && allFlat; d++)
    if (f64(density, d) > model.maxLoad + EPS && f64(freeCap, d) > EPS) allFlat = false;
  return allFlat;
}

/**
 * The reference pace of a subject with an exam (M10), as its share of hours in the first half
 * of its window: in proportion to capacity when every steady pace fits, else its need-weighted
 * share of the days among the subjects with exams. NaN where M10 does not measure.
 */
function referenceFirstShares(input: PaceInput, allFlat: boolean): Float64Array {
  const { model, needs, windowEnd } = input;
  const subjectCount = windowEnd.length;
  const { days } = model;
  const refFirst = new Float64Array(subjectCount).fill(Number.NaN);
  for (let k = 0; k < subjectCount; k++) {
    const examDay = i32(windowEnd, k);
    if (!model.examInPlan[k] || examDay < CRAM_MIN_WINDOW) continue;
    let c1 = 0;
    let c = 0;
    for (let d = 0; d < Math.min(examDay, days); d++) {
      let we = 0;
      if (!allFlat)
        for (let j = 0; j < subjectCount; j++)
          if (model.examInPlan[j] && d < i32(windowEnd, j)) we += f64(needs, j);
      const cap = num(model.capacity, d);
      const ref = allFlat ? cap : we > EPS ? (cap * f64(needs, k)) / we : 0;
      c += ref;
      if (2 * d < examDay) c1 += ref;
    }
    if (c > EPS) refFirst[k] = c1 / c;
  }
  return refFirst;
}

/** The subjects paced steadily (`flat`): without an exam in the plan, or all when all fit. */
function steadySubjects(input: PaceInput, allFlat: boolean): Uint8Array {
  const { model, paceEnd } = input;
  return Uint8Array.from(model.examInPlan, (e, k) =>
    (allFlat || !e) && i32(paceEnd, k) > 0 ? 1 : 0,
  );
}

/** What the steady paces leave of each day, and how the subjects with exams share it. */
interface ExamShares {
  /** Free capacity of each day less the steady paces' shares. */
  restCap: Float64Array;
  /** Each exam subject's fitted pace weight (`paceWeights`; steady subjects have none). */
  weight: number[];
  /** The weights of the exam subjects still pacing on each day. */
  activeWeight: Float64Array;
}

/** The exam subjects' weights over what the steady paces leave (paceWeights in plan-model.ts). */
function examShares(input: PaceInput, flat: Uint8Array, flatCap: Float64Array): ExamShares {
  const { model, freeCap, paceEnd, paceTarget } = input;
  const subjectCount = paceEnd.length;
  const { days } = model;
  const restCap = freeCap.slice();
  for (let k = 0; k < subjectCount; k++)
    if (flat[k] && f64(flatCap, k) > EPS)
      for (let d = 0; d < i32(paceEnd, k); d++)
        restCap[d] = Math.max(
          0,
          f64(restCap, d) - (f64(paceTarget, k) * f64(freeCap, d)) / f64(flatCap, k),
        );
  const examPaceEnd = Int32Array.from(paceEnd, (e, k) => (flat[k] ? 0 : e));
  const weight = paceWeights(restCap, examPaceEnd, paceTarget, model.needs);
  const activeWeight = new Float64Array(days);
  for (let j = 0; j < subjectCount; j++)
    for (let d = 0; d < Math.min(days, i32(examPaceEnd, j)); d++)
      addTo(activeWeight, d, num(weight, j));
  return { restCap, weight, activeWeight };
}

/** The needs of the subjects whose window holds each day: only for the front-load tilt. */
function needWeights(input: PaceInput): Float64Array {
  const { model, frontLoad, needs, windowEnd } = input;
  const subjectCount = windowEnd.length;
  const { days } = model;
  const needWeight = new Float64Array(frontLoad ? days : 0);
  for (let j = 0; j < subjectCount && frontLoad; j++)
    for (let d = 0; d < Math.min(days, i32(windowEnd, j)); d++) addTo(needWeight, d, f64(needs, j));
  return needWeight;
}

/**
 * Subject k's share of each day to its pace end, in hours: a steady subject's in proportion to
 * the day's free capacity, an exam subject's its weight's part of what the steady ones leave.
 */
function dayShares(
  input: PaceInput,
  k: number,
  flat: Uint8Array,
  flatCap: Float64Array,
  exam: ExamShares,
): Float64Array {
  const { freeCap, paceEnd, paceTarget } = input;
  const { restCap, weight, activeWeight } = exam;
  const end = i32(paceEnd, k);
  const share = new Float64Array(end);
  for (let d = 0; d < end; d++) {
    const w = f64(activeWeight, d);
    share[d] = flat[k]
      ? (f64(freeCap, d) * f64(paceTarget, k)) / f64(flatCap, k)
      : w > 0
        ? (f64(restCap, d) * num(weight, k)) / w
        : 0;
  }
  return share;
}

/**
 * The PACE_CLIP clip, for a subject with an exam: its share of each day grows as earlier exams
 * pass; paced on that share alone, the last weeks would hold several times the mean week (M8).
 * The share of capacity is clipped at PACE_CLIP times its capacity-weighted mean (a fixed point,
 * found in CLIP_ROUNDS rounds). A subject without an exam may follow its share to the end (M10).
 */
function clipShares(input: PaceInput, share: Float64Array): void {
  const { freeCap } = input;
  const end = share.length;
  let capSum = 0;
  for (let d = 0; d < end; d++) capSum += f64(freeCap, d);
  if (capSum > EPS) {
    let shareSum = 0;
    for (let d = 0; d < end; d++) shareSum += f64(share, d);
    let c = (PACE_CLIP * shareSum) / capSum;
    for (let round = 0; round < CLIP_ROUNDS; round++) {
      let s = 0;
      for (let d = 0; d < end; d++) {
        const cd = f64(freeCap, d);
        s += Math.min(f64(share, d), c * cd);
      }
      c = (PACE_CLIP * s) / capSum;
    }
    for (let d = 0; d < end; d++) share[d] = Math.min(f64(share, d), c * f64(freeCap, d));
  }
}

/**
 * The last-week scale: the last 7 days before the exam hold at most twice the mean week (M8),
 * final review included (less LAST_WEEK_MARGIN for rounding); the pace there is scaled down to
 * what is left of that allowance. Windows of CRAM_MIN_WINDOW days or more only.
 */
function scaleLastWeek(input: PaceInput, k: number, share: Float64Array): void {
  const { model, windowEnd, paceTarget, targets, finalHours } = input;
  const end = share.length;
  const examDay = i32(windowEnd, k);
  if (!(model.examInPlan[k] && examDay >= CRAM_MIN_WINDOW && f64(paceTarget, k) > EPS)) return;
  const allowance =
    ((1 - LAST_WEEK_MARGIN) * LAST_WEEK_MEAN_WEEKS * DAYS_PER_WEEK * f64(targets, k)) / examDay -
    f64(finalHours, k);
  const fLast = Math.max(0, allowance) / f64(paceTarget, k);
  let sAll = 0;
  let sLast = 0;
  for (let d = 0; d < end; d++) {
    sAll += f64(share, d);
    if (d >= examDay - LAST_WEEK_DAYS) sLast += f64(share, d);
  }
  if (sLast > EPS && sLast / sAll > fLast && fLast < 1) {
    const x = (fLast * (sAll - sLast)) / (sLast * (1 - fLast));
    for (let d = Math.max(0, examDay - LAST_WEEK_DAYS); d < end; d++) share[d] = f64(share, d) * x;
  }
}

/**
 * The front-load tilt: with front-loading on, the factor on a subject's first-half shares that
 * puts a fraction f of its pace target in the first half of its window (1: no tilt). A subject
 * without an exam books a steady weekly amount, front-loading or not (Workload).
 */
function frontLoadTilt(
  input: PaceInput,
  k: number,
  share: Float64Array,
  steady: boolean,
  density: Float64Array,
  needWeight: Float64Array,
): { tilt: number; firstRoom: number } {
  const { model, frontLoad, freeCap, paceTarget, needs, windowEnd, finalHours } = input;
  const end = share.length;
  const half = i32(windowEnd, k);
  let s1 = 0;
  let s2 = 0;
  for (let d = 0; d < end; d++) {
    if (2 * d < half) s1 += f64(share, d);
    else s2 += f64(share, d);
  }
  const target = f64(paceTarget, k);
  if (!(frontLoad && model.examInPlan[k] && s1 > EPS && s2 > EPS && target > EPS))
    return { tilt: 1, firstRoom: Number.NaN };
  // The final review sits in the second half of the window (M9), outside the pace: the pace
  // puts that much more in the first half, so the subject's hours, final review included,
  // follow its share of the window (M10's reference) rather than fall behind it.
  const finalReviewHours = f64(finalHours, k);
  const f0 =
    s1 + s2 > EPS
      ? finalReviewHours > EPS && 2 * (end - 1) >= half
        ? Math.min(
            FRONT_LOAD_MAX_FIRST,
            ((s1 / (s1 + s2)) * (target + finalReviewHours)) / Math.max(target, EPS),
          )
        : s1 / (s1 + s2)
      : 0;
  // Aim at what the subject's fair share of the first half could hold (FRONT_LOAD_AIM of it),
  // even where an early exam keeps its fitted share lower: front-loading takes from that exam's
  // slack. A steady subject aims at its part of what the cap leaves in the first half: its
  // steady share scaled by the room every steady subject has there (docs/planner.md, Workload).
  let fair1 = 0;
  for (let d = 0; 2 * d < half && d < end; d++)
    fair1 += steady
      ? (f64(share, d) * model.maxLoad) / Math.max(f64(density, d), EPS)
      : (f64(freeCap, d) * f64(needs, k)) / f64(needWeight, d);
  const f = Math.max(
    f0,
    Math.min(FRONT_LOAD_MAX_FIRST, (FRONT_LOAD_AIM * Math.max(s1, fair1)) / target),
  );
  // The room as a share of all the subject's hours: the final review stays in the second half.
  const firstRoom = Math.min(target, Math.max(s1, fair1)) / (target + finalReviewHours);
  return { tilt: (f * s2) / ((1 - f) * s1), firstRoom };
}

/**
 * The pace curve: the shares summed day by day (first-half days, 2d < `half`, times `tilt`),
 * normalised to 1 at the pace end and 1 after it.
 */
function cumulate(cum: Float64Array, share: Float64Array, tilt: number, half: number): void {
  const end = share.length;
  let acc = 0;
  for (let d = 0; d < end; d++) {
    acc += f64(share, d) * (2 * d < half ? tilt : 1);
    cum[d] = acc;
  }
  for (let d = 0; d < cum.length; d++) cum[d] = acc > EPS ? (d < end ? f64(cum, d) / acc : 1) : 1;
}
