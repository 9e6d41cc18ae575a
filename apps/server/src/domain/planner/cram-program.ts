/**
 * The integer program of the exact cramming step (stage 14e, docs/planner.md; exact-cramming.ts
 * solves it): the plan's places as binary columns (subject j holds place x), and the rows that
 * keep every rule the repairs before it keep. Written in HiGHS's LP format. Pure, no I/O.
 */
import { type CalendarWeeks, DAYS_PER_WEEK } from '@studybuddy/contracts';
import { cramAllowance, LAST_WEEK_DAYS, lastWeekAllowance } from './anti-cramming.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate, REVIEW_NEAR_DAYS } from './model.js';
import { hoursBySubject, reviewPlaceOn, weekHours } from './repair.js';
import { f64, i16, i32, item, numLike } from './typed.js';
import { workloadCeiling } from './workload-ceiling.js';

/** Tolerance on hours (sums of half-hours). */
export const EPS = 1e-9;
/** Weeks before the exam whose places the program may change (the traced chains span 2-5). */
const SPAN_WEEKS = 9;
/**
 * The weight of an hour in the last days against one place changed: the least comes first, then
 * the fewest places that change hands (a final review that moves counts as two, so it stays
 * where another plan as near keeps it).
 */
const HOUR_OVER_CHANGES = 1_000;
/**
 * Hours a subject may lose or gain: a 1.5-h and a 1-h place traded (seed 43,735,038 #302: E
 * hands a 1-h place on and takes C's 1.5-h one). Never below its need, nor past its ceiling.
 */
export const MOST_TRADED = 0.5;

/** Sessions of its first half's hours a front-loaded subject with an exam may give up (frontRows). */
const FRONT_MOST_LOST = 1;

/** What the step reads and changes. */
export interface ExactCrammingInput {
  tplOf: (day: number) => DayTemplate;
  /** `owners[d][i]`: the subject of place i on day d (-1 when free); changed in place. */
  owners: Int16Array[];
  /** Exam day offsets (NaN: no exam in the plan). */
  examDay: ArrayLike<number>;
  windowEnd: Int32Array;
  needs: Float64Array;
  /** Each subject's final-review day (-1: none) and its place's length in half-hours. */
  finalDay: number[];
  finalLen: Int32Array;
  /** 1 for a steady subject (no exam in the plan): its calendar weeks stay steady. */
  steady: ArrayLike<number>;
  /** Rolling 7-day windows' limits (the weekly cap's share of each window's capacity). */
  weekLimit: Float64Array;
  calendar: CalendarWeeks;
  maxLoad: number;
  capacity: Float64Array;
  sessionHours: number;
  /** Front-loading on: no subject with an exam loses hours in its first half. */
  frontLoad: boolean;
}

/** A place of the program: day, index in the day, hours. */
export interface Place {
  d: number;
  i: number;
  h: number;
}

/** Subject k's hours before day W, and in the last n days before it. */
export function hoursOf(p: ExactCrammingInput, k: number, W: number, n: number) {
  let total = 0;
  let last = 0;
  for (let d = 0; d < Math.min(W, p.owners.length); d++) {
    const own = item(p.owners, d);
    for (let i = 0; i < own.length; i++)
      if (own[i] === k) {
        const h = placeHours(p, d, i);
        total += h;
        if (d >= W - n) last += h;
      }
  }
  return { total, last };
}

/** The place of subject j's final review (`reviewPlaceOn`, on its review day), or -1. */
export function reviewPlace(p: ExactCrammingInput, j: number): number {
  const d = numLike(p.finalDay, j);
  return d < 0 ? -1 : reviewPlaceOn(p.tplOf(d), item(p.owners, d), j, numLike(p.finalLen, j));
}

/** The program of one try, in HiGHS's LP format, with the places its columns stand for. */
export interface CramProgram {
  places: Place[];
  /** Every place the program lists, as `day:index`. */
  listed: Set<string>;
  rows: string[];
  /** Column `x{j}_{x}`: subject j holds place x. */
  binaries: string[];
  /** Each column's weight in the objective (k's last days first, then places changed). */
  weight: Map<string, number>;
  /** k's columns in its last n days: the relaxation's objective. */
  lastTerms: string[];
  /** 1 for a subject whose final review may move (its last place in M9's days after). */
  freeReview: Uint8Array;
}

/** What the program's rows are written from (`cramProgram`). */
interface ProgramFrame {
  p: ExactCrammingInput;
  places: Place[];
  listed: Set<string>;
  /** First day the program may change: SPAN_WEEKS before the exam. */
  from: number;
  movable: (j: number) => boolean;
  /** Whether subject j may hold place pl (before its exam, not after a review that stays). */
  may: (j: number, pl: Place) => boolean;
  /** The program's rows, as `add` writes them. */
  rows: string[];
  /** Each listed place's columns: the subjects that may hold it. */
  holders: string[][];
  /** Subject j's terms (`hours column`) over the listed places of days lo..hi-1. */
  termsOf: (j: number, lo: number, hi: number) => string[];
  /** Each listed day's terms, every subject's. */
  byDay: Map<number, string[]>;
  /** Hours the plan books each day, and of those outside the program. */
  booked: Float64Array;
  outside: Float64Array;
  /** Each subject's hours, and of those outside the program. */
  hours: Float64Array;
  outsideOf: Float64Array;
  add: (terms: string[], rel: string, bound: number, name: string) => void;
}

/**
 * The program for subject k's last n days: the places from SPAN_WEEKS before its exam on change
 * hands among the subjects with exams and the steady ones whose windows hold them (a final
 * review stays, and no subject holds a place after it, unless the review is in M9's days and
 * those are all the program's: it may then move among their places, `reviewMayMove`). Undefined
 * when k has no place there to give up.
 */
export function cramProgram(
  p: ExactCrammingInput,
  k: number,
  W: number,
  n: number,
): CramProgram | undefined {
  const S = p.needs.length;
  const days = p.owners.length;
  const from = Math.max(0, W - SPAN_WEEKS * DAYS_PER_WEEK);
  const fixed = new Set<string>();
  const movable = (j: number) =>
    (numLike(p.steady, j) > 0 || Number.isFinite(numLike(p.examDay, j))) &&
    i32(p.windowEnd, j) > from;
  const freeReview = new Uint8Array(S);
  const reviewAt: string[] = [];
  for (let j = 0; j < S; j++) {
    const i = reviewPlace(p, j);
    if (i < 0) continue;
    reviewAt[j] = `${numLike(p.finalDay, j)}:${i}`;
    if (reviewMayMove(p, j, from, W) && movable(j)) freeReview[j] = 1;
    else fixed.add(`${numLike(p.finalDay, j)}:${i}`);
  }
  /** Last day subject j may hold: before its exam and not after its final review. */
  const lastDay = (j: number) => {
    const review = numLike(p.finalDay, j);
    return review >= 0 && !freeReview[j]
      ? Math.min(review, i32(p.windowEnd, j) - 1)
      : i32(p.windowEnd, j) - 1;
  };
  const places: Place[] = [];
  for (let d = from; d < Math.min(W, days); d++) {
    const own = item(p.owners, d);
    for (let i = 0; i < own.length; i++) {
      const holder = i16(own, i);
      if (fixed.has(`${d}:${i}`) || (holder >= 0 && !movable(holder))) continue;
      places.push({ d, i, h: placeHours(p, d, i) });
    }
  }
  const may = (j: number, pl: Place) => movable(j) && pl.d <= lastDay(j);
  const rows: string[] = [];
  const add = (terms: string[], rel: string, bound: number, name: string) => {
    if (terms.length) rows.push(` ${name}: ${terms.join(' + ')} ${rel} ${bound}`);
  };
  const binaries: string[] = [];
  const byDay = new Map<number, string[]>();
  const holders: string[][] = [];
  places.forEach((pl, x) => {
    const held: string[] = [];
    for (let j = 0; j < S; j++)
      if (may(j, pl)) {
        held.push(column(j, x));
        const list = byDay.get(pl.d) ?? [];
        list.push(`${pl.h} ${column(j, x)}`);
        byDay.set(pl.d, list);
      }
    holders.push(held);
    binaries.push(...held);
    add(held, '<=', 1, `p${x}`);
  });
  const listed = new Set(places.map((pl) => `${pl.d}:${pl.i}`));
  const { booked, outside, outsideOf } = bookedHours(p, listed);
  const frame: ProgramFrame = {
    p,
    places,
    listed,
    from,
    movable,
    may,
    rows,
    holders,
    termsOf: (j, lo, hi) =>
      places.flatMap((pl, x) =>
        may(j, pl) && pl.d >= lo && pl.d < hi ? [`${pl.h} ${column(j, x)}`] : [],
      ),
    byDay,
    booked,
    outside,
    hours: hoursBySubject(p.tplOf, p.owners, S),
    outsideOf,
    add,
  };
  reviewRows(frame, freeReview);
  shorterPlaceRows(frame);
  hoursRows(frame);
  capRows(frame, W);
  limitRows(frame, k, n);
  steadyRows(frame);
  if (p.frontLoad) frontRows(frame);
  const lastTerms = frame.termsOf(k, W - n, W);
  if (!lastTerms.length) return undefined;
  const weight = new Map<string, number>();
  places.forEach((pl, x) => {
    const holder = i16(item(p.owners, pl.d), pl.i);
    for (let j = 0; j < S; j++) {
      if (!may(j, pl)) continue;
      const kept = holder !== j ? 1 : freeReview[j] && reviewAt[j] === `${pl.d}:${pl.i}` ? -2 : -1;
      const w = (j === k && pl.d >= W - n ? HOUR_OVER_CHANGES * pl.h : 0) + kept;
      weight.set(column(j, x), w);
    }
  });
  return { places, listed, rows, binaries, weight, lastTerms, freeReview };
}

/**
 * Whether subject j's final review may move among the places of M9's days: it is in them now,
 * and all of them are the program's (from its first day, before k's exam).
 */
function reviewMayMove(p: ExactCrammingInput, j: number, from: number, W: number): boolean {
  const E = numLike(p.examDay, j);
  const r = numLike(p.finalDay, j);
  return (
    Number.isFinite(E) &&
    r >= E - REVIEW_NEAR_DAYS &&
    r < E &&
    E - REVIEW_NEAR_DAYS >= from &&
    E <= W
  );
}

/**
 * A final review that may move stays in M9's days: its subject holds a place of an hour or more
 * there (its last place becomes its review, `moveReview` in exact-cramming.ts).
 */
function reviewRows(f: ProgramFrame, freeReview: Uint8Array): void {
  freeReview.forEach((free, j) => {
    if (!free) return;
    const E = numLike(f.p.examDay, j);
    const terms = f.places.flatMap((pl, x) =>
      f.may(j, pl) && pl.d >= E - REVIEW_NEAR_DAYS && pl.d < E && pl.h >= 1 ? [column(j, x)] : [],
    );
    f.add(terms, '>=', 1, `r${j}`);
  });
}

/** The column of subject j holding place x. */
function column(j: number, x: number): string {
  return `x${j}_${x}`;
}

/** Hours of place i on day d. */
export function placeHours(p: ExactCrammingInput, d: number, i: number): number {
  return (p.tplOf(d).places[i]?.len ?? 0) / 2;
}

/** Hours each day books, and of them (by day and by subject) those outside the program. */
export function bookedHours(p: ExactCrammingInput, listed: ReadonlySet<string>) {
  const days = p.owners.length;
  const booked = new Float64Array(days);
  const outside = new Float64Array(days);
  const outsideOf = new Float64Array(p.needs.length);
  for (let d = 0; d < days; d++) {
    const own = item(p.owners, d);
    for (let i = 0; i < own.length; i++) {
      const j = i16(own, i);
      if (j < 0) continue;
      const h = placeHours(p, d, i);
      booked[d] = f64(booked, d) + h;
      if (listed.has(`${d}:${i}`)) continue;
      outside[d] = f64(outside, d) + h;
      outsideOf[j] = f64(outsideOf, j) + h;
    }
  }
  return { booked, outside, outsideOf };
}

/** Hours subject j must keep: its need, and no more than MOST_TRADED below what it holds. */
export function keptHours(p: ExactCrammingInput, hours: Float64Array, j: number): number {
  return Math.min(f64(hours, j), Math.max(f64(p.needs, j), f64(hours, j) - MOST_TRADED));
}

/** Subject j's hours on the days from..to-1 outside the program. */
function outsideHours(f: ProgramFrame, j: number, from: number, to: number): number {
  let out = 0;
  for (let d = Math.max(0, from); d < Math.min(to, f.p.owners.length); d++) {
    const own = item(f.p.owners, d);
    for (let i = 0; i < own.length; i++)
      if (own[i] === j && !f.listed.has(`${d}:${i}`)) out += placeHours(f.p, d, i);
  }
  return out;
}

/**
 * Each subject keeps its need and ends within MOST_TRADED of its hours (never past its ceiling);
 * no day books more than a session past what it did.
 */
function hoursRows(f: ProgramFrame): void {
  const { p, hours, outsideOf } = f;
  for (let j = 0; j < p.needs.length; j++) {
    if (!f.movable(j)) continue;
    const mine = f.termsOf(j, 0, p.owners.length);
    f.add(mine, '>=', keptHours(p, hours, j) - f64(outsideOf, j) - EPS * 1e3, `lo${j}`);
    const hi = Math.max(
      f64(hours, j),
      Math.min(f64(hours, j) + MOST_TRADED, workloadCeiling(f64(p.needs, j), p.sessionHours)),
    );
    f.add(mine, '<=', hi - f64(outsideOf, j) + EPS * 1e3, `hi${j}`);
  }
  for (const [d, terms] of f.byDay)
    f.add(terms, '<=', f64(f.booked, d) + p.sessionHours - f64(f.outside, d) + 1e-6, `day${d}`);
}

/** The cap: every rolling 7-day window and calendar week within its share or what it held. */
function capRows(f: ProgramFrame, W: number): void {
  const { p } = f;
  const days = p.owners.length;
  const windowRow = (a: number, b: number, limit: number, name: string) => {
    const terms: string[] = [];
    let held = 0;
    let out = 0;
    for (let d = Math.max(a, 0); d < Math.min(b, days); d++) {
      terms.push(...(f.byDay.get(d) ?? []));
      held += f64(f.booked, d);
      out += f64(f.outside, d);
    }
    f.add(terms, '<=', Math.max(limit, held) - out + 1e-6, name);
  };
  for (let a = Math.max(0, f.from - 6); a < p.weekLimit.length && a < W; a++)
    windowRow(a, a + DAYS_PER_WEEK, f64(p.weekLimit, a), `w${a}`);
  for (let w = 0; w < p.calendar.count; w++) {
    const a = p.calendar.first + w * DAYS_PER_WEEK;
    if (a + DAYS_PER_WEEK <= f.from || a >= W) continue;
    let cap = 0;
    for (let d = a; d < a + DAYS_PER_WEEK; d++) cap += f64(p.capacity, d);
    windowRow(a, a + DAYS_PER_WEEK, p.maxLoad * cap, `c${w}`);
  }
}

/**
 * Every subject's M8 limits but the one the try is for: within the limit (on the hours it must
 * keep) or what it holds there now, whichever is more.
 */
function limitRows(f: ProgramFrame, k: number, n: number): void {
  const { p } = f;
  for (let j = 0; j < p.needs.length; j++) {
    const E = numLike(p.examDay, j);
    if (!f.movable(j) || !Number.isFinite(E) || E < CRAM_MIN_WINDOW) continue;
    const kept = keptHours(p, f.hours, j);
    for (const m of [LAST_WEEK_DAYS, CRAM_DAYS]) {
      if (j === k && m === n) continue;
      const allowed =
        m === CRAM_DAYS
          ? cramAllowance(kept, p.sessionHours)
          : lastWeekAllowance(kept, E, p.sessionHours);
      const most = Math.max(allowed, hoursOf(p, j, E, m).last) - outsideHours(f, j, E - m, E);
      f.add(f.termsOf(j, E - m, E), '<=', most + 1e-6, `m${j}_${m}`);
    }
  }
}

/** A steady subject's calendar weeks: none past its busiest one now. */
function steadyRows(f: ProgramFrame): void {
  const { p } = f;
  for (let j = 0; j < p.needs.length; j++) {
    if (!numLike(p.steady, j) || !f.movable(j)) continue;
    const weeks = weekHours(p.tplOf, p.owners, j, p.calendar);
    const peak = Math.max(0, ...weeks.filter((x) => !Number.isNaN(x)));
    weeks.forEach((_, w) => {
      const a = p.calendar.first + w * DAYS_PER_WEEK;
      const most = peak - outsideHours(f, j, a, a + DAYS_PER_WEEK);
      f.add(f.termsOf(j, a, a + DAYS_PER_WEEK), '<=', most + 1e-6, `s${j}_${w}`);
    });
  }
}

/**
 * Front-loaded: no subject with an exam loses more than one session of the hours its first half
 * holds. Not one lost hour, as before: of the 7 front-loaded plans on record still over an M8
 * limit after every repair, 6 needed another exam to give up an early place for the crammed
 * subject's late one (seed 11,676,970 #109: D gives F its 1-h Friday and takes F's 1.5-h place
 * in F's last week). The step runs on few plans (a subject still over a limit), and over the
 * 153 seeds of planner-seeds.json no subject's front-load gain fell below M10's with it.
 */
function frontRows(f: ProgramFrame): void {
  const { p } = f;
  for (let j = 0; j < p.needs.length; j++) {
    if (!f.movable(j) || !Number.isFinite(numLike(p.examDay, j))) continue;
    const half = Math.floor(i32(p.windowEnd, j) / 2);
    if (half <= f.from) continue;
    const now = hoursOf(p, j, half, half).total;
    const least = now - outsideHours(f, j, 0, half);
    f.add(f.termsOf(j, 0, half), '>=', least - FRONT_MOST_LOST * p.sessionHours - 1e-6, `f${j}`);
  }
}

/**
 * M1's rule for a day's places: its shorter place is held only when each of its full places is
 * (`shortPlacesOk`, which the plan's answer is checked against). Without these rows the nearest
 * plan often freed a full place and kept the shorter one, and the step found nothing it could
 * take (seed 22,903,564 #577: I's last 3 days at 6.5 h against a least of 6 h).
 */
function shorterPlaceRows(f: ProgramFrame): void {
  const { p, places } = f;
  const held = (x: number) => item(f.holders, x);
  const byDay = new Map<number, number[]>();
  places.forEach((pl, x) => {
    const list = byDay.get(pl.d) ?? [];
    list.push(x);
    byDay.set(pl.d, list);
  });
  for (const [d, xs] of byDay) {
    const tpl = p.tplOf(d);
    let full = 0;
    for (const pl of tpl.places) full = Math.max(full, pl.len);
    const lenOf = (x: number) => tpl.places[item(places, x).i]?.len ?? 0;
    // A place the program does not list is held (a final review, or a subject it leaves alone).
    const shorter = tpl.places.findIndex((pl) => pl.len < full);
    if (shorter < 0) continue;
    const s = xs.find((x) => item(places, x).i === shorter);
    for (const x of xs) {
      if (lenOf(x) !== full) continue;
      const fullTerms = held(x);
      if (s === undefined) f.add(fullTerms, '>=', 1, `sf${d}_${x}`);
      else {
        const shortTerms = held(s);
        if (!shortTerms.length) continue;
        const rhs = fullTerms.length ? ` - ${fullTerms.join(' - ')}` : '';
        f.rows.push(` sp${d}_${x}: ${shortTerms.join(' + ')}${rhs} <= 0`);
      }
    }
  }
}
