/**
 * Stage 14e (docs/planner.md, Exact cramming step): where a subject still holds more in its last
 * week (or last 3 days) than M8 allows after every repair, an integer program over the plan's own
 * places finds the plan nearest this one whose subject holds the least there, and the plan takes
 * it. The repairs before it move one to three places at a time; the plans that stay over need
 * five to eight places to change hands at once (a subject's session handed back through two
 * others), which no bounded search of single moves finds. Pure: the solver is HiGHS compiled to
 * WebAssembly, loaded once when the module is.
 */
import { DAYS_PER_WEEK } from '@studybuddy/contracts';
import highsPackage from 'highs';
import { LAST_WEEK_DAYS, m8Excess } from './anti-cramming.js';
import {
  bookedHours,
  type CramProgram,
  cramProgram,
  EPS,
  type ExactCrammingInput,
  hoursOf,
  keptHours,
  placeHours,
} from './cram-program.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW } from './model.js';
import { hoursBySubject, runsOk, shortPlacesOk, weekHours, weekRatio } from './repair.js';
import { f64, i16, i32, item, numLike } from './typed.js';

export type { ExactCrammingInput } from './cram-program.js';

/**
 * The package's types describe its CommonJS build, whose default export sits under `default`;
 * Node imports its ES build, whose default export is the loader itself.
 */
const loadHighs = highsPackage as unknown as typeof highsPackage.default;
const highs = await loadHighs();

/**
 * A bound on the solver's search, so a plan ends on any input whatever the machine: a program
 * that needs more is left unanswered and the plan stays as the repairs left it.
 */
const MAX_NODES = 2_000;

/** Each subject over an M8 limit gets one try, its last week first, then its last 3 days. */
export function placeCrammingExactly(p: ExactCrammingInput): void {
  const S = p.needs.length;
  for (let k = 0; k < S; k++) {
    const W = numLike(p.examDay, k);
    if (!Number.isFinite(W) || W < CRAM_MIN_WINDOW) continue;
    for (const n of [LAST_WEEK_DAYS, CRAM_DAYS]) {
      // Recounted for each window: the last week's try may have changed the last 3 days.
      const { over7, over3 } = m8Excess(p.tplOf, p.owners, k, W, p.sessionHours);
      const over = n === CRAM_DAYS ? over3 : over7;
      if (over > EPS && !surelyForced(p, k, W, n)) tryLeast(p, k, W, n);
    }
  }
}

/**
 * Whether no plan the program may make can take half an hour out of k's last n days, by the
 * demand bound: before any day t, the places can hold at most what the days' capacity (each day
 * at most a session more than it books, each 7-day block at most its window's share of the cap
 * or what it holds) leaves after every other subject whose window has ended by t keeps the hours
 * it may not lose. What k can hold before its last n days is at most the least of that over t;
 * the rest of its hours stay in them. A necessary test, cheap beside the solver (about 10 ms a
 * program): at the fixed seed, most subjects over a limit are held there by it.
 */
function surelyForced(p: ExactCrammingInput, k: number, W: number, n: number): boolean {
  const S = p.needs.length;
  const days = p.owners.length;
  const hours = hoursBySubject(p.tplOf, p.owners, S);
  const keep = (j: number) => keptHours(p, hours, j);
  const { booked } = bookedHours(p, new Set());
  const dayMost = (d: number) => Math.min(f64(p.capacity, d), f64(booked, d) + p.sessionHours);
  /**
   * Most hours the days before t can hold: 7-day blocks, each within its window, the first
   * block ending at t - s; the tightest of the seven offsets.
   */
  const before = (t: number) => {
    let least = Number.POSITIVE_INFINITY;
    for (let s = 0; s < DAYS_PER_WEEK; s++) least = Math.min(least, blocksBefore(t, s));
    return least;
  };
  const blocksBefore = (t: number, s: number) => {
    let total = 0;
    for (let d = Math.max(0, t - s); d < t; d++) total += dayMost(d);
    for (let b = t - s; b > 0; b -= DAYS_PER_WEEK) {
      const a = Math.max(0, b - DAYS_PER_WEEK);
      let most = 0;
      let held = 0;
      for (let d = a; d < b; d++) {
        most += dayMost(d);
        held += f64(booked, d);
      }
      const limit =
        a + DAYS_PER_WEEK <= days && a < p.weekLimit.length ? f64(p.weekLimit, a) : most;
      total += b - a === DAYS_PER_WEEK ? Math.min(most, Math.max(limit, held)) : most;
    }
    return total;
  };
  const x = W - n;
  let room = Number.POSITIVE_INFINITY;
  for (let t = x; t <= days; t++) {
    let due = 0;
    for (let j = 0; j < S; j++) if (j !== k && i32(p.windowEnd, j) <= t) due += keep(j);
    room = Math.min(room, before(t) - due);
  }
  const { last } = hoursOf(p, k, W, n);
  return keep(k) - Math.max(0, room) > last - 0.5 + EPS;
}

/**
 * One try for subject k's last n days: the program over the plan's places (`cramProgram`), its
 * relaxation first (`mayGainHalfAnHour`), then the nearest plan of whole places
 * (`nearestOwners`), taken only when k then holds less there and every changed day stays valid
 * (`takeIfBetter`).
 */
function tryLeast(p: ExactCrammingInput, k: number, W: number, n: number): void {
  const program = cramProgram(p, k, W, n);
  if (!program || !mayGainHalfAnHour(p, program, k, W, n)) return;
  const owner = nearestOwners(program);
  if (owner) takeIfBetter(p, program, owner, k, W, n);
}

/**
 * The relaxation, on k's hours alone: whether fractional places can take half an hour (the
 * least step of any plan) out of k's last n days. Where they cannot, the integer program cannot
 * either; so it is asked only of the few plans it may change (24 of 2,197 tries at the fixed
 * seed).
 */
function mayGainHalfAnHour(
  p: ExactCrammingInput,
  program: CramProgram,
  k: number,
  W: number,
  n: number,
): boolean {
  const relaxed = highs.solve(
    [
      'Minimize',
      ` obj: ${program.lastTerms.join(' + ')}`,
      'Subject To',
      ...program.rows,
      'Bounds',
      ...program.binaries.map((c) => ` 0 <= ${c} <= 1`),
      'End',
    ].join('\n'),
    { output_flag: false },
  );
  if (relaxed.Status !== 'Optimal') return false;
  let outsideLast = 0;
  for (let d = W - n; d < W; d++) {
    const own = p.owners[d];
    if (!own) continue;
    for (let i = 0; i < own.length; i++)
      if (own[i] === k && !program.listed.has(`${d}:${i}`)) outsideLast += placeHours(p, d, i);
  }
  return relaxed.ObjectiveValue + outsideLast <= hoursOf(p, k, W, n).last - 0.5 + 1e-6;
}

/** The integer program's answer: each listed place's owner (-1: free), or undefined. */
function nearestOwners(program: CramProgram): number[] | undefined {
  const lp = [
    'Minimize',
    ` obj: ${[...program.weight].map(([c, w]) => `${w} ${c}`).join(' + ')}`,
    'Subject To',
    ...program.rows,
    'Binary',
    ` ${program.binaries.join(' ')}`,
    'End',
  ].join('\n');
  const r = highs.solve(lp, { output_flag: false, mip_max_nodes: MAX_NODES });
  if (r.Status !== 'Optimal') return undefined;
  const owner = program.places.map(() => -1);
  for (const [name, col] of Object.entries(r.Columns)) {
    if (!('Primal' in col) || col.Primal < 0.5) continue;
    const [j, x] = name.slice(1).split('_').map(Number) as [number, number];
    owner[x] = j;
  }
  return owner;
}

/**
 * The plan takes the program's owners when k then holds less in its last n days, every changed
 * day keeps its shorter places and its runs valid, and every steady subject's weeks stay steady
 * (or no less steady than they were); otherwise it stays as it was.
 */
function takeIfBetter(
  p: ExactCrammingInput,
  program: CramProgram,
  owner: readonly number[],
  k: number,
  W: number,
  n: number,
): void {
  const before = hoursOf(p, k, W, n).last;
  const steadyBefore: Array<[number, number]> = [];
  for (let j = 0; j < p.needs.length; j++)
    if (numLike(p.steady, j))
      steadyBefore.push([j, weekRatio(weekHours(p.tplOf, p.owners, j, p.calendar))]);
  const { places } = program;
  const saved = places.map((pl) => i16(item(p.owners, pl.d), pl.i));
  const savedDay = p.finalDay.slice();
  const savedLen = p.finalLen.slice();
  places.forEach((pl, x) => {
    item(p.owners, pl.d)[pl.i] = owner[x] as number;
  });
  program.freeReview.forEach((free, j) => {
    if (free) moveReview(p, j);
  });
  const changedDays = new Set(places.filter((_, x) => owner[x] !== saved[x]).map((pl) => pl.d));
  const valid =
    [...changedDays].every(
      (d) => shortPlacesOk(p.tplOf(d), item(p.owners, d)) && runsOk(item(p.owners, d), -1),
    ) &&
    steadyBefore.every(([j, ratio]) => {
      const after = weekRatio(weekHours(p.tplOf, p.owners, j, p.calendar));
      return after <= 2 + EPS || after <= ratio + EPS;
    });
  if (valid && hoursOf(p, k, W, n).last < before - EPS) return;
  places.forEach((pl, x) => {
    item(p.owners, pl.d)[pl.i] = saved[x] as number;
  });
  p.finalDay.splice(0, p.finalDay.length, ...savedDay);
  p.finalLen.set(savedLen);
}

/**
 * Subject j's final review after the program moved places: its last place before its exam (the
 * longest of that day's), which the program keeps in M9's days.
 */
function moveReview(p: ExactCrammingInput, j: number): void {
  const E = numLike(p.examDay, j);
  for (let d = E - 1; d >= 0; d--) {
    const own = item(p.owners, d);
    let len = 0;
    for (let i = 0; i < own.length; i++)
      if (own[i] === j) len = Math.max(len, p.tplOf(d).places[i]?.len ?? 0);
    if (len > 0) {
      p.finalDay[j] = d;
      p.finalLen[j] = len;
      return;
    }
  }
}
