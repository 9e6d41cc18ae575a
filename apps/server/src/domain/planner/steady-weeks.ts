/**
 * Stage 14d (docs/planner.md, Steady weeks): a subject without an exam books a steady week
 * (Workload: no calendar week over twice its median week). The passes before place such a
 * subject where room is left, and the exams take most of it while they last: its weeks then
 * hold one session each, and what its pace still lacks lands in the plan's last week (seed 8
 * #981: 4.5 h in the last week against a median of 1.5). This pass moves a session out of its
 * heaviest week into another week, the nearest first; where none can, its sessions in shorter
 * places are recut into full ones (seed 900,001 #31). Pure, bounded, deterministic.
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
import { item, num, numLike } from './typed.js';

/** The steady-week limit: a week holds at most twice the subject's median week (Workload). */
export const MAX_WEEK_OVER_MEDIAN = 2;
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
  /** The session length L in hours: a place of fewer half-hours is a shorter one (M1). */
  sessionHours: number;
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
 * day, is not a final review, and, for a steady subject, keeps its own weeks steady. Where neither
 * can, the subject's sessions in shorter places are recut into full ones (`recutIntoFullPlaces`).
 */
export function evenSteadyWeeks(plan: SteadyWeeksInput): void {
  for (let k = 0; k < plan.steady.length; k++) {
    if (!plan.steady[k]) continue;
    for (let n = 0; n < MAX_MOVES; n++)
      if (!moveOutOfHeaviestWeek(plan, k) && !recutIntoFullPlaces(plan, k)) break;
  }
}

/**
 * Whether k's heaviest week over its median is one the pass evens: over the limit, and a median
 * of something (a subject studied in fewer than half its weeks has no pace to keep).
 */
function overTheLimit(ratio: number): boolean {
  return ratio > MAX_WEEK_OVER_MEDIAN + EPS && Number.isFinite(ratio);
}

/** The heaviest of the weeks with places (the earliest on a tie). */
function heaviestWeek(weeks: readonly number[]): number {
  let heavy = -1;
  weeks.forEach((x, w) => {
    if (!Number.isNaN(x) && (heavy < 0 || x > num(weeks, heavy))) heavy = w;
  });
  return heavy;
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
  if (!overTheLimit(before)) return false;
  const heavy = heaviestWeek(weeks);
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

/** Most shorter sessions one recut takes: four 1.5-h ones make three 2-h ones. */
const MAX_RECUT = 4;

/** A session of the subject: its day, its place there and the place's length in half-hours. */
interface Held {
  day: number;
  place: number;
  len: number;
}

/**
 * Where no session of k's heaviest week can move, k's sessions in shorter places (a day whose
 * hours stop before L, M1) are recut into full ones of the same hours: n shorter sessions of one
 * length (one of them in the heavy week, the others from the heaviest weeks first) make
 * m = n x their length / L sessions of L, each on a day holding no session, in the lightest week
 * first. Kept only when k's heaviest week over its median falls; the weekly cap, the day's places
 * (M1) and its runs (M6) as for a move. Seed 900,001 #31 (L = 1.5 h): 1-h sessions on three
 * Mondays, whose hours stop at 1, and a 1.5-h one on the last Friday, weeks of 1, 1 and 2.5 h;
 * every other Monday was taken, and the Friday's 1.5 h moved would only make another week the
 * heavy one. The Mondays' 3 h make two 1.5-h Fridays: 1.5 h every week, and no 7-day window
 * over the cap any more (the last one held 2.5 h against 2, warned). Whether it recut.
 */
function recutIntoFullPlaces(plan: SteadyWeeksInput, k: number): boolean {
  const weeks = weekHours(plan.tplOf, plan.owners, k, plan.calendar);
  const before = weekRatio(weeks);
  if (!overTheLimit(before)) return false;
  const heavy = heaviestWeek(weeks);
  const full = Math.round(plan.sessionHours * 2);
  const short = shorterSessions(plan, k, full);
  const inHeavy = short.filter((s) => weekIndexOf(plan.calendar, s.day) === heavy).reverse();
  for (const seed of inHeavy) {
    const group = recutGroup(plan, seed, short, weeks, heavy, full);
    if (group && recut(plan, k, group, full, heavy, before)) return true;
  }
  return false;
}

/** k's sessions in places shorter than L (`full` half-hours) before its movable limit, by day. */
function shorterSessions(plan: SteadyWeeksInput, k: number, full: number): Held[] {
  const out: Held[] = [];
  const limit = Math.min(plan.owners.length, numLike(plan.movableBefore, k));
  for (let day = 0; day < limit; day++) {
    const own = item(plan.owners, day);
    const places = plan.tplOf(day).places;
    own.forEach((j, place) => {
      const len = places[place]?.len ?? 0;
      if (j === k && len < full) out.push({ day, place, len });
    });
  }
  return out;
}

/** Greatest common divisor of two positive integers. */
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * `seed` and the fewest other shorter sessions of its length whose hours make whole sessions of
 * L: the others from the heaviest weeks first (days outside the calendar weeks last), then the
 * nearest to the heavy week, the later day first. Null when there are too few, or it would take
 * more than MAX_RECUT.
 */
function recutGroup(
  plan: SteadyWeeksInput,
  seed: Held,
  short: readonly Held[],
  weeks: readonly number[],
  heavy: number,
  full: number,
): Held[] | null {
  const n = full / gcd(full, seed.len);
  if (n > MAX_RECUT) return null;
  const weekOf = (s: Held) => weekIndexOf(plan.calendar, s.day);
  const load = (s: Held) => {
    const x = weeks[weekOf(s)];
    return x === undefined || Number.isNaN(x) ? Number.NEGATIVE_INFINITY : x;
  };
  const distance = (s: Held) => {
    const w = weekOf(s);
    return Number.isNaN(w) ? Number.POSITIVE_INFINITY : Math.abs(w - heavy);
  };
  const others = short
    .filter((s) => s !== seed && s.len === seed.len)
    .sort((p, q) => load(q) - load(p) || distance(p) - distance(q) || q.day - p.day);
  return others.length < n - 1 ? null : [seed, ...others.slice(0, n - 1)];
}

/**
 * Takes the group's sessions out and books their hours as sessions of L (`full` half-hours),
 * each on a day of the calendar weeks holding no session, in the week of k's fewest hours first
 * (then the nearest to the heavy week, then the earlier day), where the cap has room. Kept when
 * every one found a place and k's heaviest week over its median fell below `before`; else the
 * plan is put back as it was. Whether it was kept.
 */
function recut(
  plan: SteadyWeeksInput,
  k: number,
  group: readonly Held[],
  full: number,
  heavy: number,
  before: number,
): boolean {
  const { owners, cap } = plan;
  for (const s of group) {
    item(owners, s.day)[s.place] = -1;
    cap.add(s.day, -s.len / 2);
  }
  const placed: Held[] = [];
  const fromOk = group.every((s) => runsOk(item(owners, s.day), -1));
  const count = group.reduce((x, s) => x + s.len, 0) / full;
  while (fromOk && placed.length < count) {
    const to = fullPlaceForRecut(plan, k, full, heavy);
    if (!to) break;
    item(owners, to.day)[to.place] = k;
    cap.add(to.day, full / 2);
    placed.push(to);
  }
  const weeks = weekHours(plan.tplOf, owners, k, plan.calendar);
  if (placed.length === count && weekRatio(weeks) < before - EPS) return true;
  for (const s of placed) {
    item(owners, s.day)[s.place] = -1;
    cap.add(s.day, -full / 2);
  }
  for (const s of group) {
    item(owners, s.day)[s.place] = k;
    cap.add(s.day, s.len / 2);
  }
  return false;
}

/**
 * A free place of L for k on a day of the calendar weeks before k's movable limit that holds no
 * session (M7, as for a move) and where the cap has room: in the week of k's fewest hours, the
 * nearest to the heavy week on a tie, the earliest day; null when there is none.
 */
function fullPlaceForRecut(
  plan: SteadyWeeksInput,
  k: number,
  full: number,
  heavy: number,
): Held | null {
  const { owners, tplOf, calendar, cap } = plan;
  const weeks = weekHours(tplOf, owners, k, calendar);
  const limit = Math.min(owners.length, numLike(plan.movableBefore, k));
  let best: Held | null = null;
  let bestKey: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let day = 0; day < limit; day++) {
    const w = weekIndexOf(calendar, day);
    if (Number.isNaN(w) || w >= weeks.length) continue;
    const hours = num(weeks, w);
    if (Number.isNaN(hours)) continue;
    const key: [number, number] = [hours, Math.abs(w - heavy)];
    if (key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] >= bestKey[1])) continue;
    const own = item(owners, day);
    if (own.some((j) => j >= 0) || !cap.fits(day, full / 2)) continue;
    const place = validFreePlace(tplOf(day), own, full, k);
    if (place < 0) continue;
    best = { day, place, len: full };
    bestKey = key;
  }
  return best;
}
