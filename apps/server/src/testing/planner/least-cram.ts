/**
 * The least hours any plan can give a subject's last days before its exam (test-only helper of
 * M8, docs/planner.md, Quality metrics): an integer program over the plan's places, solved with
 * HiGHS. M8's bound from the needs (roomBefore) is a relaxation: it treats the hours before a day
 * as a flow and may find room that only a re-packing of several subjects' whole places would
 * make, and sometimes none makes (seed 91,397,031 #796: D 6 of 12 h in its last 3 days, the
 * least any plan can hold there). The program answers exactly, and is asked only when that bound
 * finds a plan over the limits.
 */
import highsPackage from 'highs';
import { placeLengths } from './whole-places.js';

/**
 * The package's types describe its CommonJS build, whose default export sits under `default`;
 * Node imports its ES build, whose default export is the loader itself.
 */
const loadHighs = highsPackage as unknown as typeof highsPackage.default;
/** Loaded once: the solver is WebAssembly, and its loader is asynchronous. */
const highs = await loadHighs();

/**
 * A bound on the search, so the metric ends on any input: a plan of 14 weeks and 12 subjects
 * is solved in about a second and a few hundred nodes; a program that needs more is left
 * unanswered (the relaxation's bound stands), not cut by a clock, which would make the answer
 * depend on the machine.
 */
const MAX_NODES = 20_000;

/** The weight of an hour in the last days against one place changed (`nearestPlan`). */
const PAST_ANY_COUNT = 10_000;

/** What the program needs of the plan and its input. */
export interface CramModel {
  days: number;
  /** Each day's capacity in hours (its places, as the metrics pack them). */
  cap: readonly number[];
  /** Session length in hours. */
  L: number;
  /** The weekly cap's share of a 7-day window's capacity. */
  maxLoad: number;
  windowEnd: readonly number[];
  exam: readonly number[];
  needs: readonly number[];
  /**
   * The plan's sessions: where the needs made a window pass the cap, that window's hold; and,
   * for `nearestPlan`, who holds which place (`subject`) and which is a final review.
   */
  sessions: ReadonlyArray<{ day: number; hours: number; subject?: number; review?: boolean }>;
  /**
   * The subjects M8 checks, with the most their last 7 and last 3 days may hold: another
   * subject's limit, or as much as the plan gave it there, whichever is more (the program may
   * not cram another exam to spare this one).
   */
  limits: ReadonlyMap<number, { last7: number; last3: number }>;
}

/** The plan's places, day by day, as the metrics count a day's whole places. */
function placesOf(m: CramModel): Array<{ day: number; hours: number }> {
  return Array.from({ length: m.days }, (_, day) =>
    placeLengths(m.cap[day] as number, m.L).map((len) => ({ day, hours: len / 2 })),
  ).flat();
}

/**
 * The least hours subject k's last `n` days before its exam can hold in a plan that gives every
 * subject its need in whole places of its window, books no 7-day window past the cap (or past
 * what this plan booked there) and keeps every other checked subject within its limits. Where no
 * plan keeps the others within theirs, the least over the plans that meet the needs alone.
 * Undefined when no plan meets the needs or the search is not finished within its bound.
 */
export function leastLastDays(
  m: CramModel,
  k: number,
  n: 3 | 7,
  otherMost?: number,
): number | undefined {
  return answer(m, k, n, false, otherMost)?.least;
}

/** A place that changes hands in `nearestPlan` (-1: free). */
export interface PlaceChange {
  day: number;
  hours: number;
  from: number;
  to: number;
}

/**
 * For tracing a failure (`npm run bench:planner -- --chain`): the plan nearest this one, in
 * places changed, whose subject k holds the least in its last `n` days, every final review kept
 * in its place (the planner's moves keep them); that least, and the places that change hands.
 */
export function nearestPlan(
  m: CramModel,
  k: number,
  n: 3 | 7,
): { least: number; changes: PlaceChange[] } | undefined {
  return answer(m, k, n, true);
}

function answer(
  m: CramModel,
  k: number,
  n: 3 | 7,
  nearest: boolean,
  otherMost?: number,
): { least: number; changes: PlaceChange[] } | undefined {
  const limited = solve(m, k, n, true, nearest, otherMost);
  const r = limited.status === 'Infeasible' ? solve(m, k, n, false, nearest, otherMost) : limited;
  if (r.status !== 'Optimal') return undefined;
  // In half-hours: the solver's sum of 1.5-h places may end a hair off.
  return { least: Math.round(r.least * 2) / 2, changes: r.changes };
}

/**
 * The plan's sessions on the places as `placesOf` lists them: each session on a free place of
 * its day and length (which of a day's equal places does not matter to the program).
 */
function heldPlaces(
  m: CramModel,
  places: ReadonlyArray<{ day: number; hours: number }>,
): Array<{ subject: number; review: boolean }> {
  const held: Array<{ subject: number; review: boolean }> = places.map(() => ({
    subject: -1,
    review: false,
  }));
  for (const s of m.sessions) {
    const p = places.findIndex(
      (pl, i) => held[i]?.subject === -1 && pl.day === s.day && pl.hours === s.hours,
    );
    if (p >= 0) held[p] = { subject: s.subject ?? -1, review: s.review ?? false };
  }
  return held;
}

function solve(
  m: CramModel,
  k: number,
  n: 3 | 7,
  othersLimited: boolean,
  nearest: boolean,
  otherMost?: number,
): { status: string; least: number; changes: PlaceChange[] } {
  const places = placesOf(m);
  const S = m.needs.length;
  const live = (j: number) => (m.windowEnd[j] as number) > 0 && (m.needs[j] as number) > 0;
  const may = (j: number, p: number) =>
    live(j) && (places[p]?.day as number) < (m.windowEnd[j] as number);
  const x = (j: number, p: number) => `x${j}_${p}`;
  const term = (j: number, p: number) => `${places[p]?.hours} ${x(j, p)}`;
  const rows: string[] = [];
  const columns: string[] = [];
  const sum = (terms: string[], rel: string, bound: number, name: string) => {
    if (terms.length) rows.push(`${name}: ${terms.join(' + ')} ${rel} ${bound}`);
  };
  places.forEach((_, p) => {
    const held: string[] = [];
    for (let j = 0; j < S; j++) if (may(j, p)) held.push(x(j, p));
    columns.push(...held);
    sum(held, '<=', 1, `place${p}`);
  });
  const termsOf = (j: number, from: number) =>
    places.flatMap((pl, p) => (may(j, p) && pl.day >= from ? [term(j, p)] : []));
  for (let j = 0; j < S; j++)
    if (live(j)) sum(termsOf(j, 0), '>=', m.needs[j] as number, `need${j}`);
  // The cap, as the planner books it: each whole 7-day window of the period, its terms gathered
  // by day once (not a pass over the places for every window).
  const dayTerms = Array.from({ length: m.days }, () => [] as string[]);
  places.forEach((pl, p) => {
    for (let j = 0; j < S; j++) if (may(j, p)) dayTerms[pl.day]?.push(term(j, p));
  });
  const booked = new Array<number>(m.days).fill(0);
  for (const s of m.sessions) booked[s.day] = (booked[s.day] ?? 0) + s.hours;
  for (let a = 0; a + 7 <= m.days; a++) {
    let capacity = 0;
    let held = 0;
    for (let d = a; d < a + 7; d++) {
      capacity += m.cap[d] as number;
      held += booked[d] as number;
    }
    const terms = dayTerms.slice(a, a + 7).flat();
    // A hair over: the plan's own hold, summed in another order, must not read as past it.
    sum(terms, '<=', Math.max(m.maxLoad * capacity, held) + 1e-6, `week${a}`);
  }
  if (othersLimited)
    for (const [j, limit] of m.limits) {
      if (j === k) continue;
      sum(termsOf(j, (m.exam[j] as number) - 7), '<=', limit.last7 + 1e-6, `last7of${j}`);
      sum(termsOf(j, (m.exam[j] as number) - 3), '<=', limit.last3 + 1e-6, `last3of${j}`);
    }
  reviewRows(m, places, may, x, sum);
  // k's other window (its last 3 days for the last week, and the other way) within what M8 lets
  // pass there: a plan that empties the last week into the last 3 days passes no better.
  if (otherMost !== undefined)
    sum(termsOf(k, (m.exam[k] as number) - (n === 7 ? 3 : 7)), '<=', otherMost + 1e-6, 'other');
  const last = (m.exam[k] as number) - n;
  const objective = termsOf(k, last);
  if (!objective.length) return { status: 'Optimal', least: 0, changes: [] };
  // Nearest: the least first (a weight past any count of places), then the fewest places that
  // change hands: a place taken by another subject than holds it costs one, and so does a held
  // place let go (its column counts -1 against a constant); each final review stays. One
  // coefficient a column: the LP format reads a column named twice in a row as the last term,
  // not the sum.
  const held = nearest ? heldPlaces(m, places) : [];
  if (nearest) {
    const weight = new Map<string, number>();
    places.forEach((pl, p) => {
      for (let j = 0; j < S; j++) {
        if (!may(j, p)) continue;
        const w =
          (j === k && pl.day >= last ? PAST_ANY_COUNT * pl.hours : 0) +
          (held[p]?.subject === j ? -1 : 1);
        if (w) weight.set(x(j, p), w);
      }
      const h = held[p];
      if (h?.review && h.subject >= 0 && may(h.subject, p))
        sum([x(h.subject, p)], '>=', 1, `review${p}`);
    });
    objective.splice(0, objective.length, ...[...weight].map(([col, w]) => `${w} ${col}`));
  }
  const lp = [
    'Minimize',
    ` last: ${objective.join(' + ')}`,
    'Subject To',
    ...rows.map((r) => ` ${r}`),
    'Binary',
    ` ${columns.join(' ')}`,
    'End',
  ].join('\n');
  const r = highs.solve(lp, { output_flag: false, mip_max_nodes: MAX_NODES });
  if (r.Status !== 'Optimal') return { status: r.Status, least: Number.NaN, changes: [] };
  // The chosen owner of every place, and k's hours in its last days.
  const owner = places.map(() => -1);
  let least = 0;
  for (const [name, column] of Object.entries(r.Columns)) {
    if (!('Primal' in column) || column.Primal < 0.5) continue;
    const [j, p] = name.slice(1).split('_').map(Number) as [number, number];
    owner[p] = j;
    if (j === k && (places[p]?.day as number) >= last) least += places[p]?.hours as number;
  }
  const changes = nearest
    ? places.flatMap((pl, p) => {
        const from = held[p]?.subject ?? -1;
        const to = owner[p] as number;
        return from === to ? [] : [{ day: pl.day, hours: pl.hours, from, to }];
      })
    : [];
  return { status: r.Status, least, changes };
}

/** M9's days for a final review: the 3 before the exam (its fallback, the 3 before those). */
const REVIEW_DAYS = 3;

/**
 * M9 holds in the program's plans too: a subject whose final review this plan puts in the 3
 * days before its exam holds a place of an hour or more there (its review, wherever it moves
 * among them), and one whose review fell back to the 3 days before those holds one in the 6.
 * Without these rows the least could be a plan with no final review at all (seed 67,769,698
 * #268: I's last week 2.5 h against a least of 1 h, reached only by a plan with nothing in its
 * last 3 days; 2.5 h, what the plan holds, with its review there).
 */
function reviewRows(
  m: CramModel,
  places: ReadonlyArray<{ day: number; hours: number }>,
  may: (j: number, p: number) => boolean,
  x: (j: number, p: number) => string,
  sum: (terms: string[], rel: string, bound: number, name: string) => void,
): void {
  const done = new Set<number>();
  for (const s of m.sessions) {
    const j = s.subject ?? -1;
    const exam = m.exam[j];
    if (!s.review || done.has(j) || exam === undefined || !Number.isFinite(exam)) continue;
    if (s.day < exam - 2 * REVIEW_DAYS || s.day >= exam) continue;
    const from = s.day >= exam - REVIEW_DAYS ? exam - REVIEW_DAYS : exam - 2 * REVIEW_DAYS;
    const least = Math.min(1, s.hours);
    const terms = places.flatMap((pl, p) =>
      may(j, p) && pl.day >= from && pl.day < exam && pl.hours >= least ? [x(j, p)] : [],
    );
    done.add(j);
    sum(terms, '>=', 1, `m9of${j}`);
  }
}
