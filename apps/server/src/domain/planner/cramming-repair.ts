/**
 * The cramming repair (docs/planner.md, Anti-cramming): sessions the EDF guard forced into a
 * subject's last week or last 3 days before its exam move earlier, by free places, trades with
 * other subjects, pushes of their sessions later, shrinks into shorter places and splits over
 * two (M8). Keeps every day's places valid (M1) and interleavable; a final review moves only in a
 * length trade that wins hours back, to another of the 3 days before its exam (M9). Bounded and
 * deterministic.
 */
import { LAST_WEEK_DAYS, m8Excess, m8Guard, m8LimitsPassed, newlyPassed } from './anti-cramming.js';
import { chainEarlier } from './cram-chain.js';
import { CRAM_DAYS, type DayTemplate, REVIEW_NEAR_DAYS } from './model.js';
import { hoursBySubject, reviewPlaceOn, runsOk, sessionsOn, shortPlacesOk } from './repair.js';
import { f64, i16, i32, item, num, numLike } from './typed.js';

/**
 * Most candidate trades and pushes the cramming repair checks against another subject's M8
 * limits in one run (each check is a pass over that subject's days): a plan of many crowded
 * exams over a year could ask millions; past this many the repair keeps what it has, and the
 * plan's warning tells the student.
 */
const MAX_LIMIT_CHECKS = 5000;

/**
 * Most trades of place lengths a subject makes to win back the hours of a session it gave up to a
 * crammed subject (displaceThenRegain): seed 42 #289 needs two, a 1-h place for a 1.5-h one twice;
 * each more multiplies the search.
 */
const MAX_REGAIN_TRADES = 2;

/**
 * Search nodes the ejection chains (cram-chain.ts) may visit in one run of the repair, over every
 * subject and session it tries them for: bounds the run on any plan (a node is a place taken and
 * a day checked). 1,000,003 #853 found its chain at the fifth session tried, after about 10,300.
 */
const MAX_CHAIN_NODES = 20_000;

/** A trade of place lengths: subject j's shorter place (x, ix) for subject g's longer (y, iy). */
interface LengthTrade {
  j: number;
  g: number;
  x: number;
  ix: number;
  y: number;
  iy: number;
  /** Hours j gains and g loses. */
  gain: number;
  /**
   * When j's place at x is its final review, which goes to y with the trade: the review's
   * length and j's movable limit before it (restored when the trade is undone).
   */
  review?: { len: number; movable: number };
}

/**
 * Moves sessions out of a subject's last week before its exam when that week holds more than
 * twice its mean week (or one session), and out of its last 3 days beyond a quarter of its hours
 * (or 2 sessions) - where the EDF guard had to force them late (M8). A session moves to
 * a free place of the same length before that week (before the last 3 days when only those are
 * over their limit: `movesBefore`), on a day without another session of the subject, else by
 * the trades, pushes and shrinks below; never the final review (`keep[k]`, its day).
 */
export function repairCramming(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  exam: Float64Array,
  /** Each subject's final-review day (-1: none); a regain's length trade may move it. */
  keep: number[],
  /** Length of the final review's place, in half-hours (updated with `keep`). */
  keepLen: Int32Array,
  L: number,
  /** Each subject's movable limit (lowered when its final review moves earlier). */
  movableBefore: Int32Array,
  /** Each subject's need in hours: a session may shrink into a shorter place only above it. */
  needs: ArrayLike<number>,
  /**
   * The last run (after the cap repair): as last resorts, a session may split over two shorter
   * free places earlier, and a session that only adds buffer may be dropped.
   */
  lastRun = false,
): void {
  const hours = hoursBySubject(tplOf, owners, exam.length);
  /** Which of subject k's M8 limits its sessions pass now: its last 7 days, its last 3. */
  const limitsPassed = (k: number) => m8LimitsPassed(tplOf, owners, k, f64(exam, k), L);
  const overLimits = (k: number): boolean => {
    if (!(f64(exam, k) >= 14) || f64(exam, k) > owners.length) return false;
    const { over7, over3 } = limitsPassed(k);
    return over7 || over3;
  };
  /** How many hours subject k passes each of its M8 limits by now (m8Excess). */
  const excessOf = (k: number) => m8Excess(tplOf, owners, k, f64(exam, k), L);
  /**
   * Whether subject k passes a limit by more hours than `before`: another exam whose deadline
   * already forces it past its limits may still not be crammed deeper by k's move.
   */
  const crammedDeeper = (k: number, before: { over7: number; over3: number }): boolean => {
    const after = excessOf(k);
    return after.over7 > before.over7 + 1e-9 || after.over3 > before.over3 + 1e-9;
  };
  /** The day the moves of the current session must land before (set per session below). */
  let movesBefore = 0;
  let limitChecks = 0;
  /**
   * The hand-ons of this run that took a crammed subject's late session out by pushing another
   * exam, already past its limits, deeper into its last days (`handKey(k, j2)`): that exam's own
   * repair may not push k back the same way. Else the two hand a session to and fro and the
   * order of the subjects decides where it ends (777,777 #194: B's session left its last week
   * as C's went into C's last 3 days, then C's repair sent B's session into B's last 3 days,
   * 6 of 8 h there against 4 a plan can hold).
   */
  const handedDeeper = new Set<number>();
  const handKey = (from: number, to: number) => from * exam.length + to;
  const chainRun = {
    tplOf,
    owners,
    exam,
    keep,
    keepLen,
    needs,
    hours,
    L,
    budget: { nodes: MAX_CHAIN_NODES },
  };
  /**
   * The chains searched in vain since the plan last changed: subject, day and place length. k's
   * places of one length on a day leave alike (a chain from one would find what one from another
   * does), and searching each spent the run's budget before the day that had a chain (75,355,312
   * #887: A's five 1-h sessions on day 33, its two on days 34 and 31, before day 28's).
   */
  const chainFailed = new Set<number>();
  // A second sweep when a subject left over its limits had a later one move: that move can free
  // a place, or bring one, before the first one's last week (43,459,861 #724: C's turn found no
  // trade; K's own repair then brought a 1.5-h place of K's to day 17, two days before C's last
  // week, with room for C's late session in K's window). In it a subject keeps its moves only
  // when they bring it within its limits, or lower its excess over them (passing neither by
  // more) while every subject holds its need: moves that left it over while another exam was
  // short took the place a later length trade gave that exam its half hour with (900,001 #730:
  // E 4 of 4.5 h); moves that only lowered the excess are kept since 14,580,237 #825 (D 11 h in
  // its last week, 9.5 forced: F's repair after D's brought a place of F's before D's last week).
  let stuck = false;
  let movedAfterStuck = false;
  for (let k = 0; k < exam.length; k++) {
    const { moved, over } = repairSubject(k);
    if (moved && stuck) movedAfterStuck = true;
    if (over) stuck = true;
  }
  for (let k = 0; k < exam.length && movedAfterStuck; k++) {
    if (!overLimits(k)) continue;
    const undo = saveState();
    const before = excessOf(k);
    if (repairSubject(k).over && !(lessCrammed(k, before) && needsHeld())) undo();
  }

  /** Whether k passes its limits by fewer hours than `before`, and neither by more. */
  function lessCrammed(k: number, before: { over7: number; over3: number }): boolean {
    const after = excessOf(k);
    const fewer = after.over7 < before.over7 - 1e-9 || after.over3 < before.over3 - 1e-9;
    return fewer && !crammedDeeper(k, before);
  }

  /**
   * Whether every subject holds its need now, of those with a day to study on: a subject whose
   * deadline is not after the plan's start holds nothing, and blocked every chain (65,877,277
   * #381: D's deadline 3 days before the start).
   */
  function needsHeld(): boolean {
    const now = hoursBySubject(tplOf, owners, exam.length);
    for (let j = 0; j < exam.length; j++)
      if (i32(movableBefore, j) > 0 && f64(now, j) < numLike(needs, j) - 1e-9) return false;
    return true;
  }

  /** Subject k's moves, at most 20: whether it made any, and whether it is still over a limit. */
  function repairSubject(k: number): { moved: boolean; over: boolean } {
    const W = f64(exam, k);
    if (!(W >= 14) || W > owners.length) return { moved: false, over: false };
    for (let guard = 0; guard < 20; guard++) {
      // The hours as booked: a move that leaves a full place free beside a shorter one moves
      // that session up into it (leaveOk), a gain no move counts (seed 31 #243: E's 1-h session
      // took its 1.5-h place as its other session shrank into a 1-h place; counted 13.5 h, E
      // held 14, half an hour past its need, and no shrink was tried).
      hours.set(hoursBySubject(tplOf, owners, exam.length));
      const { over7, over3 } = limitsPassed(k);
      if (!over7 && !over3) return { moved: guard > 0, over: false };
      // The session to move: the latest one that is not the final review and can go earlier.
      // Over both limits, a session of the last week before the last 3 days is tried too when
      // none of the last 3 days can move: stopping there left a last week of 20 h that two
      // trades with another exam's earlier sessions would have brought within M8 (seed 8 #191).
      const lo = W - (over7 ? LAST_WEEK_DAYS : CRAM_DAYS);
      // Where it may go: before the last week, or, with only the last 3 days over their limit,
      // before those (a last week within its limit stays so: the move is inside it).
      movesBefore = lo;
      let moved = false;
      for (let d = W - 1; d >= lo && !moved; d--)
        for (const i of lateSessions(k, d)) if (!moved) moved = moveEarlier(k, W, d, i);
      // Nothing could go earlier: in the last run (after the cap repair), a session that only
      // adds buffer (the subject keeps its need without it) is dropped, the latest first, as the
      // cap repair drops buffer (seed 31,337 #648: a 1-h session past the need stood in a last
      // week 0.6 h over its limit). Earlier, the place it freed drew another exam's sessions
      // into its last days in the passes after (seed 31,337 #715).
      for (let d = W - 1; d >= lo && !moved && lastRun; d--)
        for (const i of lateSessions(k, d)) if (!moved) moved = dropBuffer(k, d, i);
      for (let d = W - 1; d >= lo && !moved && lastRun; d--)
        for (const i of lateSessions(k, d)) if (!moved) moved = gainThenDrop(k, d, i);
      // Last, the places before the limit are all taken and k has nothing to drop: another exam
      // hands its place on through a third (rotateLater), or gives a session up and wins its
      // hours back in longer places (displaceThenRegain), or a shorter one, and k wins back the
      // difference too (displaceShorter).
      for (let d = W - 1; d >= lo && !moved && lastRun; d--)
        for (const i of lateSessions(k, d))
          if (!moved)
            moved = rotateLater(k, d, i) || displaceThenRegain(k, d, i) || displaceShorter(k, d, i);
      // Then any chain of exchanges, of places of any lengths among any subjects (cram-chain.ts);
      // one that failed is not searched again until some move changes the plan. Only while every
      // subject holds its need: one short of it may win its hours back in the length trades
      // after this repair, in places a chain would take (161,803 #564: E 14.5 of 15 h).
      const chainsMay = lastRun && !moved && needsHeld();
      for (let d = W - 1; d >= lo && !moved && chainsMay; d--)
        for (const i of lateSessions(k, d)) {
          const key = (k * owners.length + d) * 64 + (tplOf(d).places[i]?.len ?? 0);
          if (moved || chainFailed.has(key)) continue;
          moved = chainEarlier(chainRun, k, d, i, movesBefore);
          if (!moved) chainFailed.add(key);
        }
      // Last, k keeps its place but gives its length: a longer session of its last days trades
      // places with another subject's shorter session there (66,813,702 #202).
      for (let d = W - 1; d >= lo && !moved && lastRun; d--)
        for (const i of lateSessions(k, d)) if (!moved) moved = tradeDown(k, W, lo, d, i);
      if (moved) chainFailed.clear();
      // Over both limits, and no session could leave the last week (its deadline forces it
      // full): a session of the last 3 days may still go before them, inside the last week
      // (777,777 #976: C 8 h in its last week, 5 in its last 3 days against 3.5 allowed, while G's
      // session on the day before them could trade into G's own last 3 days' room).
      if (!moved && over7 && over3) moved = intoForcedLastWeek(k, W);
      if (!moved) return { moved: guard > 0, over: true };
    }
    return { moved: true, over: overLimits(k) };
  }

  /**
   * k's last week is over its limit and none of its sessions could leave it: a session of its
   * last 3 days moves before them, inside the last week (every move of moveEarlier, bounded by
   * the last 3 days), which keeps the last week's hours and lowers the last 3 days'. A move that
   * leaves k past either limit by more hours than before (a shrink lowers the hours the last
   * week is allowed) is undone (`crammedMore`).
   */
  function intoForcedLastWeek(k: number, W: number): boolean {
    movesBefore = W - CRAM_DAYS;
    const before = m8Excess(tplOf, owners, k, W, L);
    /** Whether k passes a limit by more hours than `before`. */
    const crammedMore = (): boolean => {
      const after = m8Excess(tplOf, owners, k, W, L);
      return after.over7 > before.over7 + 1e-9 || after.over3 > before.over3 + 1e-9;
    };
    for (let d = W - 1; d >= W - CRAM_DAYS; d--)
      for (const i of lateSessions(k, d)) {
        const saved = saveState();
        if (!moveEarlier(k, W, d, i)) continue;
        if (!crammedMore()) return true;
        saved();
      }
    return false;
  }

  /**
   * The plan's state the moves change (owners, hours, final reviews and movable limits), saved;
   * the function returned puts it back.
   */
  function saveState(): () => void {
    const own = owners.map((o) => o.slice());
    const h = hours.slice();
    const k0 = keep.slice();
    const kl = keepLen.slice();
    const mb = movableBefore.slice();
    return () => {
      for (const [x, o] of own.entries()) item(owners, x).set(o);
      hours.set(h);
      for (const [j, d] of k0.entries()) keep[j] = d;
      keepLen.set(kl);
      movableBefore.set(mb);
    };
  }

  /** The place of k's final review on its day (-1: none there or no review). */
  function reviewPlace(k: number): number {
    const d = num(keep, k);
    return d < 0 ? -1 : reviewPlaceOn(tplOf(d), item(owners, d), k, i32(keepLen, k));
  }

  /** The places of k's sessions on day d, the latest first, its final review aside. */
  function lateSessions(k: number, d: number): number[] {
    const own = item(owners, d);
    const finalAt = d === keep[k] ? reviewPlace(k) : -1;
    const out: number[] = [];
    for (let i = own.length - 1; i >= 0; i--) if (own[i] === k && i !== finalAt) out.push(i);
    return out;
  }

  /**
   * Drops k's session at place `src` of day d when k keeps its need without it and passes no
   * limit it passed not before (fewer hours lower a quarter of them: a session dropped from the
   * last week before the last 3 days put the last 3 days over theirs, seed 31,337 #715).
   */
  function dropBuffer(k: number, d: number, src: number): boolean {
    const h = (tplOf(d).places[src]?.len ?? 0) / 2;
    if (f64(hours, k) - h < numLike(needs, k) - 1e-9) return false;
    const own = item(owners, d);
    const before = limitsPassed(k);
    own[src] = -1;
    const after = limitsPassed(k);
    const worse = newlyPassed(before, after);
    if (!worse && shortPlacesOk(tplOf(d), own) && runsOk(own, -1)) {
      hours[k] = f64(hours, k) - h;
      return true;
    }
    own[src] = k;
    return false;
  }

  /**
   * Drops k's session at place `src` of day d (dropBuffer) once k has gained the hours it lacks
   * for that: one of k's shorter sessions earlier trades places with a longer session of another
   * subject that stays at or past its need without the difference. Mixed place lengths leave
   * half-hours where they are not needed: seed 42 #383, C's last week 0.3 h over its limit and
   * 0.5 h short of dropping a 1-h session there, while D held 18.5 h of an 18-h need with a
   * 1.5-h session where C held a 1-h one.
   */
  function gainThenDrop(k: number, d: number, src: number): boolean {
    const lack = numLike(needs, k) - (f64(hours, k) - (tplOf(d).places[src]?.len ?? 0) / 2);
    if (lack <= 1e-9) return false;
    for (let x = movesBefore - 1; x >= 0; x--) {
      const ownX = item(owners, x);
      for (let ix = 0; ix < ownX.length; ix++) {
        const a = tplOf(x).places[ix]?.len ?? 0;
        if (ownX[ix] !== k) continue;
        for (let y = movesBefore - 1; y >= 0; y--) {
          const ownY = item(owners, y);
          for (let iy = 0; iy < ownY.length; iy++) {
            const j = i16(ownY, iy);
            const gain = ((tplOf(y).places[iy]?.len ?? 0) - a) / 2;
            if (j < 0 || j === k || gain < lack - 1e-9 || y === num(keep, j)) continue;
            if (f64(hours, j) - gain < numLike(needs, j) - 1e-9 || !fitsWindow(j, x)) continue;
            if (++limitChecks > MAX_LIMIT_CHECKS) return false;
            const before = limitsPassed(j);
            ownX[ix] = j;
            ownY[iy] = k;
            hours[j] = f64(hours, j) - gain;
            hours[k] = f64(hours, k) + gain;
            const after = limitsPassed(j);
            const worse = newlyPassed(before, after);
            if (!worse && dayValid(x) && dayValid(y) && dropBuffer(k, d, src)) return true;
            ownX[ix] = k;
            ownY[iy] = j;
            hours[j] = f64(hours, j) + gain;
            hours[k] = f64(hours, k) - gain;
          }
        }
      }
    }
    return rotateThenDrop(k, d, src, lack) || twoForOneThenDrop(k, d, src, lack);
  }

  /**
   * gainThenDrop's gain where no trade of one place for one gives it: one of k's longer sessions
   * before the moves' bound goes to a subject past its need, which gives two of its shorter
   * places there to k for it (k gains a session and the difference, at most half an hour past
   * what it lacks; the other keeps its need, its window and its M8 limits), then k's late session
   * is dropped. Seed 424,242 #595: I's last week 0.75 h over its limit and half an hour short of
   * dropping a 1-h session there, B, half an hour past its need, in every place before I's last
   * week that B's window holds, its only 1-h places on two Sundays: I's 1.5-h place to B, B's two
   * 1-h places to I.
   */
  function twoForOneThenDrop(k: number, d: number, src: number, lack: number): boolean {
    // The other subjects' places before the bound, by subject: [day, place], final reviews aside.
    const early = new Map<number, Array<[number, number]>>();
    for (let y = movesBefore - 1; y >= 0; y--) {
      const own = item(owners, y);
      for (let i = 0; i < own.length; i++) {
        const j = i16(own, i);
        if (j < 0 || j === k || y === num(keep, j)) continue;
        const list = early.get(j) ?? [];
        list.push([y, i]);
        early.set(j, list);
      }
    }
    for (const [j, places] of early)
      for (let x = movesBefore - 1; x >= 0; x--) {
        const ownX = item(owners, x);
        for (let ix = 0; ix < ownX.length; ix++) {
          if (ownX[ix] !== k || !fitsWindow(j, x)) continue;
          for (let p = 0; p < places.length; p++)
            for (let q = p + 1; q < places.length; q++) {
              const [y1, i1] = places[p] as [number, number];
              const [y2, i2] = places[q] as [number, number];
              const gain = (placeLen(y1, i1) + placeLen(y2, i2) - placeLen(x, ix)) / 2;
              if (gain < lack - 1e-9 || gain >= lack + 0.5 - 1e-9) continue;
              if (f64(hours, j) - gain < numLike(needs, j) - 1e-9) continue;
              if (++limitChecks > MAX_LIMIT_CHECKS) return false;
              const before = limitsPassed(j);
              ownX[ix] = j;
              item(owners, y1)[i1] = k;
              item(owners, y2)[i2] = k;
              hours[j] = f64(hours, j) - gain;
              hours[k] = f64(hours, k) + gain;
              const kept = !newlyPassed(before, limitsPassed(j));
              if (kept && dayValid(x) && dayValid(y1) && dayValid(y2) && dropBuffer(k, d, src))
                return true;
              ownX[ix] = k;
              item(owners, y1)[i1] = j;
              item(owners, y2)[i2] = j;
              hours[j] = f64(hours, j) + gain;
              hours[k] = f64(hours, k) - gain;
            }
        }
      }
    return false;
  }

  /**
   * gainThenDrop's gain through three subjects when no swap of two gives it: k's shorter session
   * goes to j1, one of j1's to j2, and a longer one of j2's to k; k gains the difference, j1 and
   * j2 keep their needs, windows and M8 limits, then k's late session is dropped. Seed 777 #65:
   * A 1 h over in its last week and 0.5 h short of dropping a 1-h session there, while G held
   * 0.5 h past its need in a 1.5-h place early: A's 1-h place to C, C's 1-h place to G, G's
   * 1.5-h place to A.
   */
  function rotateThenDrop(k: number, d: number, src: number, lack: number): boolean {
    const lenAt = (day: number, i: number) => tplOf(day).places[i]?.len ?? 0;
    // Sessions before the moves' bound, by owner: [day, place].
    const early: Array<[number, number]> = [];
    for (let x = movesBefore - 1; x >= 0; x--) {
      const own = item(owners, x);
      for (let i = 0; i < own.length; i++) if (i16(own, i) >= 0) early.push([x, i]);
    }
    for (const [x1, i1] of early) {
      if (item(owners, x1)[i1] !== k) continue;
      const a = lenAt(x1, i1);
      for (const [x3, i3] of early) {
        const j2 = i16(item(owners, x3), i3);
        const c = lenAt(x3, i3);
        if (j2 === k || (c - a) / 2 < lack - 1e-9 || x3 === num(keep, j2)) continue;
        for (const [x2, i2] of early) {
          const j1 = i16(item(owners, x2), i2);
          if (j1 === k || j1 === j2 || x2 === num(keep, j1)) continue;
          const b = lenAt(x2, i2);
          if (f64(hours, j1) + (a - b) / 2 < numLike(needs, j1) - 1e-9) continue;
          if (f64(hours, j2) + (b - c) / 2 < numLike(needs, j2) - 1e-9) continue;
          if (!fitsWindow(j1, x1) || !fitsWindow(j2, x2)) continue;
          if (++limitChecks > MAX_LIMIT_CHECKS) return false;
          const before1 = limitsPassed(j1);
          const before2 = limitsPassed(j2);
          item(owners, x1)[i1] = j1;
          item(owners, x2)[i2] = j2;
          item(owners, x3)[i3] = k;
          const shift = (j: number, h: number) => {
            hours[j] = f64(hours, j) + h;
          };
          shift(j1, (a - b) / 2);
          shift(j2, (b - c) / 2);
          shift(k, (c - a) / 2);
          const kept =
            !newlyPassed(before1, limitsPassed(j1)) && !newlyPassed(before2, limitsPassed(j2));
          if (kept && dayValid(x1) && dayValid(x2) && dayValid(x3) && dropBuffer(k, d, src))
            return true;
          item(owners, x1)[i1] = k;
          item(owners, x2)[i2] = j1;
          item(owners, x3)[i3] = j2;
          shift(j1, (b - a) / 2);
          shift(j2, (c - b) / 2);
          shift(k, (a - c) / 2);
        }
      }
    }
    return false;
  }

  /**
   * k's session at place `src` of day `from` trades places with a shorter session of another
   * subject g on a day from `lo` to k's exam, where k keeps its need with the difference less:
   * k's hours in its last days fall by it, g's rise (66,813,702 #202: A, half an hour past its
   * need, held a 1.5-h place on day 18 of its last week beside B's 1-h one; A 4 h in its last
   * week after, against 4.5, the least any plan holds). g's session may stand on `from` (its
   * window, by its final review), is not its final review, and g passes no M8 limit newly or by
   * more hours; a subject without an exam trades only on its own day (its week keeps its days).
   * Both days stay valid and interleavable, and k passes its limits by fewer hours.
   */
  function tradeDown(k: number, W: number, lo: number, from: number, src: number): boolean {
    const a = placeLen(from, src);
    const before = excessOf(k);
    for (let y = W - 1; y >= lo; y--) {
      const ownY = item(owners, y);
      for (let iy = 0; iy < ownY.length; iy++) {
        const g = i16(ownY, iy);
        const gain = (a - placeLen(y, iy)) / 2;
        if (g < 0 || g === k || gain <= 0 || y === num(keep, g)) continue;
        if (f64(hours, k) - gain < numLike(needs, k) - 1e-9 || !fitsWindow(g, from)) continue;
        const steady = Number.isNaN(f64(exam, g));
        if (steady && y !== from) continue;
        if (++limitChecks > MAX_LIMIT_CHECKS) return false;
        const beforeG = steady ? undefined : excessOf(g);
        // k "gains" the negative difference: the length trade's swap, from k's side.
        const t: LengthTrade = { j: k, g, x: from, ix: src, y, iy, gain: -gain };
        swapLengths(t, 1);
        const kept =
          dayValid(from) &&
          dayValid(y) &&
          (beforeG === undefined || !crammedDeeper(g, beforeG)) &&
          lessCrammed(k, before);
        if (kept) return true;
        swapLengths(t, -1);
      }
    }
    return false;
  }

  /** Whether day x's places stay valid (M1's shorter places) and interleavable. */
  function dayValid(x: number): boolean {
    const own = item(owners, x);
    return shortPlacesOk(tplOf(x), own) && runsOk(own, -1);
  }

  /** The length of place i of day x, in half-hours. */
  function placeLen(x: number, i: number): number {
    return tplOf(x).places[i]?.len ?? 0;
  }

  /**
   * k's late session at place `src` of day `from` takes the place of another exam's session of
   * the same length before `movesBefore` (j1's, not on its final review's day), j1's session
   * takes a third exam's place later in j1's window (j2's, up to j1's final review's day), and
   * j2's session takes k's late place, inside j2's window: each keeps its hours, j1 and j2 their
   * M8 limits, and every day stays interleavable. Where no place is left free for a push
   * (pushLater), a third exam with room in its last days passes one on. Seed 1 #486: D's last 3
   * days held 6 h against 5 allowed, every place before them taken; D's session went to an
   * earlier place of E, E's to C's place on E's final review's day (E's last 3 days had an hour
   * of room), and C's to D's place on C's own (C's last 3 days hold what they held).
   */
  function rotateLater(k: number, from: number, src: number): boolean {
    const len = placeLen(from, src);
    // Only another exam whose window holds `from` can take k's place there.
    let takers = 0;
    for (let j = 0; j < exam.length; j++)
      if (j !== k && !Number.isNaN(f64(exam, j)) && fitsWindow(j, from)) takers++;
    if (takers === 0) return false;
    // A day without k first; a second session of k on a day is the last resort.
    for (let pass = 0; pass < 2; pass++)
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (pass === 0 && own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j1 = i16(own, i);
          if (j1 < 0 || j1 === k || placeLen(d, i) !== len || !movableExam(j1, d)) continue;
          if (handOn(k, from, src, d, i, pass === 0)) return true;
        }
      }
    return false;
  }

  /** Whether subject j's session on day x is another exam's that may move: not its review day. */
  function movableExam(j: number, x: number): boolean {
    return !Number.isNaN(f64(exam, j)) && x !== num(keep, j);
  }

  /**
   * rotateLater's second step: j1's session at place i of day d goes to a place of the same
   * length of a third exam j2 later in j1's window (a day without j1 first), and j2's to k's
   * place `src` of day `from`, which k left for d; false, with nothing changed, when none will do.
   */
  function handOn(
    k: number,
    from: number,
    src: number,
    d: number,
    i: number,
    apart: boolean,
  ): boolean {
    const own = item(owners, d);
    const ownFrom = item(owners, from);
    const j1 = i16(own, i);
    const review = num(keep, j1);
    const end = review >= 0 ? review + 1 : Math.min(f64(exam, j1), owners.length);
    // A day of k alone that j2's session comes to: nothing was interleaved there, and one
    // session of j2 beside k's others leaves only a run the day forces (M6 does not count a day
    // of one subject, and one other session beside it is no worse). Seed 97,561,720 #328: C's
    // six 1-h sessions on B's exam day, 8 h in C's last week against 7 allowed; D's session
    // there left 5 + 1, which runsOk refuses, and every other rotation passed D's last week.
    const leftAlone = ownFrom.every((x) => x < 0 || x === k);
    const fromOk = () => leftAlone || runsOk(ownFrom, -1);
    for (let q = d + 1; q < end; q++) {
      const ownQ = item(owners, q);
      if (q === from || (apart && ownQ.includes(j1))) continue;
      for (let iq = 0; iq < ownQ.length; iq++) {
        const j2 = i16(ownQ, iq);
        if (j2 < 0 || j2 === k || j2 === j1 || placeLen(q, iq) !== placeLen(d, i)) continue;
        if (!movableExam(j2, q) || !fitsWindow(j2, from)) continue;
        if (++limitChecks > MAX_LIMIT_CHECKS) return false;
        const before1 = limitsPassed(j1);
        const before2 = limitsPassed(j2);
        const excess1 = excessOf(j1);
        const excess2 = excessOf(j2);
        own[i] = k;
        ownQ[iq] = j1;
        ownFrom[src] = j2;
        const deeper = crammedDeeper(j2, excess2);
        // j1's session goes later, perhaps into its own last days: not past a limit j1 passes
        // already by more hours (65,877,277 #381: I's late session took B's place, and B's went
        // into K's place on day 28, B's last 3 days, 11 h there where its deadline forces 10).
        const kept =
          !crammedDeeper(j1, excess1) &&
          !newlyPassed(before1, limitsPassed(j1)) &&
          !newlyPassed(before2, limitsPassed(j2)) &&
          !(deeper && handedDeeper.has(handKey(j2, k)));
        if (kept && runsOk(own, -1) && runsOk(ownQ, -1) && fromOk()) {
          if (deeper) handedDeeper.add(handKey(k, j2));
          return true;
        }
        own[i] = j1;
        ownQ[iq] = j2;
        ownFrom[src] = k;
      }
    }
    return false;
  }

  /**
   * k's late session at place `src` of day `from` takes the place of another exam's session of
   * the same length before `movesBefore` (j's, not on its final review's day), and j gives that
   * session up: j keeps its need as it is, or wins the hours back through at most
   * MAX_REGAIN_TRADES trades of its shorter places for longer ones of subjects past their needs
   * (never past its hours before). j and the givers keep their M8 limits and every day stays
   * valid; the hours booked fall by k's late session. Seed 42 #289: G's last week held 3 h
   * against 2.3 allowed, every place before it taken by earlier exams whose half hours past their
   * needs stood in other places; G's session took a 1.5-h place of A, and A won the hour back by
   * trading its two 1-h places for 1.5-h ones of K and C, each 0.5 h past its need.
   */
  function displaceThenRegain(k: number, from: number, src: number): boolean {
    const len = placeLen(from, src);
    const ownFrom = item(owners, from);
    // Subjects whose hours could not be won back once: their other places are not searched
    // again (each search is a pass over the plan's places for every shorter session). Keyed by
    // where the given-up place lies against j's exam (before its last week, in it, in its last 3
    // days): a regain fails on j's M8 limits, which fall with its hours, and a place given up
    // inside j's last week lowers that week too (seed 86,400 #654: F, an hour past its need, could
    // not give up a 1.5-h place before its last week, whose 4.5 h then passed its lower limit,
    // and so was never tried for its place in that week, which B's late session needed).
    const failed = new Set<number>();
    const failKey = (j: number, d: number): number => {
      const e = f64(exam, j);
      const zone = d >= e - CRAM_DAYS ? 2 : d >= e - LAST_WEEK_DAYS ? 1 : 0;
      return j * 3 + zone;
    };
    // The day k leaves stays valid without its session (no place is rearranged here).
    ownFrom[src] = -1;
    const left = shortPlacesOk(tplOf(from), ownFrom) && runsOk(ownFrom, -1);
    ownFrom[src] = k;
    if (!left) return false;
    for (let pass = 0; pass < 2; pass++)
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (pass === 0 && own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          if (j < 0 || j === k || placeLen(d, i) !== len || !movableExam(j, d)) continue;
          const lack = numLike(needs, j) - (f64(hours, j) - len / 2);
          if (
            failed.has(failKey(j, d)) ||
            lack > len / 2 + 1e-9 ||
            lack > surplusBeside(j, k) + 1e-9
          )
            continue;
          if (++limitChecks > MAX_LIMIT_CHECKS) return false;
          const before = limitsPassed(j);
          own[i] = k;
          ownFrom[src] = -1;
          hours[j] = f64(hours, j) - len / 2;
          const trades: LengthTrade[] = [];
          if (runsOk(own, -1)) {
            if (!regain(j, k, len / 2, before, trades)) failed.add(failKey(j, d));
            else if (!newlyPassed(before, limitsPassed(j))) return true;
          }
          for (const t of trades.reverse()) swapLengths(t, -1);
          own[i] = j;
          ownFrom[src] = k;
          hours[j] = f64(hours, j) + len / 2;
        }
      }
    return false;
  }

  /**
   * displaceThenRegain into a shorter place: k's late session takes the place of another exam's
   * shorter session before `movesBefore` (j's, not on its final review's day), j gives that
   * session up and wins its hours back, and k, short by the difference, wins that back too, each
   * through length trades with exams past their needs (regain; never past the hours before). No
   * place of one session's length is left to any exam before the limit, but a shorter one is,
   * and the half hours past the needs stand in other places. Every subject touched keeps its M8
   * limits and every day stays valid; k's hours from the limit on fall (its trades go earlier).
   * Seed 89,669,290 #477: H's last week held 8.5 h against 7.2 allowed, every place before it
   * taken by four earlier exams, three of them (A, E, I) half an hour past their needs: H's
   * 1.5-h session took A's 1-h place, A won the half hour back from I (A's other 1-h place for
   * I's 1.5-h one), and H from E (its 1-h place for E's 1.5-h one).
   */
  function displaceShorter(k: number, from: number, src: number): boolean {
    const len = placeLen(from, src);
    const ownFrom = item(owners, from);
    // The day k leaves stays valid without its session (no place is rearranged here).
    ownFrom[src] = -1;
    const left = shortPlacesOk(tplOf(from), ownFrom) && runsOk(ownFrom, -1);
    ownFrom[src] = k;
    if (!left) return false;
    const beforeK = limitsPassed(k);
    const lateBefore = hoursFrom(k, movesBefore);
    for (let pass = 0; pass < 2; pass++)
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (pass === 0 && own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          const l = placeLen(d, i);
          if (j < 0 || j === k || l >= len || !movableExam(j, d)) continue;
          const lackJ = numLike(needs, j) - (f64(hours, j) - l / 2);
          const lackK = numLike(needs, k) - (f64(hours, k) - (len - l) / 2);
          const lack = Math.max(0, lackJ) + Math.max(0, lackK);
          if (lackJ > l / 2 + 1e-9 || lack > surplusBeside(j, k) + 1e-9) continue;
          if (++limitChecks > MAX_LIMIT_CHECKS) return false;
          const beforeJ = limitsPassed(j);
          own[i] = k;
          ownFrom[src] = -1;
          hours[j] = f64(hours, j) - l / 2;
          hours[k] = f64(hours, k) - (len - l) / 2;
          const trades: LengthTrade[] = [];
          if (
            runsOk(own, -1) &&
            regain(j, k, l / 2, beforeJ, trades) &&
            regain(k, j, (len - l) / 2, beforeK, trades) &&
            !newlyPassed(beforeJ, limitsPassed(j)) &&
            !newlyPassed(beforeK, limitsPassed(k)) &&
            hoursFrom(k, movesBefore) < lateBefore - 1e-9
          )
            return true;
          for (const t of trades.reverse()) swapLengths(t, -1);
          own[i] = j;
          ownFrom[src] = k;
          hours[j] = f64(hours, j) + l / 2;
          hours[k] = f64(hours, k) + (len - l) / 2;
        }
      }
    return false;
  }

  /** Subject k's hours on day `from` and after. */
  function hoursFrom(k: number, from: number): number {
    let h = 0;
    for (let d = Math.max(0, from); d < owners.length; d++) {
      const own = item(owners, d);
      for (let i = 0; i < own.length; i++) if (own[i] === k) h += placeLen(d, i) / 2;
    }
    return h;
  }

  /** Hours the exams other than j and k hold past their needs: what j could win back. */
  function surplusBeside(j: number, k: number): number {
    let surplus = 0;
    for (let g = 0; g < exam.length; g++)
      if (g !== j && g !== k && !Number.isNaN(f64(exam, g)))
        surplus += Math.max(0, f64(hours, g) - numLike(needs, g));
    return surplus;
  }

  /**
   * Subject j, which gave up a session to k, wins back what it lacks of its need, at most `most`
   * hours, through trades of its shorter places for longer ones (lengthTrade); the trades made
   * go to `trades` (to be undone by the caller on failure). True when j then holds its need.
   */
  function regain(
    j: number,
    k: number,
    most: number,
    before: { over7: boolean; over3: boolean },
    trades: LengthTrade[],
  ): boolean {
    let room = most;
    for (let n = 0; n < MAX_REGAIN_TRADES; n++) {
      if (f64(hours, j) >= numLike(needs, j) - 1e-9) return true;
      const t = lengthTrade(j, k, room, before);
      if (!t) return false;
      trades.push(t);
      room -= t.gain;
    }
    return f64(hours, j) >= numLike(needs, j) - 1e-9;
  }

  /**
   * One of j's shorter sessions trades places with a longer session of an exam g past its need by
   * the difference (at most `room` hours, not k, not g's final review), each inside its window, a
   * day without j first; both days stay valid, g and j keep their M8 limits (j's against
   * `before`). Made and returned, or undefined when none will do. j's final review may trade
   * too, to another of the days before its exam it is wanted on, where it stays j's last session
   * (reviewMayMove): a 1-h review on the exam's eve held the half hour j lacked, while an exam
   * past its need held a longer place two days earlier (seed 5 #615).
   */
  function lengthTrade(
    j: number,
    k: number,
    room: number,
    before: { over7: boolean; over3: boolean },
  ): LengthTrade | undefined {
    for (let x = owners.length - 1; x >= 0; x--) {
      const ownX = item(owners, x);
      for (let ix = 0; ix < ownX.length; ix++) {
        const isReview = x === num(keep, j);
        if (ownX[ix] !== j || (isReview && ix !== reviewPlace(j))) continue;
        const mayGo = (y: number) => (isReview ? reviewMayMove(j, x, y) : fitsWindow(j, y));
        for (let pass = 0; pass < 2; pass++)
          for (let y = owners.length - 1; y >= 0; y--) {
            const ownY = item(owners, y);
            if (pass === 0 && ownY.includes(j)) continue;
            for (let iy = 0; iy < ownY.length; iy++) {
              const g = i16(ownY, iy);
              const gain = (placeLen(y, iy) - placeLen(x, ix)) / 2;
              if (g < 0 || g === j || g === k || gain <= 0 || gain > room + 1e-9) continue;
              if (!movableExam(g, y) || f64(hours, g) - gain < numLike(needs, g) - 1e-9) continue;
              if (!fitsWindow(g, x) || !mayGo(y)) continue;
              if (++limitChecks > MAX_LIMIT_CHECKS) return undefined;
              const beforeG = limitsPassed(g);
              const t: LengthTrade = { j, g, x, ix, y, iy, gain };
              if (isReview) t.review = { len: placeLen(x, ix), movable: i32(movableBefore, j) };
              swapLengths(t, 1);
              const kept =
                !newlyPassed(beforeG, limitsPassed(g)) && !newlyPassed(before, limitsPassed(j));
              if (kept && dayValid(x) && dayValid(y)) return t;
              swapLengths(t, -1);
            }
          }
      }
    }
    return undefined;
  }

  /**
   * Makes (`way` 1) or undoes (-1) a trade of place lengths, with the subjects' hours, and j's
   * final review's day, length and movable limit when the review moves with it (sessions stay
   * put from a subject's final review on).
   */
  function swapLengths(t: LengthTrade, way: 1 | -1): void {
    item(owners, t.x)[t.ix] = way > 0 ? t.g : t.j;
    item(owners, t.y)[t.iy] = way > 0 ? t.j : t.g;
    hours[t.j] = f64(hours, t.j) + way * t.gain;
    hours[t.g] = f64(hours, t.g) - way * t.gain;
    if (!t.review) return;
    keep[t.j] = way > 0 ? t.y : t.x;
    keepLen[t.j] = way > 0 ? placeLen(t.y, t.iy) : t.review.len;
    movableBefore[t.j] = way > 0 ? Math.min(t.review.movable, t.y) : t.review.movable;
  }

  /**
   * Whether j's final review on day x may move to day y: another of the REVIEW_NEAR_DAYS before its
   * exam (M9), with no other session of j from y on, so that the review stays its last session
   * (the topic plan reviews every topic there, and nothing of j may follow it).
   */
  function reviewMayMove(j: number, x: number, y: number): boolean {
    const e = f64(exam, j);
    if (y === x || !(y >= e - REVIEW_NEAR_DAYS && y < e)) return false;
    let after = 0;
    for (let d = y; d < owners.length; d++) after += sessionsOn(item(owners, d), j);
    // The review itself, when it lies on or after y.
    return after === (x > y ? 1 : 0);
  }

  /** Whether a session of subject j may stand on day x: before its exam, by its final review. */
  function fitsWindow(j: number, x: number): boolean {
    const review = num(keep, j);
    if (review >= 0) return x <= review;
    const e = f64(exam, j);
    return Number.isNaN(e) || x < e;
  }

  /**
   * Moves k's session at place `src` of day `from` into the place of another exam's session of
   * the same length on an earlier day, and that session into a free place of its length later in
   * its own window (before its final review's day, on a day without it, within its M8 limits):
   * the other exam held a place k needed early while its own later days had room (seed 1 #486:
   * C and B each held an hour before D's last 3 days that D needed, 7 h there against 5 allowed,
   * while C's and B's own last days had free places within their limits).
   */
  function pushLater(k: number, from: number, src: number, len: number, fromOk: () => boolean) {
    const ownFrom = item(owners, from);
    // A day without k first; a second session of k on a day is the last resort.
    for (let pass = 0; pass < 2; pass++)
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (pass === 0 && own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          if (j < 0 || j === k || (tplOf(d).places[i]?.len ?? 0) !== len) continue;
          // Another exam's session, its final review's day aside (the review stays).
          const review = num(keep, j);
          if (Number.isNaN(f64(exam, j)) || d === review) continue;
          // Up to its final review's day (the review is then the day's last place of its length).
          const end = review >= 0 ? review + 1 : f64(exam, j);
          for (let q = d + 1; q < end; q++) {
            const ownQ = item(owners, q);
            if ((pass === 0 && ownQ.includes(j)) || !runsOk(ownQ, j)) continue;
            for (let iq = 0; iq < ownQ.length; iq++) {
              if (ownQ[iq] !== -1 || (tplOf(q).places[iq]?.len ?? 0) !== len) continue;
              if (++limitChecks > MAX_LIMIT_CHECKS) return false;
              const before = limitsPassed(j);
              const excessBefore = excessOf(j);
              own[i] = k;
              ownQ[iq] = j;
              ownFrom[src] = -1;
              const after = limitsPassed(j);
              // Nor deeper past a limit j already passes: pushed into its own last days, j's
              // repair pushed k's session back the same way (777,777 #194, a ping-pong).
              const worse = newlyPassed(before, after) || crammedDeeper(j, excessBefore);
              const runs = runsOk(own, -1) && runsOk(ownQ, -1) && runsOk(ownFrom, -1);
              if (!worse && runs && shortPlacesOk(tplOf(q), ownQ) && fromOk()) return true;
              own[i] = j;
              ownQ[iq] = -1;
              ownFrom[src] = k;
            }
          }
        }
      }
    return false;
  }

  /**
   * Whether day `from` stays valid with its place `src` (of `len` half-hours) left free: leaving
   * a full place free beside a used shorter one, that session takes the full place.
   */
  function leaveOk(from: number, src: number, len: number): boolean {
    const ownFrom = item(owners, from);
    if (shortPlacesOk(tplOf(from), ownFrom)) return true;
    const places = tplOf(from).places;
    for (let i = 0; i < ownFrom.length; i++)
      if (i16(ownFrom, i) >= 0 && (places[i]?.len ?? 0) < len) {
        ownFrom[src] = i16(ownFrom, i);
        ownFrom[i] = -1;
        if (shortPlacesOk(tplOf(from), ownFrom)) return true;
        ownFrom[i] = i16(ownFrom, src);
        ownFrom[src] = -1;
        return false;
      }
    return false;
  }

  /** Moves k's session at place `src` of day `from` before `movesBefore`; false if it cannot. */
  function moveEarlier(k: number, W: number, from: number, src: number): boolean {
    const len = tplOf(from).places[src]?.len ?? 0;
    const ownFrom = item(owners, from);
    const fromOk = () => leaveOk(from, src, len);
    // A free place of the same length earlier, on a day without another session of k.
    if (intoFreePlace(k, from, src, fromOk, (l) => l === len) > 0) return true;
    // No free place: swap with a subject j that can take this day (not its own last week),
    // preferably one not studying that day already; a second session of j that day, then of k
    // on the day it moves to, are the last resorts (massing one day beats cramming).
    /** Whether j's session at place i of day d may trade places with k's on `from`. */
    const tradable = (j: number, d: number, i: number): boolean => {
      if (j < 0 || j === k || (tplOf(d).places[i]?.len ?? 0) !== len) return false;
      if (!mayTakeFrom(j)) return false;
      // A session of j's own last week (before its review day) may go later within it:
      // another exam's session there held a place k needed before its last week, while j's
      // last days had room under its limits (seed 1 #459: 13 h in k's last week, 12 forced).
      const inItsLastWeek = d >= i32(movableBefore, j);
      const review = num(keep, j);
      if (intoLastWeek(j) && !keptFrom.has(j))
        keptFrom.set(j, m8Guard(tplOf, owners, j, f64(exam, j), L));
      return !inItsLastWeek || (intoLastWeek(j) && (review < 0 ? d < f64(exam, j) : d < review));
    };
    const intoLastWeek = (j: number) => from >= i32(movableBefore, j);
    /**
     * Whether j may hold a session on `from`: into j's own last week only before its exam and
     * by its final review's day (the review is then the day's last place of its length); the
     * exam that crowds k's last week may have room in its own (its limits: limitsKept).
     */
    const mayTakeFrom = (j: number): boolean => {
      const review = num(keep, j);
      return !intoLastWeek(j) || (from < f64(exam, j) && (review < 0 || from <= review));
    };
    // Or, already past a limit, j passes none newly and none by more hours than before the move
    // (`tradable` notes j first): 94,147,329 #603, E's session on C's review day for C's the day
    // before, both in C's last 3 days (held what they held).
    const keptFrom = new Map<number, () => boolean>();
    const limitsKept = (j: number) =>
      !intoLastWeek(j) || !overLimits(j) || keptFrom.get(j)?.() === true;
    // A day of k alone (nothing to interleave) stays interleavable only if two of its sessions
    // trade at once: one of j among five of k leaves a run of three (seed 31,337 #769: six 1-h
    // sessions of k on a day of its last week, while another exam's earlier sessions could go
    // there). Asked only of such days, as it searches pairs.
    let alone = true;
    for (let i = 0; i < ownFrom.length; i++)
      if (i16(ownFrom, i) >= 0 && ownFrom[i] !== k) alone = false;
    for (let pass = 0; pass < 3; pass++)
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (pass < 2 && own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          if ((pass === 0 && ownFrom.includes(j)) || !tradable(j, d, i)) continue;
          own[i] = k;
          ownFrom[src] = j;
          if (runsOk(own, -1) && runsOk(ownFrom, -1) && limitsKept(j)) return true;
          if (alone && runsOk(own, -1) && secondTrade(j, d, i)) return true;
          own[i] = j;
          ownFrom[src] = k;
        }
      }
    return (
      pushLater(k, from, src, len, fromOk) ||
      shrinkEarlier(k, from, src, len, fromOk) ||
      (lastRun &&
        (splitEarlier(k, from, src, len) ||
          shrinkWithMakeUp(k, W, from, src, len, fromOk) ||
          shrinkByTrade() ||
          splitByTrade())) ||
      (!alone && tradeTwoOffSharedDay())
    );

    /**
     * Two of k's sessions on `from` trade at once with two earlier sessions of another subject j
     * that already studies there, as on a day of k alone: one trade left j's run unbroken
     * (85,794,996 #698: C's two 1-h sessions among four of B on C's exam eve, 3 h in C's last
     * 3 days against 2 allowed; one of them to B left five B beside one C, a run of three; both
     * leave B's day of six, nothing to interleave, and C takes two of B's earlier places).
     */
    function tradeTwoOffSharedDay(): boolean {
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          if (!ownFrom.includes(j) || !tradable(j, d, i)) continue;
          own[i] = k;
          ownFrom[src] = j;
          if (runsOk(own, -1) && secondTrade(j, d, i)) return true;
          own[i] = j;
          ownFrom[src] = k;
        }
      }
      return false;
    }

    /**
     * k's late session shrinks into a shorter place of another subject j before the last week,
     * and j takes k's longer place in exchange (seed 12,345 #279: E's 2-h session on a day of
     * its last week, 9 h there against 7.9 allowed, while I held a 1-h place ten days earlier
     * and had room for a longer session later). k keeps its need without the difference and
     * passes no limit it kept; j, which gains it, stays inside its window (before its final
     * review) and within its own M8 limits. Last run only, like the other shrinks.
     */
    function shrinkByTrade(): boolean {
      const before = limitsPassed(k);
      for (let d = movesBefore - 1; d >= 0; d--) {
        const own = item(owners, d);
        if (own.includes(k)) continue;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          const l = tplOf(d).places[i]?.len ?? 0;
          if (j < 0 || j === k || l >= len || ownFrom.includes(j)) continue;
          const diff = (len - l) / 2;
          if (f64(hours, k) - diff < numLike(needs, k) - 1e-9) continue;
          // j's session there is one the repairs may move, and `from` lies in j's window.
          if (d >= i32(movableBefore, j) || !mayTakeFrom(j)) continue;
          own[i] = k;
          ownFrom[src] = j;
          if (
            runsOk(own, -1) &&
            runsOk(ownFrom, -1) &&
            shortPlacesOk(tplOf(d), own) &&
            shortPlacesOk(tplOf(from), ownFrom) &&
            limitsKept(j) &&
            !newlyPassed(before, limitsPassed(k))
          ) {
            hours[k] = f64(hours, k) - diff;
            hours[j] = f64(hours, j) + diff;
            return true;
          }
          own[i] = j;
          ownFrom[src] = k;
        }
      }
      return false;
    }

    /**
     * k's late session splits over two shorter places of another exam j before `movesBefore`,
     * on two days without k, whose lengths add up to it, and j takes k's late place in return:
     * every place stays as full as it was (M1's shorter places, the weekly cap and the day's
     * hours as they were), k and j keep their hours, k's sessions only go earlier (no limit of
     * k newly passed), and j's session goes into its window (before its final review) and,
     * into its own last week, only within its M8 limits. Neither session given up is a final
     * review: j's review day gives no place, and k's review is not among its late sessions.
     * Seed 5 #340: F's exam on day 23 needs 8 h, its last week held all 8 against 4.9 allowed,
     * every place before it taken by earlier exams, and F held its need exactly (no shrink) in
     * 2-h sessions where no 2-h place could trade; A held four 1-h places there and had room in
     * its window for 2-h sessions on F's day 17: F's two sessions there went to A's four places
     * and A took both, 4 h left in F's last week.
     */
    function splitByTrade(): boolean {
      // A day without another session of j on `from` first; a second one there is the last
      // resort (F's two 2-h sessions on one day both go to A).
      for (let pass = 0; pass < 2; pass++)
        for (let d1 = movesBefore - 1; d1 > 0; d1--) {
          const own1 = item(owners, d1);
          if (own1.includes(k)) continue;
          for (let i1 = 0; i1 < own1.length; i1++) {
            const j = i16(own1, i1);
            if ((pass === 0 && ownFrom.includes(j)) || !givesPart(j, d1, i1)) continue;
            const rest = len - placeLen(d1, i1);
            if (secondPart(j, d1, i1, rest) || relayedPart(j, d1, i1, rest)) return true;
          }
        }
      return false;
    }

    /**
     * Whether j's session at place i of day d, shorter than k's late session, may be one of the
     * two parts: another exam's, not on its final review's day, where the repairs may move it
     * (before its last week), and j may take `from` in return.
     */
    function givesPart(j: number, d: number, i: number): boolean {
      if (j < 0 || j === k || placeLen(d, i) >= len || !movableExam(j, d)) return false;
      return d < i32(movableBefore, j) && mayTakeFrom(j);
    }

    /**
     * splitByTrade's second part: another of j's sessions, of `rest` half-hours, on an earlier
     * day than d1 without k; k takes both places, j takes `from`. True when every day touched
     * stays interleavable and j within its limits, else nothing changed.
     */
    function secondPart(j: number, d1: number, i1: number, rest: number): boolean {
      const own1 = item(owners, d1);
      for (let d2 = d1 - 1; d2 >= 0; d2--) {
        const own2 = item(owners, d2);
        if (own2.includes(k)) continue;
        for (let i2 = 0; i2 < own2.length; i2++) {
          if (own2[i2] !== j || placeLen(d2, i2) !== rest || !givesPart(j, d2, i2)) continue;
          if (++limitChecks > MAX_LIMIT_CHECKS) return false;
          own1[i1] = k;
          own2[i2] = k;
          ownFrom[src] = j;
          const runs = runsOk(own1, -1) && runsOk(own2, -1) && runsOk(ownFrom, -1);
          if (runs && limitsKept(j)) return true;
          own1[i1] = j;
          own2[i2] = j;
          ownFrom[src] = k;
        }
      }
      return false;
    }

    /**
     * splitByTrade's second part through a third exam m, where j's other session of `rest`
     * half-hours lies where k may not take it (from the moves' bound on, or on a day of k): m
     * takes that place of j's, inside its window and within its M8 limits, and gives k one of
     * its own of the same length before the bound, on a day without k. k takes both parts, j
     * takes `from`; every day touched stays interleavable and j within its limits, else nothing
     * changed. Seed 50,492,286 #666: E's 2-h session in its last week, 6 h there against 3.2
     * allowed; D held 1-h places on days 9 and 37, the second in E's last week, and A a 1-h place
     * on day 6 and room in its own last days: E takes D's day 9 and A's day 6, A D's day 37, D
     * E's late place.
     */
    function relayedPart(j: number, d1: number, i1: number, rest: number): boolean {
      const own1 = item(owners, d1);
      for (let q = 0; q < owners.length; q++) {
        const ownQ = item(owners, q);
        if (q === d1 || q === from || (q < movesBefore && !ownQ.includes(k))) continue;
        for (let iq = 0; iq < ownQ.length; iq++) {
          if (ownQ[iq] !== j || placeLen(q, iq) !== rest || !givesPart(j, q, iq)) continue;
          for (let r = movesBefore - 1; r >= 0; r--) {
            const ownR = item(owners, r);
            if (r === d1 || ownR.includes(k)) continue;
            for (let ir = 0; ir < ownR.length; ir++) {
              const m = i16(ownR, ir);
              if (m < 0 || m === k || m === j || placeLen(r, ir) !== rest) continue;
              if (!movableExam(m, r) || r >= i32(movableBefore, m) || !fitsWindow(m, q)) continue;
              if (++limitChecks > MAX_LIMIT_CHECKS) return false;
              const beforeM = limitsPassed(m);
              const excessM = excessOf(m);
              own1[i1] = k;
              ownR[ir] = k;
              ownQ[iq] = m;
              ownFrom[src] = j;
              const runs =
                runsOk(own1, -1) && runsOk(ownR, -1) && runsOk(ownQ, -1) && runsOk(ownFrom, -1);
              const mKept = !newlyPassed(beforeM, limitsPassed(m)) && !crammedDeeper(m, excessM);
              if (runs && mKept && limitsKept(j)) return true;
              own1[i1] = j;
              ownR[ir] = m;
              ownQ[iq] = j;
              ownFrom[src] = k;
            }
          }
        }
      }
      return false;
    }

    /**
     * After k's session traded with j's at place i of day d, another session of k on `from`
     * (of the same length, not its final review) trades with another of j's earlier sessions;
     * true when every day touched stays interleavable and j within its limits.
     */
    function secondTrade(j: number, d: number, i: number): boolean {
      for (const src2 of lateSessions(k, from)) {
        if (src2 === src || (tplOf(from).places[src2]?.len ?? 0) !== len) continue;
        for (let d2 = movesBefore - 1; d2 >= 0; d2--) {
          const own2 = item(owners, d2);
          for (let i2 = 0; i2 < own2.length; i2++) {
            if (own2[i2] !== j || (d2 === d && i2 === i) || !tradable(j, d2, i2)) continue;
            own2[i2] = k;
            ownFrom[src2] = j;
            const ok = runsOk(own2, -1) && runsOk(item(owners, d), -1) && runsOk(ownFrom, -1);
            if (ok && limitsKept(j)) return true;
            own2[i2] = j;
            ownFrom[src2] = k;
          }
        }
      }
      return false;
    }
  }

  /**
   * Moves k's session at place `src` of day `from` into a free shorter place earlier (before
   * `movesBefore`) when k would fall short of its need by the difference, and makes the difference up in
   * a free place of its last week, before its final review, shorter than what left that week:
   * the last week holds less, k keeps its need. When no place shorter than the session is free
   * there, a second session of the last week first shrinks into another free shorter place, and a
   * place as long as one session makes up both. Seed 777 #679: 12 h in the last week against
   * 10.5 forced, while two 1-h places stood free earlier and a 1-h place in that week (a 1.5-h
   * session into a 1-h place, 1 h made up: 0.5 h less there, and k 0.5 h past its need, so the
   * next 1.5-h session shrinks into the other 1-h place on its own). Seed 777 #747: 4.5 h of 1.5-h
   * sessions in the last week against 3 forced, two 1-h places free earlier, none in that week.
   */
  function shrinkWithMakeUp(
    k: number,
    W: number,
    from: number,
    src: number,
    len: number,
    fromOk: () => boolean,
  ): boolean {
    const before = limitsPassed(k);
    // The moves below may also rearrange the days they leave (leaveOk): undone whole on failure.
    const saved = owners.map((own) => own.slice());
    const undo = () => {
      for (const [x, own] of saved.entries()) item(owners, x).set(own);
      return false;
    };
    const shorter = (l: number) => l < len;
    const l = intoFreePlace(k, from, src, fromOk, shorter);
    if (l === 0) return false;
    let lost = (len - l) / 2;
    if (makeUp(k, W, lost, len, before)) return true;
    // A second session of the same length shrinks too; a place of one session makes up both.
    for (let d = W - 1; d >= W - LAST_WEEK_DAYS && d >= 0; d--)
      for (const i of lateSessions(k, d)) {
        if ((tplOf(d).places[i]?.len ?? 0) !== len) continue;
        const l2 = intoFreePlace(k, d, i, () => leaveOk(d, i, len), shorter);
        if (l2 === 0) continue;
        lost += (len - l2) / 2;
        return makeUp(k, W, lost, 2 * len, before) || undo();
      }
    return undo();
  }

  /**
   * After k's sessions left `moved` half-hours of its last week for shorter places earlier,
   * losing `lost` hours, a free place of that week before its final review, shorter than
   * `moved`, takes a session of k if k then keeps its need; its last 3 days only while they stay
   * within their limit (a last 3 days already over it that took the made-up hour held more than
   * the deadline forced: seed 99,991 #584, 9 h of 15 there).
   */
  function makeUp(
    k: number,
    W: number,
    lost: number,
    moved: number,
    before: { over3: boolean },
  ): boolean {
    const short = numLike(needs, k) - (f64(hours, k) - lost);
    if (short <= 1e-9) {
      hours[k] = f64(hours, k) - lost;
      return true;
    }
    const review = num(keep, k);
    const lastDay = review >= 0 ? Math.min(W, review) : W;
    for (let d = Math.max(0, W - LAST_WEEK_DAYS); d < lastDay; d++) {
      const own = item(owners, d);
      if (!runsOk(own, k)) continue;
      const places = tplOf(d).places;
      for (let i = 0; i < own.length; i++) {
        const m = places[i]?.len ?? 0;
        if (own[i] !== -1 || m >= moved || m / 2 < short - 1e-9) continue;
        own[i] = k;
        const after = limitsPassed(k);
        const last3Ok = d < W - CRAM_DAYS ? !(after.over3 && !before.over3) : !after.over3;
        if (shortPlacesOk(tplOf(d), own) && last3Ok) {
          hours[k] = f64(hours, k) - lost + m / 2;
          return true;
        }
        own[i] = -1;
      }
    }
    return false;
  }

  /**
   * Moves k's session at place `src` of day `from` into a free place before `movesBefore` whose
   * length `takes` accepts, on a day without another session of k, where both days stay valid;
   * gives that place's length in half-hours, or 0 when no place would do.
   */
  function intoFreePlace(
    k: number,
    from: number,
    src: number,
    fromOk: () => boolean,
    takes: (placeLen: number) => boolean,
  ): number {
    const ownFrom = item(owners, from);
    for (let d = movesBefore - 1; d >= 0; d--) {
      const own = item(owners, d);
      if (own.includes(k) || !runsOk(own, k)) continue;
      const places = tplOf(d).places;
      for (let i = 0; i < own.length; i++) {
        const l = places[i]?.len ?? 0;
        if (own[i] !== -1 || !takes(l)) continue;
        own[i] = k;
        ownFrom[src] = -1;
        if (shortPlacesOk(tplOf(d), own) && fromOk()) return l;
        own[i] = -1;
        ownFrom[src] = k;
      }
    }
    return 0;
  }

  /**
   * Moves k's session at place `src` of day `from` into a free shorter place earlier (before
   * `movesBefore`), when k keeps its need without the difference: a session past the need (a buffer
   * session, or rounding) stood in the last week while only a 1-h place was free earlier (seed
   * 31,337 #385: 6 h in the last week against 4.8 allowed).
   */
  function shrinkEarlier(
    k: number,
    from: number,
    src: number,
    len: number,
    fromOk: () => boolean,
  ): boolean {
    const keepsNeed = (l: number) =>
      l < len && f64(hours, k) - (len - l) / 2 >= numLike(needs, k) - 1e-9;
    const l = intoFreePlace(k, from, src, fromOk, keepsNeed);
    if (l === 0) return false;
    hours[k] = f64(hours, k) - (len - l) / 2;
    return true;
  }

  /**
   * Moves k's session at place `src` of day `from` into two free shorter places on two days
   * before `movesBefore` (without another session of k) whose lengths add up to it.
   */
  function splitEarlier(k: number, from: number, src: number, len: number): boolean {
    const ownFrom = item(owners, from);
    let firstDay = -1;
    let firstAt = -1;
    for (let d = movesBefore - 1; d >= 0; d--) {
      const own = item(owners, d);
      if (own.includes(k) || !runsOk(own, k)) continue;
      const places = tplOf(d).places;
      for (let i = 0; i < own.length; i++) {
        const l = places[i]?.len ?? 0;
        if (own[i] !== -1 || l >= len) continue;
        if (firstDay < 0) {
          own[i] = k;
          if (shortPlacesOk(tplOf(d), own)) {
            firstDay = d;
            firstAt = i;
            break;
          }
          own[i] = -1;
          continue;
        }
        const firstLen = tplOf(firstDay).places[firstAt]?.len ?? 0;
        if (l + firstLen !== len) continue;
        own[i] = k;
        ownFrom[src] = -1;
        if (shortPlacesOk(tplOf(d), own) && shortPlacesOk(tplOf(from), ownFrom)) return true;
        own[i] = -1;
        ownFrom[src] = k;
      }
    }
    if (firstDay >= 0) item(owners, firstDay)[firstAt] = -1;
    return false;
  }
}
