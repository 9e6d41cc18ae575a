/**
 * The cramming repair's last move (docs/planner.md, Anti-cramming): an ejection chain of place
 * exchanges. A crammed subject's late session leaves; whoever is then short of hours takes a place
 * from another subject (or a free one) inside its own window, which may leave that one short in
 * turn, until no subject is short. The repair's other moves are chains of two or three places of
 * one length; the subjects they left over their limits needed three or four subjects exchanging
 * places of mixed lengths (1,000,003 #853: B's 1-h session in its last week leaves, B takes a 1-h
 * place of D's, D a 1.5-h place of C's, C one of E's, E one of B's in B's last week, and B another
 * 1-h place of D's). A bounded depth-first search, the shortest chains first. The same search
 * is the need passes' last move (`chainsToNeeds`): a subject half a session short takes a place,
 * and the chain runs on until no subject is short. Pure, no I/O.
 */
import type { CalendarWeeks } from '@studybuddy/contracts';
import { m8Excess, m8Guard } from './anti-cramming.js';
import { CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import {
  hoursBySubject,
  reviewPlaceOn,
  runsOk,
  shortPlacesOk,
  weekHours,
  weekRatio,
} from './repair.js';
import { MAX_WEEK_OVER_MEDIAN } from './steady-weeks.js';
import { f64, i16, i32, item, num, numLike } from './typed.js';

/** Tolerance on hours (sums of half-hours). */
const EPS = 1e-9;

/**
 * Most places one chain takes: the chains the seeds needed took five; seven found none more, and
 * each take more multiplies the search.
 */
const MAX_TAKES = 5;

/**
 * Search nodes one chain may visit (a node is a place taken and its day checked): a search to the
 * full depth took 1,500-2,100 in the plans the chains were found for; one session's fruitless
 * search may not spend the run's budget (`ChainPlan.budget`) alone.
 */
const MAX_CALL_NODES = 3000;

/** What the chain reads and changes. */
export interface ChainPlan {
  tplOf: (day: number) => DayTemplate;
  /** `owners[d][i]`: the subject of place i on day d (-1 when free); changed in place. */
  owners: Int16Array[];
  /** Each subject's exam day (NaN: none in the plan). */
  exam: Float64Array;
  /** Each subject's final-review day (-1: none); a need chain may move one (`movesReviews`). */
  keep: number[];
  /** Length of each final review's place, in half-hours (the last of its length that day). */
  keepLen: Int32Array;
  needs: ArrayLike<number>;
  /** Each subject's hours, kept in step with `owners`. */
  hours: Float64Array;
  /** Session length in hours (M8's floors). */
  L: number;
  /**
   * Search nodes left to the repair's run, shared by every chain it tries, so the run ends; and
   * the most one search may visit (MAX_CALL_NODES unless given).
   */
  budget: { nodes: number; perSearch?: number };
}

/** One place that changed hands, to undo. */
interface Take {
  d: number;
  i: number;
  prev: number;
}

/**
 * Subject k's session at place `src` of day `from` leaves, and the subjects short of hours take
 * places in turn (the furthest short first): k only before `movesBefore`, the others inside their
 * windows (by their final reviews: a place before the review's on its day, or one of its length,
 * which the review then is), never a place on its owner's final-review day, until none holds less
 * than its need (or than it held, when it held less). Kept when every day touched stays valid and
 * interleavable, no other subject passes an M8 limit newly or by more hours, and k passes its
 * limits by fewer hours; else nothing changes. Whether it was kept.
 */
export function chainEarlier(
  p: ChainPlan,
  k: number,
  from: number,
  src: number,
  movesBefore: number,
): boolean {
  const excessK = m8Excess(p.tplOf, p.owners, k, f64(p.exam, k), p.L);
  return runChain(p, {
    k,
    movesBefore,
    leave: { from, src },
    gains: () => {
      const now = m8Excess(p.tplOf, p.owners, k, f64(p.exam, k), p.L);
      return now.over7 < excessK.over7 - EPS || now.over3 < excessK.over3 - EPS;
    },
  });
}

/**
 * Search nodes the need chains of one plan may visit together, and one of them alone: a need
 * chain may take a place anywhere in a window, and 161,803 #564's (five takes through every
 * subject, F's window the whole plan) took about 10,000 nodes to find and as many to be refused
 * before it. About 40 ms at most per plan.
 */
const MAX_NEED_NODES = 30_000;
const MAX_NEED_SEARCH_NODES = 12_000;

/**
 * The last of the need passes: each subject with an exam in the plan still short of its need
 * takes a place of another subject inside its window, or a free one, and those short in turn take
 * others, as in `chainEarlier`, until no subject holds less than its need (or than it held, when
 * it held less) and it holds its own. Kept when every day touched stays valid and interleavable
 * and no subject passes an M8 limit newly or by more hours. The length trades before it exchange
 * one place for one, or two for one, between two or three subjects; a half hour short can need
 * more (5,811,602 #16: E 17.5 of 18 h).
 */
export function chainsToNeeds(
  plan: Omit<ChainPlan, 'hours' | 'budget'> & {
    /** The plan's calendar weeks, in which a subject without an exam keeps steady weeks. */
    calendar: CalendarWeeks;
  },
): boolean {
  const hours = hoursBySubject(plan.tplOf, plan.owners, plan.exam.length);
  const run = {
    ...plan,
    hours,
    budget: { nodes: MAX_NEED_NODES, perSearch: MAX_NEED_SEARCH_NODES },
  };
  let crammed = false;
  for (let s = 0; s < hours.length; s++) {
    const short = numLike(plan.needs, s) - f64(hours, s);
    const exam = f64(plan.exam, s);
    // Short by more than a session, the plan's time does not hold the need (the warning says
    // so); under one, the lengths of its places may be what keeps it short; by one, another
    // subject may hold the place it lacks in its window, when it has an exam there (21,643,713
    // #839: I 25 of 26 h, E's 1-h place on I's exam eve while a day in E's window is free).
    if (short <= EPS || short > plan.L + EPS || exam > plan.owners.length) continue;
    if (short >= plan.L - EPS && !(exam >= 1)) continue;
    const spec = { k: -1, movesBefore: 0, raise: s, steady: plan.calendar, movesReviews: true };
    // Where no chain keeps every exam's last days within their M8 limits, one that passes them:
    // M8 asks for the least last days among the plans that meet every need, and the need comes
    // first (94,589,261 #186: B's spare half hour reaches A only through C, whose places before
    // A's exam are C's last week's).
    if (!runChain(run, spec) && runChain(run, { ...spec, crams: true })) crammed = true;
  }
  return crammed;
}

/** What one chain searches for (`chainEarlier`, `chainsToNeeds`). */
interface ChainSpec {
  /** The crammed subject whose late session leaves (-1: none). */
  k: number;
  /** k takes places only before this day. */
  movesBefore: number;
  /** k's session that leaves first. */
  leave?: { from: number; src: number };
  /** A subject that must reach its need. */
  raise?: number;
  /** The chain's own aim, checked last (none: every subject at its floor is the aim). */
  gains?: () => boolean;
  /**
   * Given, subjects without an exam take part too, each keeping steady weeks in these calendar
   * weeks (`steadyKept`): the need chains only. A subject without an exam can be the one short
   * (161,803 #564: F 16 of 16.5 h, every place of the plan booked, its need met only with 1-h
   * places the exams held) or the one whose place the chain needs (94,589,261 #186).
   */
  steady?: CalendarWeeks;
  /** Whether the chain may leave a subject further past an M8 limit (a need chain's last try). */
  crams?: boolean;
  /**
   * Whether a final review's place may be taken, its subject's review then the latest place it
   * holds from the third day before its exam (or its review's day, if earlier) to its exam's eve
   * (`reviewsKept`): the need chains only. 88,550,602 #256: E half an hour short, and G's 1-h
   * review place the one E needs; G takes E's 1.5-h place the day before, its review now. The
   * subject raised may then also take places after its review, before its exam: its review moves
   * to its last session (21,643,713 #839: I takes E's place on its exam eve, a day after its
   * review).
   */
  movesReviews?: boolean;
}

function runChain(p: ChainPlan, spec: ChainSpec): boolean {
  const { tplOf, owners, exam, keep, keepLen, needs, hours, L, budget } = p;
  const { k, movesBefore } = spec;
  const S = exam.length;
  const hasExam = (j: number) => !Number.isNaN(f64(exam, j)) && f64(exam, j) <= owners.length;
  /** Whether j takes and gives places in this chain: every exam, and the others when steady. */
  const joins = (j: number) =>
    hasExam(j) || (spec.steady !== undefined && Number.isNaN(f64(exam, j)));
  // M8 checks the exams at least CRAM_MIN_WINDOW days into the plan.
  const limited = (j: number) => hasExam(j) && f64(exam, j) >= CRAM_MIN_WINDOW;
  const floor = Float64Array.from(hours, (h, j) =>
    j === spec.raise ? numLike(needs, j) : Math.min(h, numLike(needs, j)),
  );
  // Each limited subject passes no M8 limit newly and none by more hours after the chain.
  const guards = Array.from({ length: S }, (_, j) =>
    limited(j) && !spec.crams ? m8Guard(tplOf, owners, j, f64(exam, j), L) : undefined,
  );
  const len = (d: number, i: number) => (tplOf(d).places[i]?.len ?? 0) / 2;
  /** A place as one number: day and place (a day holds fewer than 64 places). */
  const at = (d: number, i: number) => d * 64 + i;
  const takes: Take[] = [];
  const taken = new Set<number>();
  /**
   * Each subject's places it may take, as the plan stands when the chain starts (zonePlaces), by
   * kind: one list, latest day first, for each owner and length.
   */
  const zones: Int32Array[][] = [];
  let callNodes = budget.perSearch ?? MAX_CALL_NODES;

  if (spec.leave) {
    const { from, src } = spec.leave;
    give(from, src, -1);
    // k's place may go to another subject whose window holds it (k's own reach ends before it):
    // 75,355,312 #887, A's place on D's review day goes to D, whose other places A takes earlier.
    taken.delete(at(from, src));
  }
  // The places each subject may take, read once from the plan as it starts: a place changes hands
  // only once in a chain, so what the reading excludes holds in every branch of the search.
  for (let j = 0; j < S; j++) zones.push(joins(j) ? byKind(zonePlaces(j)) : []);
  const steadyBefore = Float64Array.from({ length: S }, (_, j) =>
    spec.steady && !hasExam(j) ? weekRatio(weekHours(tplOf, owners, j, spec.steady)) : 0,
  );
  for (let depth = 1; depth <= MAX_TAKES; depth++) if (search(depth)) return true;
  if (spec.leave) undo();
  return false;

  function give(d: number, i: number, to: number): void {
    const own = item(owners, d);
    const prev = i16(own, i);
    own[i] = to;
    if (to >= 0) hours[to] = f64(hours, to) + len(d, i);
    if (prev >= 0) hours[prev] = f64(hours, prev) - len(d, i);
    takes.push({ d, i, prev });
    taken.add(at(d, i));
  }

  function undo(): void {
    const t = takes.pop();
    if (!t) return;
    const own = item(owners, t.d);
    const to = i16(own, t.i);
    own[t.i] = t.prev;
    if (to >= 0) hours[to] = f64(hours, to) - len(t.d, t.i);
    if (t.prev >= 0) hours[t.prev] = f64(hours, t.prev) + len(t.d, t.i);
    taken.delete(at(t.d, t.i));
  }

  /** A chain of at most `depth` more takes from here; false, with nothing changed, if none. */
  function search(depth: number): boolean {
    if (--budget.nodes < 0 || --callNodes < 0) return false;
    let s = -1;
    let most = EPS;
    let short = 0;
    for (let j = 0; j < S; j++) {
      const debt = f64(floor, j) - f64(hours, j);
      if (debt > EPS) short++;
      if (debt > most) {
        most = debt;
        s = j;
      }
    }
    if (s < 0) return kept();
    // Each subject short of its floor needs one take at least.
    if (short > depth) return false;
    for (const c of candidates(s)) {
      const d = Math.floor(c / 64);
      // A day is checked at the end (`kept`), not on the way: it may pass through a state the
      // check refuses (#887: A takes D's two places on day 26 one by one, 5 of A beside 1 of D
      // between them, 6 of A alone at the end).
      give(d, c % 64, s);
      if (search(depth - 1)) return true;
      undo();
    }
    return false;
  }

  /**
   * The places short subject s may take now, the likeliest first: free ones, then those of
   * subjects that stay at their floors without them, then the rest; within each, days without s
   * first, the latest first. One place of each kind (owner and length): places alike but for
   * their day mostly pass or fail together, and trying each multiplies the search by the plan's
   * length; a place taken leaves the next of its kind to the steps after (the chain above takes
   * both of D's 1-h places). For k, also the latest of the kind on a day with k, where that is
   * later: a day k gathers its earlier sessions on (#887: A takes both of D's places on day 26, a
   * day of A's, and D A's later ones). For every subject, two chains found before (1,000,003
   * #853, 77,501,530 #931) ran out of nodes (they are found with four times the budget); two of a kind by day
   * alone searched four times the nodes for the same chains.
   */
  function candidates(s: number): number[] {
    const ranked: number[][] = [[], [], [], [], [], []];
    for (const kind of item(zones, s)) {
      // The latest place of the kind not taken yet on a day without s, else with s.
      let without = -1;
      let withS = -1;
      for (const c of kind) {
        if (taken.has(c)) continue;
        if (!item(owners, Math.floor(c / 64)).includes(s)) {
          without = c;
          break;
        }
        if (withS < 0) withS = c;
      }
      if (without >= 0) rankPlace(ranked, without, 0);
      if (withS >= 0 && (without < 0 || s === k)) rankPlace(ranked, withS, 1);
    }
    // Within a rank, the latest day first.
    for (const r of ranked) r.sort((a, b) => b - a);
    return ranked.flat();
  }

  /** Files place c (day * 64 + place) under its rank: free, owner keeps its floor, the rest. */
  function rankPlace(ranked: number[][], c: number, withS: number): void {
    const d = Math.floor(c / 64);
    const i = c % 64;
    const o = i16(item(owners, d), i);
    const rank = o < 0 ? 0 : f64(hours, o) - len(d, i) >= f64(floor, o) - EPS ? 1 : 2;
    item(ranked, rank * 2 + withS).push(c);
  }

  /** A subject's places split by kind (owner and length), each list in the order given. */
  function byKind(places: Int32Array): Int32Array[] {
    const kinds = new Map<number, number[]>();
    for (const c of places) {
      const d = Math.floor(c / 64);
      const i = c % 64;
      const kind = (i16(item(owners, d), i) + 1) * 64 + (tplOf(d).places[i]?.len ?? 0);
      const list = kinds.get(kind) ?? [];
      list.push(c);
      kinds.set(kind, list);
    }
    return [...kinds.values()].map((list) => Int32Array.from(list));
  }

  /**
   * The places s may take, latest day first: before the moves' bound for k; for another, before
   * its exam, up to its final review's day (there a place before the review's, or one of the
   * review's length: the review is then the later of the two, as the repairs read it); for one
   * without an exam, the whole plan. Not s's own, nor one of a subject that does not join the
   * chain, nor one on its owner's review day.
   */
  function zonePlaces(s: number): Int32Array {
    const review = num(keep, s);
    const examEnd = hasExam(s) ? f64(exam, s) : owners.length;
    const end =
      s === k
        ? movesBefore
        : review >= 0 && !(spec.movesReviews && s === spec.raise)
          ? review + 1
          : Math.min(examEnd, owners.length);
    const reviewAt =
      review >= 0 ? reviewPlaceOn(tplOf(review), item(owners, review), s, i32(keepLen, s)) : -1;
    const out: number[] = [];
    for (let d = end - 1; d >= 0; d--) {
      const own = item(owners, d);
      for (let i = 0; i < own.length; i++) {
        const o = i16(own, i);
        if (o === s || (o >= 0 && (!joins(o) || (d === num(keep, o) && !spec.movesReviews))))
          continue;
        const sameLen = (tplOf(d).places[i]?.len ?? 0) === i32(keepLen, s);
        if (s !== k && d === review && i > reviewAt && !sameLen) continue;
        out.push(at(d, i));
      }
    }
    return Int32Array.from(out);
  }

  /** Whether the chain as it stands may be kept (no subject is short of its floor). */
  function kept(): boolean {
    const touched = new Set<number>(k >= 0 ? [k] : []);
    for (const t of takes) {
      const own = item(owners, t.d);
      if (!shortPlacesOk(tplOf(t.d), own) || !runsOk(own, -1)) return false;
      if (t.prev >= 0) touched.add(t.prev);
      const to = i16(own, t.i);
      if (to >= 0) touched.add(to);
    }
    for (const j of touched) if (guards[j]?.() === false || !steadyKept(j)) return false;
    if (!(spec.gains?.() ?? true)) return false;
    return reviewsKept(touched);
  }

  /**
   * Whether every touched subject still holds a final review; where one's review place changed
   * hands (`movesReviews`), its review becomes the latest place it holds from the third day before
   * its exam (or its review's day, if earlier) to its exam's eve, and `keep` says so; where the
   * raised subject took a place after its review, that place's day. Checked last:
   * it changes the plan's reviews only for a chain that is kept.
   */
  function reviewsKept(touched: ReadonlySet<number>): boolean {
    if (!spec.movesReviews) return true;
    const moved: Array<{ j: number; day: number; len: number }> = [];
    for (const j of touched) {
      const review = num(keep, j);
      if (review < 0) continue;
      const eve = Math.min(f64(exam, j), owners.length) - 1;
      const later = latestHeld(j, review + 1, eve);
      if (later) {
        // The raised subject took a place after its review: the review becomes its last session.
        moved.push(later);
        continue;
      }
      if (reviewPlaceOn(tplOf(review), item(owners, review), j, i32(keepLen, j)) >= 0) continue;
      const latest = latestHeld(j, Math.min(review, eve - 2), eve);
      if (!latest) return false;
      moved.push(latest);
    }
    for (const { j, day, len } of moved) {
      keep[j] = day;
      keepLen[j] = len;
    }
    return true;
  }

  /** Subject j's last place on days lo..hi (its day and length), or undefined. */
  function latestHeld(j: number, lo: number, hi: number) {
    for (let d = hi; d >= lo; d--) {
      const own = item(owners, d);
      let len = 0;
      for (let i = 0; i < own.length; i++) if (own[i] === j) len = tplOf(d).places[i]?.len ?? 0;
      if (len > 0) return { j, day: d, len };
    }
    return undefined;
  }

  /**
   * Whether a subject without an exam keeps steady weeks after the chain: its heaviest calendar
   * week within twice its median week, or no further past it than before.
   */
  function steadyKept(j: number): boolean {
    if (!spec.steady || hasExam(j)) return true;
    const after = weekRatio(weekHours(tplOf, owners, j, spec.steady));
    return after <= MAX_WEEK_OVER_MEDIAN + EPS || after <= f64(steadyBefore, j) + EPS;
  }
}
