/**
 * Anti-cramming (docs/planner.md, M8): the last week and the last CRAM_DAYS before an exam hold
 * only a share of the subject's hours. The pace curves scale their last week down to it, the day
 * loop checks it on every place and the EDF guard moves what it cannot hold earlier. Pure, no I/O.
 */
import { DAYS_PER_WEEK } from '@studybuddy/contracts';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import type { PlanModel } from './plan-model.js';
import { f64, i32, item, num } from './typed.js';

/** Days before the exam that make its last week (M8; sessions stay put in it, too). */
export const LAST_WEEK_DAYS = DAYS_PER_WEEK;
/** The last week holds at most this many mean weeks of the subject's hours (M8). */
export const LAST_WEEK_MEAN_WEEKS = 2;
/** The last CRAM_DAYS hold at most this share of the subject's hours (M8)... */
const CRAM_SHARE = 0.25;
/** ...or this many sessions, whichever is more: a short plan still has room for its last ones. */
const CRAM_MIN_SESSIONS = 2;

/** Most hours a subject's last week may hold (M8): twice its mean week, or one session. */
export function lastWeekAllowance(total: number, examDay: number, sessionHours: number): number {
  return Math.max((LAST_WEEK_MEAN_WEEKS * DAYS_PER_WEEK * total) / examDay, sessionHours);
}

/** Most hours a subject's last CRAM_DAYS may hold (M8): a quarter of them, or 2 sessions. */
export function cramAllowance(total: number, sessionHours: number): number {
  return Math.max(CRAM_SHARE * total, CRAM_MIN_SESSIONS * sessionHours);
}

/**
 * Each subject's hours so far in its last CRAM_DAYS and its last week before the exam (the final
 * review, when it falls there), and their caps; no cap (infinite) without an exam in the plan or
 * on a window under CRAM_MIN_WINDOW.
 */
export interface LastDaysBudget {
  cramHours: Float64Array;
  lastWeekHours: Float64Array;
  lastWeekCap: Float64Array;
  cramCap: Float64Array;
}

/**
 * The anti-cramming budgets (M8) before the day loop. The caps are computed on the need (the
 * part of the target that is sure to be placed), so the EDF guard's virtual deadlines hold
 * whatever the soft rest of the target becomes.
 */
export function lastDaysBudget(
  model: PlanModel,
  subjectCount: number,
  sessionHours: number,
  windowEnd: Int32Array,
  finalDay: number[],
  finalHours: Float64Array,
): LastDaysBudget {
  const cramHours = new Float64Array(subjectCount);
  const lastWeekHours = new Float64Array(subjectCount);
  const lastWeekCap = Float64Array.from(model.deliverable, (t, k) =>
    model.examInPlan[k] && i32(windowEnd, k) >= CRAM_MIN_WINDOW
      ? lastWeekAllowance(t, i32(windowEnd, k), sessionHours)
      : Number.POSITIVE_INFINITY,
  );
  const cramCap = Float64Array.from(model.deliverable, (t, k) =>
    model.examInPlan[k] && i32(windowEnd, k) >= CRAM_MIN_WINDOW
      ? cramAllowance(t, sessionHours)
      : Number.POSITIVE_INFINITY,
  );
  for (let k = 0; k < subjectCount; k++) {
    const reviewDay = num(finalDay, k);
    if (reviewDay >= 0 && reviewDay >= i32(windowEnd, k) - CRAM_DAYS)
      cramHours[k] = f64(finalHours, k);
    if (reviewDay >= 0 && reviewDay >= i32(windowEnd, k) - LAST_WEEK_DAYS)
      lastWeekHours[k] = f64(finalHours, k);
  }
  return { cramHours, lastWeekHours, lastWeekCap, cramCap };
}

/**
 * Which of its M8 limits subject k's sessions pass in the plan as it is, its exam on day W: its
 * last 7 days (twice its mean week, or one session) and its last 3 (a quarter of its hours, or
 * 2 sessions). With `added`, as they would with one more session of k (its day and hours).
 */
export function m8LimitsPassed(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  W: number,
  sessionHours: number,
  added?: { day: number; hours: number },
): { over7: boolean; over3: boolean } {
  const { total, last7, last3 } = lastDaysHours(tplOf, owners, k, W, added);
  return {
    over7: last7 > lastWeekAllowance(total, W, sessionHours) + 1e-9,
    over3: last3 > cramAllowance(total, sessionHours) + 1e-9,
  };
}

/**
 * How many hours subject k's sessions pass each of its M8 limits by (0 within it), its exam on
 * day W: its last 7 days and its last 3. A move that must leave a limit passed (a last week the
 * deadline forces full) may still not pass it by more.
 */
export function m8Excess(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  W: number,
  sessionHours: number,
): { over7: number; over3: number } {
  const { total, last7, last3 } = lastDaysHours(tplOf, owners, k, W);
  return {
    over7: Math.max(0, last7 - lastWeekAllowance(total, W, sessionHours)),
    over3: Math.max(0, last3 - cramAllowance(total, sessionHours)),
  };
}

/**
 * Subject k's M8 state now, its exam on day W; the function returned tells, after a move, whether
 * k passes no limit it kept and none by more hours than it did (a last week its deadline forces
 * full may take a trade that leaves it as crammed as it was).
 */
export function m8Guard(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  W: number,
  sessionHours: number,
): () => boolean {
  const passed = m8LimitsPassed(tplOf, owners, k, W, sessionHours);
  const excess = m8Excess(tplOf, owners, k, W, sessionHours);
  return () => {
    const now = m8Excess(tplOf, owners, k, W, sessionHours);
    const deeper = now.over7 > excess.over7 + 1e-9 || now.over3 > excess.over3 + 1e-9;
    return !deeper && !newlyPassed(passed, m8LimitsPassed(tplOf, owners, k, W, sessionHours));
  };
}

/** Subject k's hours before its exam on day W, in its last 7 days and its last 3 (`added` too). */
function lastDaysHours(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  W: number,
  added?: { day: number; hours: number },
): { total: number; last7: number; last3: number } {
  let total = 0;
  let last7 = 0;
  let last3 = 0;
  const count = (d: number, h: number) => {
    total += h;
    if (d >= W - LAST_WEEK_DAYS) last7 += h;
    if (d >= W - CRAM_DAYS) last3 += h;
  };
  for (let d = 0; d < W; d++) {
    const own = item(owners, d);
    for (let i = 0; i < own.length; i++)
      if (own[i] === k) count(d, (tplOf(d).places[i]?.len ?? 0) / 2);
  }
  if (added && added.day < W) count(added.day, added.hours);
  return { total, last7, last3 };
}

/** Whether a move put the subject over a limit (its last week, its last 3 days) it kept before. */
export function newlyPassed(
  before: { over7: boolean; over3: boolean },
  after: { over7: boolean; over3: boolean },
): boolean {
  return (after.over3 && !before.over3) || (after.over7 && !before.over7);
}
