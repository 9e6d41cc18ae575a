/**
 * Stage 9b (docs/planner.md, Need rebalancing): trades of place lengths across days. A day whose
 * hours do not divide into whole sessions has a shorter place (1 h of a 1.5-h plan), so a subject
 * can end half a session short of its need while another holds a full place it does not need.
 * When the needs fill the free time exactly, that half hour is the difference between a need met
 * and a warning. Pure, bounded, deterministic.
 */
import { m8LimitsPassed } from './anti-cramming.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { hoursBySubject, runsOk } from './repair.js';

const EPS = 1e-9;

/**
 * For each subject short of its need (by index): one of its shorter places trades with a longer
 * place of a subject that stays at or above its need without the difference, on another day.
 * Each subject keeps its number of sessions; each moves only to a day before its `movableBefore`, hold no second
 * session of either subject (a second pass lets the short one take a day with one of its own)
 * and stay interleavable. Final reviews (`keep`) do not move.
 */
export function tradeLengths(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  keep: ArrayLike<number>,
  takes: ArrayLike<boolean>,
  /**
   * The last run's: each subject's exam day (0: none in the plan) and the session length. The
   * subject over its need may then take the shorter place in its own last week, before its final
   * review, while its M8 limits hold (seed 99,991 #966: the only subject over its need could take
   * the short subject's 1-h place only there, 2.5 h in a last week allowed 14).
   */
  lastDays?: { examEnd: ArrayLike<number>; sessionHours: number },
): void {
  const hours = hoursBySubject(tplOf, owners, needs.length);
  const short = (j: number) => (hours[j] as number) < (needs[j] as number) - EPS;
  /** Subject k's exam day when its last week counts (M8) in this run, else 0. */
  const lastWeekExam = (k: number): number => {
    const W = (lastDays?.examEnd[k] as number | undefined) ?? 0;
    return W >= CRAM_MIN_WINDOW && W <= owners.length ? W : 0;
  };
  /** Whether subject k may hold a session on day x: before its movable limit, or as above. */
  const mayTake = (k: number, x: number): boolean => {
    if (x < (movableBefore[k] as number)) return true;
    const W = lastWeekExam(k);
    const review = keep[k] as number;
    return W > 0 && x < W && (review < 0 || x < review);
  };
  /** Whether subject k keeps its M8 limits (always true without an exam in the plan). */
  const withinLimits = (k: number): boolean => {
    const W = lastWeekExam(k);
    if (!lastDays || W === 0) return true;
    const { over7, over3 } = m8LimitsPassed(tplOf, owners, k, W, lastDays.sessionHours);
    return !over7 && !over3;
  };
  /**
   * Whether short subject j may take a longer place on day y: before its movable limit, or, in
   * the last run, as the subject over its need may, with a second session of its own that day
   * (seed 424,242 #45: every place before D's exam booked, B over its need held the 1.5-h places
   * only on days beside D's sessions, in D's last week; D short by half an hour).
   */
  const mayGain = (j: number, y: number, ownY: Int16Array): boolean => {
    if (y < (movableBefore[j] as number)) return !ownY.includes(j);
    return lastDays !== undefined && mayTake(j, y) && sessionsOf(ownY, j) <= 1;
  };
  /** The day before which subject k may hold a session in this run (mayTake's reach). */
  const reach = (k: number): number => Math.max(movableBefore[k] as number, lastWeekExam(k));
  const rules: TradeRules = { mayTake, mayGain, withinLimits, reach };
  // A short subject may also take the longer place on a day that holds one session of its own,
  // before its movable limit, after no trade to a day without it met its need (seed 13 #198: G
  // half an hour short, C half an hour over held its 1.5-h places only on days beside G's
  // sessions). Days without the subject come first, so its days stay spread where they can.
  const besideOwn: TradeRules = {
    ...rules,
    mayGain: (j, y, ownY) => y < (movableBefore[j] as number) && sessionsOf(ownY, j) === 1,
  };
  // Last, a day that holds two or more of its sessions beside a single session of another
  // subject, whose longer place it takes: the day is then the short subject's alone, which
  // needs no interleaving (seed 3,141,592 #994: A, at its need until its 1.5-h Saturday place
  // went to H's final review, held the 1-h Sunday and two of a Friday's three 1.5-h places, D
  // half an hour over the third).
  const ownDay: TradeRules = {
    ...rules,
    mayGain: (j, y, ownY) =>
      y < (movableBefore[j] as number) &&
      sessionsOf(ownY, j) >= 2 &&
      sessionsOf(ownY, -1) === ownY.length - sessionsOf(ownY, j) - 1,
  };
  for (const pass of [rules, besideOwn, ownDay])
    for (let j = 0; j < needs.length; j++) {
      if (!takes[j]) continue;
      for (let x = 0; x < owners.length; x++) {
        if (!short(j)) break;
        if (x === keep[j]) continue;
        const own = owners[x] as Int16Array;
        for (let a = 0; a < own.length; a++)
          if (
            own[a] === j &&
            tradeFrom(tplOf, owners, hours, needs, movableBefore, keep, x, a, pass)
          )
            break;
      }
    }
  // In the last run a chain's trades follow the direct trade's rules: a subject may take the
  // shorter place in its own last week while its M8 limits hold (seed 161,803 #529: A's 1-h place
  // lay in C's last week, C between A and the exam over its need, so no chain met A's need).
  const trades: Trades = {
    tplOf,
    owners,
    movableBefore,
    keep,
    rules: lastDays ? rules : undefined,
  };
  // A chain ends at a subject over its need: without one, none is looked for (an overloaded plan,
  // where every subject is short, would search every pair of subjects for nothing).
  const over = () => needs.length > 0 && hours.some((h, k) => h > (needs[k] as number) + EPS);
  for (let j = 0; j < needs.length && over(); j++)
    for (let n = 0; n < MAX_CHAINS && takes[j] && short(j); n++)
      if (!tradeChain(trades, hours, needs, j)) break;
}

/** What a trade of places between two subjects reads and changes. */
interface Trades {
  tplOf: (day: number) => DayTemplate;
  owners: Int16Array[];
  movableBefore: ArrayLike<number>;
  keep: ArrayLike<number>;
  /** The last run's rules (`tradeLengths` with `lastDays`); else the movable limits alone. */
  rules?: TradeRules;
}

/** Most chains one short subject tries, and most subjects in a chain after it. */
const MAX_CHAINS = 4;
const MAX_CHAIN_LINKS = 4;

/**
 * A short subject whose windows share no day with a subject over its need (a subject without an
 * exam studied late, the one over its need an early exam): a chain of trades hands the longer
 * place on. The short subject trades a shorter place for a longer one of a subject at its need,
 * which trades one of its shorter places on with the next, until a subject over its need gives
 * the difference (seed 12,345 #279: an early exam's spare hour reached a subject without an exam
 * through two others). Breadth first over subjects, so the shortest chain; every trade is one
 * `findTrade` finds in the plan as it is then, and a chain that leaves any subject in it below
 * its need is undone whole. True if the short subject gained.
 */
function tradeChain(t: Trades, hours: Float64Array, needs: ArrayLike<number>, j: number): boolean {
  const S = needs.length;
  const from = new Int32Array(S).fill(-1);
  from[j] = j;
  let level = [j];
  let end = -1;
  for (let link = 0; link < MAX_CHAIN_LINKS && level.length && end < 0; link++) {
    const next: number[] = [];
    for (const a of level)
      for (let b = 0; b < S && end < 0; b++) {
        if (from[b] !== -1 || !findTrade(t, a, b, false)) continue;
        from[b] = a;
        next.push(b);
        if ((hours[b] as number) > (needs[b] as number) + EPS) end = b;
      }
    level = next;
  }
  if (end < 0) return false;
  const chain = [end];
  while (chain[0] !== j) chain.unshift(from[chain[0] as number] as number);
  const before = Float64Array.from(hours);
  const undo: Array<() => void> = [];
  for (let i = 0; i + 1 < chain.length; i++) {
    const done = findTrade(t, chain[i] as number, chain[i + 1] as number, true);
    if (!done) break;
    undo.push(done.undo);
    hours[chain[i] as number] = (hours[chain[i] as number] as number) + done.more;
    hours[chain[i + 1] as number] = (hours[chain[i + 1] as number] as number) - done.more;
  }
  const kept =
    undo.length === chain.length - 1 &&
    (hours[j] as number) > (before[j] as number) + EPS &&
    chain.every(
      (k) =>
        k === j || (hours[k] as number) >= Math.min(needs[k] as number, before[k] as number) - EPS,
    );
  if (kept) return true;
  for (const u of undo.reverse()) u();
  hours.set(before);
  return false;
}

/**
 * A trade of a shorter place of subject a for a longer place of subject b on another day, as
 * `tradeFrom` allows it (movable limits, no second session of either, interleavable days, final
 * reviews stay), whatever b's hours. `make`: the trade is made and returned with its undo;
 * otherwise it is only looked for (and the plan left as it was).
 */
function findTrade(
  t: Trades,
  a: number,
  b: number,
  make: boolean,
): { more: number; undo: () => void } | undefined {
  const { tplOf, owners, movableBefore, keep, rules } = t;
  const takeUntil = rules ? rules.reach(b) : (movableBefore[b] as number);
  const gainUntil = rules ? rules.reach(a) : (movableBefore[a] as number);
  for (let x = 0; x < Math.min(owners.length, takeUntil); x++) {
    const ownX = owners[x] as Int16Array;
    if (x === keep[a] || ownX.includes(b) || (rules && !rules.mayTake(b, x))) continue;
    const lateB = x >= (movableBefore[b] as number);
    for (let p = 0; p < ownX.length; p++) {
      if (ownX[p] !== a) continue;
      const lenX = tplOf(x).places[p]?.len ?? 0;
      for (let y = 0; y < Math.min(owners.length, gainUntil); y++) {
        const ownY = owners[y] as Int16Array;
        if (y === x || y === keep[b]) continue;
        if (rules ? !rules.mayGain(a, y, ownY) : ownY.includes(a)) continue;
        const lateA = y >= (movableBefore[a] as number);
        const places = tplOf(y).places;
        for (let q = 0; q < ownY.length; q++) {
          const more = ((places[q]?.len ?? 0) - lenX) / 2;
          if (ownY[q] !== b || more <= EPS) continue;
          ownY[q] = a;
          ownX[p] = b;
          const ok =
            runsOk(ownX, -1) &&
            runsOk(ownY, -1) &&
            (!rules || ((!lateB || rules.withinLimits(b)) && (!lateA || rules.withinLimits(a))));
          if (ok && make)
            return {
              more,
              undo: () => {
                ownY[q] = b;
                ownX[p] = a;
              },
            };
          ownY[q] = b;
          ownX[p] = a;
          if (ok) return { more, undo: () => undefined };
        }
      }
    }
  }
  return undefined;
}

/** Where the subject over its need may go, and whether it stays within its M8 limits there. */
interface TradeRules {
  mayTake: (k: number, x: number) => boolean;
  mayGain: (j: number, y: number, ownY: Int16Array) => boolean;
  withinLimits: (k: number) => boolean;
  /** The day before which subject k may hold a session at all (bounds the searches). */
  reach: (k: number) => number;
}

/** Sessions of subject k among a day's places. */
function sessionsOf(own: Int16Array, k: number): number {
  let n = 0;
  for (let i = 0; i < own.length; i++) if (own[i] === k) n++;
  return n;
}

/** Trades subject j's place a on day x for a longer one of an over-need subject; true if done. */
function tradeFrom(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  hours: Float64Array,
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  keep: ArrayLike<number>,
  x: number,
  a: number,
  rules: TradeRules,
): boolean {
  const ownX = owners[x] as Int16Array;
  const j = ownX[a] as number;
  const lenX = tplOf(x).places[a]?.len ?? 0;
  for (let y = 0; y < owners.length; y++) {
    if (y === x) continue;
    const ownY = owners[y] as Int16Array;
    if (!rules.mayGain(j, y, ownY)) continue;
    const places = tplOf(y).places;
    for (let b = 0; b < ownY.length; b++) {
      const k = ownY[b] as number;
      const more = ((places[b]?.len ?? 0) - lenX) / 2;
      if (k < 0 || k === j || more <= EPS || y === keep[k] || !rules.mayTake(k, x)) continue;
      if (ownX.includes(k) || (hours[k] as number) - more < (needs[k] as number) - EPS) continue;
      ownY[b] = j;
      ownX[a] = k;
      const late = x >= (movableBefore[k] as number);
      const lateJ = y >= (movableBefore[j] as number);
      if (
        runsOk(ownX, -1) &&
        runsOk(ownY, -1) &&
        (!late || rules.withinLimits(k)) &&
        (!lateJ || rules.withinLimits(j))
      ) {
        hours[j] = (hours[j] as number) + more;
        hours[k] = (hours[k] as number) - more;
        return true;
      }
      ownY[b] = k;
      ownX[a] = j;
    }
  }
  return false;
}

/** A subject's final review, for `tradeFinalReviewLength`: where it is and its exam. */
export interface FinalReviewPlaces {
  /** Each subject's final-review day (-1: none) and place length (half-hours); updated. */
  finalDay: number[];
  finalLen: Int32Array;
  /** Each subject's exam day (its window's end; 0: no exam in the plan). */
  examEnd: Int32Array;
}

/**
 * A subject short of its need whose final review holds a shorter place (its review day's hours
 * ran out mid-session) moves the review to a longer place of a subject over its need on another
 * of the 3 days before its exam (M9 still holds), and that subject takes the shorter place: the
 * half hour a length trade could not find, since final reviews stay where they are there (seed
 * 31,337 #39: a 1-h review on the exam's eve, a 1.5-h place of an exam over its need the day
 * before). The other subject moves only to a day before its movable limit, or within its last
 * week to a day before its last 3 days and its own final review (its last week then holds less);
 * neither day gets a second session of either, and both stay interleavable.
 */
export function tradeFinalReviewLength(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  reviews: FinalReviewPlaces,
  takes: ArrayLike<boolean>,
): void {
  const { finalDay, finalLen, examEnd } = reviews;
  const hours = hoursBySubject(tplOf, owners, needs.length);
  for (let j = 0; j < needs.length; j++) {
    const x = finalDay[j] as number;
    const exam = examEnd[j] as number;
    if (!takes[j] || x < 0 || exam <= 0 || (hours[j] as number) >= (needs[j] as number) - EPS)
      continue;
    const ownX = owners[x] as Int16Array;
    let p = -1;
    for (let i = 0; i < ownX.length; i++)
      if (ownX[i] === j && tplOf(x).places[i]?.len === finalLen[j]) p = i;
    if (p < 0) continue;
    const lenX = finalLen[j] as number;
    const canTake = (k: number, y: number) => reviewPlaceTakerOk(k, x, y, movableBefore, reviews);
    search: for (let y = Math.max(0, exam - CRAM_DAYS); y < Math.min(exam, owners.length); y++) {
      const ownY = owners[y] as Int16Array;
      if (y === x || ownY.includes(j)) continue;
      const places = tplOf(y).places;
      for (let q = 0; q < ownY.length; q++) {
        const k = ownY[q] as number;
        const len = places[q]?.len ?? 0;
        const more = (len - lenX) / 2;
        if (k < 0 || more <= EPS || y === finalDay[k] || ownX.includes(k) || !canTake(k, y))
          continue;
        if ((hours[k] as number) - more < (needs[k] as number) - EPS) continue;
        ownY[q] = j;
        ownX[p] = k;
        if (runsOk(ownX, -1) && runsOk(ownY, -1)) {
          finalDay[j] = y;
          finalLen[j] = len;
          hours[j] = (hours[j] as number) + more;
          hours[k] = (hours[k] as number) - more;
          break search;
        }
        ownY[q] = k;
        ownX[p] = j;
      }
    }
  }
}

/**
 * Whether subject k, giving day y's place to another subject's final review, may take the
 * review's old place on day x: before its movable limit, or, leaving its own last week (y past
 * its movable limit), on a day before its last 3 days and its own final review.
 */
function reviewPlaceTakerOk(
  k: number,
  x: number,
  y: number,
  movableBefore: ArrayLike<number>,
  reviews: FinalReviewPlaces,
): boolean {
  const { finalDay, examEnd } = reviews;
  return (
    x < (movableBefore[k] as number) ||
    (y >= (movableBefore[k] as number) &&
      x < (examEnd[k] as number) - CRAM_DAYS &&
      ((finalDay[k] as number) < 0 || x < (finalDay[k] as number)))
  );
}

/**
 * Most handovers tried for one short subject in `handOverAndTradeBack`: each copies the plan's
 * places, and the trades after it search the days (Speed).
 */
const MAX_HANDOVERS = 6;

/**
 * The last half hour of a need where the needs fill the time exactly and no trade of equal
 * session counts meets it: a subject over its need by less than a place hands that place to a
 * short subject, and wins its own loss back by a trade of lengths (the same day, another day, or
 * its final review into a longer place before its exam). Handing over alone delivers no more of
 * the needs in total (the giver loses what the taker gains), so stage 9 leaves it; the trade back
 * is what makes it pay (seed 65,537 #670: an early exam's spare hour, a 1-h place, reached the
 * next exam once its 1-h final review took that exam's 1.5-h place the day before; seed 900,001
 * #730: two 1-h places for one 1.5-h place of the same day). The taker gets the place only before
 * its movable limit (not in its last week), the giver gives one only before its own, and a try
 * that leaves any subject further below its need than before, or delivers no more in total, is
 * undone whole. Each place keeps its length and its day's load, so the cap and M7 hold as they
 * were.
 */
export function handOverAndTradeBack(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  reviews: FinalReviewPlaces,
  takes: ArrayLike<boolean>,
  sessionHours: number,
): void {
  const S = needs.length;
  const { finalDay, finalLen } = reviews;
  let hours = hoursBySubject(tplOf, owners, S);
  const shortBy = (h: ArrayLike<number>, k: number) =>
    Math.max(0, (needs[k] as number) - (h[k] as number));
  const over = (k: number) => (hours[k] as number) > (needs[k] as number) + EPS;
  if (!hours.some((_, k) => takes[k] && shortBy(hours, k) > EPS) || !hours.some((_, k) => over(k)))
    return;
  /**
   * Makes `change` and lets subject k win its loss back; kept when no subject ends further below
   * its need and the needs gain in total, else undone whole. True if kept.
   */
  const attempt = (change: () => boolean, k: number): boolean => {
    const before = Float64Array.from(hours);
    const saved = owners.map((o) => o.slice());
    const savedDay = finalDay.slice();
    const savedLen = finalLen.slice();
    const ok = change();
    if (ok) tradeBack(tplOf, owners, needs, movableBefore, reviews, k, sessionHours);
    hours = hoursBySubject(tplOf, owners, S);
    const worse = hours.some((_, x) => shortBy(hours, x) > shortBy(before, x) + EPS);
    let gained = 0;
    for (let x = 0; x < S; x++) gained += shortBy(before, x) - shortBy(hours, x);
    if (ok && !worse && gained > EPS) return true;
    for (let x = 0; x < saved.length; x++) (owners[x] as Int16Array).set(saved[x] as Int16Array);
    finalDay.splice(0, finalDay.length, ...savedDay);
    finalLen.set(savedLen);
    hours = before;
    return false;
  };
  /**
   * Short subject j takes places handed over by subjects `gives` accepts, one per day, up to
   * MAX_HANDOVERS tries; the tries made.
   */
  const handOvers = (j: number, gives: (k: number) => boolean): number => {
    let tries = 0;
    for (let d = 0; d < Math.min(owners.length, movableBefore[j] as number); d++) {
      if (shortBy(hours, j) <= EPS || tries >= MAX_HANDOVERS) break;
      const own = owners[d] as Int16Array;
      if (d === finalDay[j] || own.includes(j)) continue;
      for (let i = 0; i < own.length && shortBy(hours, j) > EPS; i++) {
        const k = own[i] as number;
        if (k < 0 || !gives(k) || d === finalDay[k] || d >= (movableBefore[k] as number)) continue;
        tries++;
        const handOver = () => {
          own[i] = j;
          return runsOk(own, -1);
        };
        if (attempt(handOver, k)) break;
      }
    }
    return tries;
  };
  for (let j = 0; j < S; j++) {
    if (!takes[j]) continue;
    tradeWithinDays(tplOf, owners, hours, needs, reviews, j);
    let tries = handOvers(j, over);
    // Then the final review's trade into a longer place of a subject at its need (the review's
    // trade takes only from subjects over theirs), which wins the difference back the same ways
    // (seed 3,141,592 #994: H's 1-h Sunday review, the 1.5-h Saturday places of A at its need;
    // A then takes D's place beside its two sessions of a Friday, D the Sunday).
    const x = finalDay[j] as number;
    const exam = reviews.examEnd[j] as number;
    if (shortBy(hours, j) <= EPS || x < 0 || exam <= 0) continue;
    const ownX = owners[x] as Int16Array;
    const p = ownX.findIndex((o, i) => o === j && tplOf(x).places[i]?.len === finalLen[j]);
    // One such trade at most: the review has left day x once it is made.
    review: for (let y = Math.max(0, exam - CRAM_DAYS); y < Math.min(exam, owners.length); y++) {
      if (p < 0 || tries >= MAX_HANDOVERS) break;
      const ownY = owners[y] as Int16Array;
      if (y === x || ownY.includes(j)) continue;
      const places = tplOf(y).places;
      for (let q = 0; q < ownY.length; q++) {
        const k = ownY[q] as number;
        const len = places[q]?.len ?? 0;
        if (k < 0 || len <= (finalLen[j] as number) || y === finalDay[k] || ownX.includes(k))
          continue;
        if (!reviewPlaceTakerOk(k, x, y, movableBefore, reviews)) continue;
        tries++;
        const swap = () => {
          ownY[q] = j;
          ownX[p] = k;
          finalDay[j] = y;
          finalLen[j] = len;
          return runsOk(ownX, -1) && runsOk(ownY, -1);
        };
        if (attempt(swap, k)) break review;
      }
    }
  }
  // Last, a subject at its need may hand a place over too, where only a trade of lengths wins its
  // whole loss back (seed 35,226,330 #939: H an hour short in 2-h places, B at its need in 1-h
  // places before H's last week, G an hour past its own in a 2-h place: H takes B's 1-h place, B
  // trades its other one for G's 2-h place). After every other move, with tries of its own, so
  // that the givers over their needs keep coming first.
  const atNeed = (k: number) => !over(k) && shortBy(hours, k) <= EPS;
  for (let j = 0; j < S; j++) if (takes[j] && shortBy(hours, j) > EPS) handOvers(j, atNeed);
}

/**
 * Subject k, after handing a place over, wins its loss back: a trade on one day, on another day
 * (as the last length trades allow), or of its final review into a longer place.
 */
function tradeBack(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  reviews: FinalReviewPlaces,
  k: number,
  sessionHours: number,
): void {
  // The length trades' M8 check reads the exam days the reviews carry.
  const lastDays = { examEnd: reviews.examEnd, sessionHours };
  const only = Array.from(needs, (_, x) => x === k);
  const hours = hoursBySubject(tplOf, owners, needs.length);
  tradeWithinDays(tplOf, owners, hours, needs, reviews, k);
  if ((hours[k] as number) >= (needs[k] as number) - EPS) return;
  tradeLengths(tplOf, owners, needs, movableBefore, reviews.finalDay, only, lastDays);
  tradeFinalReviewLength(tplOf, owners, needs, movableBefore, reviews, only);
}

/**
 * Subject j, short of its need, trades a shorter place for a longer one of a subject over its
 * need on the same day (the same sessions a day, each day's load as it was). On a final review's
 * day the review stays: its subject keeps a place of the review's length there (seed 65,537
 * #966: a 1-h place beside an exam's two 1.5-h places, one of them its review). `hours` is
 * updated.
 */
function tradeWithinDays(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  hours: Float64Array,
  needs: ArrayLike<number>,
  reviews: FinalReviewPlaces,
  j: number,
): void {
  const { finalDay, finalLen } = reviews;
  /** Whether subject x still holds its final review's place on day d (true on other days). */
  const reviewKept = (own: Int16Array, places: DayTemplate['places'], d: number, x: number) =>
    d !== finalDay[x] || own.some((o, i) => o === x && places[i]?.len === finalLen[x]);
  for (let d = 0; d < owners.length; d++) {
    if ((hours[j] as number) >= (needs[j] as number) - EPS) return;
    const own = owners[d] as Int16Array;
    const places = tplOf(d).places;
    for (let a = 0; a < own.length; a++) {
      if (own[a] !== j) continue;
      for (let b = 0; b < own.length; b++) {
        const k = own[b] as number;
        const more = ((places[b]?.len ?? 0) - (places[a]?.len ?? 0)) / 2;
        if (k < 0 || k === j || more <= EPS) continue;
        if ((hours[k] as number) - more < (needs[k] as number) - EPS) continue;
        own[b] = j;
        own[a] = k;
        if (reviewKept(own, places, d, j) && reviewKept(own, places, d, k)) {
          hours[j] = (hours[j] as number) + more;
          hours[k] = (hours[k] as number) - more;
          break;
        }
        own[b] = k;
        own[a] = j;
      }
      if ((hours[j] as number) >= (needs[j] as number) - EPS) return;
    }
  }
}
