/**
 * Stage 9b's last move (docs/planner.md, Length trades): two shorter places of a subject over its
 * need for one longer place, where the needs fill the free time and no trade of one place for
 * one meets a need. Every place keeps its length and stays booked, so each day's load, the
 * weekly cap, M1's shorter places and M7 hold as they were. Pure, bounded, deterministic.
 */
import { m8LimitsPassed, newlyPassed } from './anti-cramming.js';
import { CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { hoursBySubject, runsOk } from './repair.js';

const EPS = 1e-9;

/**
 * Most exchanges tried for one short subject (each a pass over the days touched and, for an exam,
 * over the giver's days for M8): a year of 1-h places could offer millions of pairs (Speed).
 */
const MAX_TRIES = 2000;

/**
 * The passes, each after the one before found nothing: the most sessions of their own a day the
 * giver and the third subject take a place on may hold (none, one, any: the day must still
 * interleave, `runsOk`). A need met beats a day of one subject.
 */
const MOST_OWN_BY_PASS = [0, 1, Number.POSITIVE_INFINITY];

/** A place of the plan: its day and its index among the day's places. */
type Place = readonly [day: number, index: number];

/** What the move reads: each subject's final-review day and exam day (0: none in the plan). */
export interface TwoForOneFrame {
  tplOf: (day: number) => DayTemplate;
  owners: Int16Array[];
  needs: ArrayLike<number>;
  movableBefore: ArrayLike<number>;
  finalDay: readonly number[];
  examEnd: ArrayLike<number>;
  takes: ArrayLike<boolean>;
  sessionHours: number;
}

/**
 * For each subject s still short of its need (by index): s takes two shorter places of a subject
 * o over its need, on two days before s's movable limit, and gives one of its longer places up,
 * which o takes, or, where o's window does not reach it, a third subject m takes, handing o a
 * place of the same length (m keeps its hours). s gains the difference, o loses it and stays at
 * or past its need. Each subject moves only to days before its movable limit (never into its last
 * week nor past its final review), no final review's place moves, o passes no M8 limit it kept,
 * and every day stays interleavable. Days without a second session of a subject first; o and m
 * may take a day beside one of their own next, and a day holding two or more of their own as the
 * last resort (a need met beats a day of one subject; 168,719 #115: A takes one of B's two 1.5-h
 * places on a day beside two of A's, the day then A B A A). Seed 85,440,385 #222: F 10 of 10.5 h,
 * C half an hour past its need in two 1-h places (days 20, 21) that only B's, C's and F's windows
 * reach, F's 1.5-h places all after C's window: F takes C's two, C G's 1.5-h place on day 24, G
 * F's on day 33.
 */
export function twoShorterForOne(frame: TwoForOneFrame): void {
  const { tplOf, owners, needs, movableBefore, finalDay, takes } = frame;
  const S = needs.length;
  const hours = hoursBySubject(tplOf, owners, S);
  const short = (k: number) => (hours[k] as number) < (needs[k] as number) - EPS;
  const over = (k: number) => (hours[k] as number) > (needs[k] as number) + EPS;
  if (!hours.some((_, k) => over(k))) return;
  const len = ([d, i]: Place) => tplOf(d).places[i]?.len ?? 0;
  const setOwner = ([d, i]: Place, k: number) => {
    (owners[d] as Int16Array)[i] = k;
  };
  /** Subject k's places before day `until`, its final review's day aside. */
  const placesOf = (k: number, until: number): Place[] => {
    const out: Place[] = [];
    for (let d = 0; d < Math.min(until, owners.length); d++) {
      if (d === finalDay[k]) continue;
      const own = owners[d] as Int16Array;
      for (let i = 0; i < own.length; i++) if (own[i] === k) out.push([d, i]);
    }
    return out;
  };
  let tries = 0;
  for (let s = 0; s < S; s++) {
    if (!takes[s] || !short(s)) continue;
    tries = 0;
    for (const mostOwn of MOST_OWN_BY_PASS)
      for (let o = 0; o < S && short(s); o++) if (o !== s && over(o)) exchange(s, o, mostOwn);
  }

  /**
   * s takes two of o's shorter places and gives a longer one up, to o or through m; true when
   * done. `mostOwn`: the most sessions of their own a day o or m takes a place on may hold.
   */
  function exchange(s: number, o: number, mostOwn: number): boolean {
    const mine = placesOf(s, owners.length);
    const longest = Math.max(0, ...mine.map(len));
    // o's shorter places s may take: days before s's limit that s does not study.
    const given = placesOf(o, movableBefore[s] as number).filter(
      (p) => len(p) < longest && !(owners[p[0]] as Int16Array).includes(s),
    );
    // The third subjects' places o may take, each looked up once.
    const third = new Map<number, Place[]>();
    const thirdOf = (m: number) => {
      const list = third.get(m) ?? placesOf(m, movableBefore[o] as number);
      third.set(m, list);
      return list;
    };
    for (let a = 0; a < given.length && tries <= MAX_TRIES; a++)
      for (let b = a + 1; b < given.length && tries <= MAX_TRIES; b++) {
        const p1 = given[a] as Place;
        const p2 = given[b] as Place;
        if (p1[0] === p2[0]) continue;
        for (const r of mine) {
          const gain = (len(p1) + len(p2) - len(r)) / 2;
          if (gain <= EPS || (hours[o] as number) - gain < (needs[o] as number) - EPS) continue;
          // Past s's need by no more than a session: the gain is the half hour it lacks.
          if ((hours[s] as number) + gain > (needs[s] as number) + frame.sessionHours + EPS)
            continue;
          if (handTo(s, o, p1, p2, r, mostOwn, gain, thirdOf)) return true;
        }
      }
    return false;
  }

  /** s's place r goes to o, or to a third subject m that gives o a place of r's length. */
  function handTo(
    s: number,
    o: number,
    p1: Place,
    p2: Place,
    r: Place,
    mostOwn: number,
    gain: number,
    thirdOf: (m: number) => Place[],
  ): boolean {
    const may = (k: number, [d]: Place) =>
      (d < (movableBefore[k] as number) || (k === o && beforeReview(o, d))) &&
      (owners[d] as Int16Array).filter((x) => x === k).length <= mostOwn;
    if (may(o, r) && tryMove(s, o, -1, p1, p2, r, r, gain)) return true;
    for (let m = 0; m < S; m++) {
      if (m === s || m === o || !may(m, r)) continue;
      for (const q of thirdOf(m))
        if (len(q) === len(r) && may(o, q) && tryMove(s, o, m, p1, p2, r, q, gain)) return true;
    }
    return false;
  }

  /**
   * Whether o may take a place on day d of its own last week: before its final review, where
   * tryMove keeps its M8 limits. Seed 161,803 #564: F half an hour short, E half an hour past its
   * need in two 1-h places F could take, and F's 1.5-h place in E's last week, three days before
   * E's final review, E's last week within its limits with it.
   */
  function beforeReview(o: number, d: number): boolean {
    const review = finalDay[o] as number;
    return review >= 0 && d < review && hasLimits(o);
  }

  /** Makes the exchange (m < 0: o takes r itself); kept when every rule holds, else undone. */
  function tryMove(
    s: number,
    o: number,
    m: number,
    p1: Place,
    p2: Place,
    r: Place,
    q: Place,
    gain: number,
  ): boolean {
    if (++tries > MAX_TRIES) return false;
    const before = limitsOf(o);
    setOwner(p1, s);
    setOwner(p2, s);
    if (m < 0) setOwner(r, o);
    else {
      setOwner(r, m);
      setOwner(q, o);
    }
    const days = [p1, p2, r, q].map(([d]) => owners[d] as Int16Array);
    const after = limitsOf(o);
    if (days.every((own) => runsOk(own, -1)) && !(before && after && newlyPassed(before, after))) {
      hours[s] = (hours[s] as number) + gain;
      hours[o] = (hours[o] as number) - gain;
      return true;
    }
    setOwner(p1, o);
    setOwner(p2, o);
    setOwner(r, s);
    if (m >= 0) setOwner(q, m);
    return false;
  }

  /** Subject k's M8 limits passed now (undefined without an exam the metric checks). */
  function limitsOf(k: number) {
    if (!hasLimits(k)) return undefined;
    return m8LimitsPassed(tplOf, owners, k, frame.examEnd[k] as number, frame.sessionHours);
  }

  /** Whether subject k has an exam whose M8 limits the metric checks (no pass over its days). */
  function hasLimits(k: number): boolean {
    const W = frame.examEnd[k] as number;
    return W >= CRAM_MIN_WINDOW && W <= owners.length;
  }
}
