/**
 * Front-loading's promise, checked (docs/planner.md, Front-load choice): each subject with an
 * exam holds FRONT_GAIN more of its hours in the first half of its window than the plan the same
 * input gets with front-loading off, and the two plans book the same hours within a session
 * (M10). The tilted pace (stage 5) usually keeps it; where it does not, the plan is made again
 * from the plain pace with the front-loaded repairs, and the one that keeps it better is kept.
 * Pure, deterministic.
 */
import { MIN_SHAPED_SESSIONS } from './front-shift.js';
import { CRAM_MIN_WINDOW } from './model.js';
import type { PlanModel, RawBlock } from './plan-model.js';
import { FRONT_GAIN } from './repair.js';
import { f64, i32, num } from './typed.js';

/** Tolerance on hours and shares (sums of half-hours). */
const EPS = 1e-9;

/** What the promise reads of the model: each subject's window and whether its exam is in it. */
type Windows = Pick<PlanModel, 'windowEnd' | 'examInPlan'>;

/** How far a front-loaded plan stands from the promise; 0 and 0: kept. */
export interface FrontLoadShortfall {
  /** 1 when the plan books more than a session more or fewer hours than the plain plan. */
  totalsApart: number;
  /** Summed over the subjects: how far each stands under FRONT_GAIN, as a share of its hours. */
  gainShort: number;
}

/**
 * How far `on` stands from front-loading's promise against `plain`, counted as M10 counts it:
 * a subject's first half is the days d with 2d before its window's end; the gain is the hours
 * it holds there beyond the plain plan's, plus half a session of rounding, as a share of its
 * hours on. Subjects without an exam, with a window under two weeks or with fewer than
 * MIN_SHAPED_SESSIONS sessions in either plan have no shape to front-load.
 */
export function frontLoadShortfall(
  model: Windows,
  sessionHours: number,
  plain: readonly RawBlock[],
  on: readonly RawBlock[],
): FrontLoadShortfall {
  const S = model.windowEnd.length;
  const a = halves(model, plain, S);
  const b = halves(model, on, S);
  let gainShort = 0;
  for (let k = 0; k < S; k++) {
    if (!model.examInPlan[k] || num(model.windowEnd, k) < CRAM_MIN_WINDOW) continue;
    if (i32(a.sessions, k) < MIN_SHAPED_SESSIONS || i32(b.sessions, k) < MIN_SHAPED_SESSIONS)
      continue;
    const hoursOn = f64(b.hours, k);
    const gain = (f64(b.first, k) - f64(a.first, k) + sessionHours / 2) / hoursOn;
    gainShort += Math.max(0, FRONT_GAIN - gain);
  }
  const apart = Math.abs(a.total - b.total) > sessionHours + EPS;
  return { totalsApart: apart ? 1 : 0, gainShort };
}

/** Whether `x` keeps the promise: totals within a session and every subject's gain. */
export function keepsFrontLoad(x: FrontLoadShortfall): boolean {
  return x.totalsApart === 0 && x.gainShort <= EPS;
}

/** Whether `x` stands nearer the promise than `y`: totals first, then the gains. */
export function nearerFrontLoad(x: FrontLoadShortfall, y: FrontLoadShortfall): boolean {
  if (x.totalsApart !== y.totalsApart) return x.totalsApart < y.totalsApart;
  return x.gainShort < y.gainShort - EPS;
}

/** Each subject's hours, hours in its first half and sessions in a plan. */
function halves(model: Windows, raw: readonly RawBlock[], S: number) {
  const hours = new Float64Array(S);
  const first = new Float64Array(S);
  const sessions = new Int32Array(S);
  let total = 0;
  for (const x of raw) {
    const h = x.len / 2;
    total += h;
    hours[x.subject] = f64(hours, x.subject) + h;
    sessions[x.subject] = i32(sessions, x.subject) + 1;
    if (2 * x.day < num(model.windowEnd, x.subject)) first[x.subject] = f64(first, x.subject) + h;
  }
  return { hours, first, sessions, total };
}
