/**
 * Stage 14d (docs/planner.md, Steady weeks): a subject without an exam books a steady week
 * (Workload: no calendar week over twice its median week). The passes before place such a
 * subject where room is left, and the exams take most of it while they last: its weeks then
 * hold one session each, and what its pace still lacks lands in the plan's last week (seed 8
 * #981: 4.5 h in the last week against a median of 1.5). This pass moves a session out of its
 * heaviest week into another week, the nearest first. Pure, bounded, deterministic.
 */
import { type CalendarWeeks, weekIndexOf } from '@studybuddy/contracts';
import type { DayTemplate } from './model.js';
import {
  addToWeek,
  type LoadRoom,
  runsOk,
  shortPlacesOk,
  steadyWeeksOk,
  validFreePlace,
  weekHours,
  weekRatio,
} from './repair.js';

/** The steady-week limit: a week holds at most twice the subject's median week (Workload). */
const MAX_WEEK_OVER_MEDIAN = 2;
/** Most moves per subject, so the pass stays well inside the speed budget. */
const MAX_MOVES = 8;
const EPS = 1e-9;

/** What the pass reads and changes. */
export interface SteadyWeeksInput {
  tplOf: (day: number) => DayTemplate;
  /** `owners[d][i]`: the subject of place i on day d (-1 when free); changed in place. */
  owners: Int16Array[];
  /** 1 for a subject without an exam whose window is the whole plan. */
  steady: ArrayLike<number>;
  /** The first day each subject's sessions may not move to. */
  movableBefore: ArrayLike<number>;
  /** The weekly cap, counted for the plan as it is. */
  cap: LoadRoom;
  calendar: CalendarWeeks;
  /** Each subject's final-review day (-1: none) and place length: the review stays. */
  finalDay: ArrayLike<number>;
  finalLen: ArrayLike<number>;
}

/**
 * For each steady subject whose heaviest calendar week holds more than twice its median week,
 * a session of that week moves to a free place of the same length in another week, on a day
 * holding no session (beside another it could stand over its week, M7), where the weekly cap
 * has room, both days stay valid (M1) and interleavable (M6), and the subject's heaviest week
 * over its median falls. The nearest week
 * first, the latest session of the heavy week first. Where the cap leaves no such place (the
 * exams filled those weeks to it), the session trades places with another subject's session of
 * the same length there (every window keeps its hours): one that may move to the heavy week's
 * day, is not a final review, and, for a steady subject, keeps its own weeks steady.
 */
export function evenSteadyWeeks(plan: SteadyWeeksInput): void {
  for (let k = 0; k < plan.steady.length; k++) {
    if (!plan.steady[k]) continue;
    for (let n = 0; n < MAX_MOVES; n++) if (!moveOutOfHeaviestWeek(plan, k)) break;
  }
}

/**
 * k's heaviest week over its median once h hours leave week `heavy` for the week of day `to`.
 */
function ratioAfterMove(
  plan: SteadyWeeksInput,
  weeks: readonly number[],
  heavy: number,
  to: number,
  h: number,
): number {
  const after = [...weeks];
  addToWeek(after, heavy, -h);
  addToWeek(after, weekIndexOf(plan.calendar, to), h);
  return weekRatio(after);
}

/** Moves one session of k out of its heaviest week; whether it did. */
function moveOutOfHeaviestWeek(plan: SteadyWeeksInput, k: number): boolean {
  const { owners, tplOf, calendar, cap } = plan;
  const weeks = weekHours(tplOf, owners, k, calendar);
  const before = weekRatio(weeks);
  // A median of nothing (a subject studied in fewer than half its weeks) is no pace to keep.
  if (before <= MAX_WEEK_OVER_MEDIAN + EPS || !Number.isFinite(before)) return false;
  let heavy = -1;
  weeks.forEach((x, w) => {
    if (!Number.isNaN(x) && (heavy < 0 || x > (weeks[heavy] as number))) heavy = w;
  });
  const start = calendar.first + 7 * heavy;
  const limit = Math.min(owners.length, plan.movableBefore[k] as number);
  // Other weeks' days, the nearest week first (the earlier on a tie), in day order within one;
  // never a day outside the whole weeks, where the hours would only leave the count.
  const days: number[] = [];
  for (let d = 0; d < limit; d++) {
    const w = weekIndexOf(calendar, d);
    if (!Number.isNaN(w) && w !== heavy && !Number.isNaN(weeks[w] as number)) days.push(d);
  }
  const distance = (d: number) => Math.abs(weekIndexOf(calendar, d) - heavy);
  days.sort((p, q) => distance(p) - distance(q) || p - q);
  for (let from = Math.min(start + 6, owners.length - 1); from >= start; from--) {
    const ownFrom = owners[from] as Int16Array;
    for (let i = ownFrom.length - 1; i >= 0; i--) {
      if (ownFrom[i] !== k || from >= limit) continue;
      const len = tplOf(from).places[i]?.len ?? 0;
      const h = len / 2;
      ownFrom[i] = -1;
      const fromOk = shortPlacesOk(tplOf(from), ownFrom) && runsOk(ownFrom, -1);
      ownFrom[i] = k;
      if (!fromOk) continue;
      for (const to of days) {
        const own = owners[to] as Int16Array;
        // A day of its own: a session added beside another can stand over its week (M7).
        if (own.some((j) => j >= 0)) continue;
        const x = validFreePlace(tplOf(to), own, len, k);
        if (x < 0) continue;
        cap.add(from, -h);
        const fits = cap.fits(to, h);
        cap.add(from, h);
        if (!fits) continue;
        if (ratioAfterMove(plan, weeks, heavy, to, h) >= before - EPS) continue;
        ownFrom[i] = -1;
        own[x] = k;
        cap.add(from, -h);
        cap.add(to, h);
        return true;
      }
      if (tradeOut(plan, k, from, i, days, weeks, heavy, before)) return true;
    }
  }
  return false;
}

/**
 * Trades k's session at place i of day `from` (its heaviest week) with a session of the same
 * length of another subject j on one of `days`, when j may go to `from` (before its movable
 * limit, no session of it there, not its final review), neither day gets a second session of
 * either, both stay interleavable, j's weeks stay steady if it is steady, and k's heaviest week
 * over its median falls.
 */
function tradeOut(
  plan: SteadyWeeksInput,
  k: number,
  from: number,
  i: number,
  days: readonly number[],
  weeks: readonly number[],
  heavy: number,
  before: number,
): boolean {
  const { owners, tplOf, steady, movableBefore, finalDay, finalLen, calendar } = plan;
  const ownFrom = owners[from] as Int16Array;
  const len = tplOf(from).places[i]?.len ?? 0;
  const h = len / 2;
  for (const to of days) {
    const own = owners[to] as Int16Array;
    if (own.includes(k)) continue;
    if (ratioAfterMove(plan, weeks, heavy, to, h) >= before - EPS) continue;
    const places = tplOf(to).places;
    for (let x = 0; x < own.length; x++) {
      const j = own[x] as number;
      if (j < 0 || j === k || places[x]?.len !== len || ownFrom.includes(j)) continue;
      if (from >= (movableBefore[j] as number) || (to === finalDay[j] && len === finalLen[j]))
        continue;
      if (steady[j] && !steadyWeeksOk(tplOf, owners, j, to, from, h, calendar)) continue;
      own[x] = k;
      ownFrom[i] = j;
      if (runsOk(own, -1) && runsOk(ownFrom, -1)) return true;
      own[x] = j;
      ownFrom[i] = k;
    }
  }
  return false;
}
