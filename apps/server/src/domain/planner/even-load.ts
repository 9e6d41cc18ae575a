/**
 * Evens out the days (M7's daily shape, docs/planner.md, Workload): a day holding more than
 * one session stays within 1.28 times the utilisation (hours used over capacity) of the 7 days
 * around it, one session allowed on top. A plan books its subjects' needs, not all free time, so
 * it is the days of one week that should look alike, not every day of the period: the pace can
 * still stack two subjects that fall due together on one day beside empty ones. This pass moves
 * a session from such a day to a free place of the same length on a day within 3 days that
 * stays under the line, where the weekly cap has room (the subject's final-review day only to
 * even its own days, `evensReviewDay`; a day holding the subject only when no day without it
 * has a place, `joinsOwnSession`). Final reviews and sessions past a subject's movable
 * limit stay put; every day stays valid (M1) and interleavable (M6). Bounded
 * and deterministic.
 */
import type { CalendarWeeks } from '@studybuddy/contracts';
import { CRAM_DAYS, type DayTemplate } from './model.js';
import {
  hoursBySubject,
  type LoadRoom,
  runsOk,
  sessionsOn,
  shortPlacesOk,
  steadyWeeksOk,
  validFreePlace,
} from './repair.js';

/** Where the pass stops: under the M7 limit of 1.30, with a margin for the metric's rounding. */
const TARGET_MAX_MEAN = 1.28;
/** Moves stay within this many days, so each subject keeps its pace and weekly shape. */
const REACH = 3;
/**
 * Where no move within REACH lowers a day, the days within a week of it: an exam's eve holding
 * its final review and one more session had only empty days within 3 (seed 86,260,487 #383:
 * days 44-46 free of places, 2 h of a 5-h eve at 1.70 times its week's utilisation; 11,453,489
 * #700, days 15-17).
 */
const FAR_REACH = 6;
const REACHES = [REACH, FAR_REACH] as const;
const MAX_STEPS = 200;
/** A subject's most hours, as a multiple of its need plus one session (M3's workload bound). */
const MOST_OVER_NEED = 1.15;
const EPS = 1e-9;
/**
 * The moves tried in turn, [grow, join]: a session to a free place of its length on a day without
 * its subject; a shorter session grown to a full place; a session beside its own subject's on a
 * day holding fewer of them (`joinsOwnSession`); last, beside its own subject's on a day that
 * holds every subject still studied (`joinsFullDay`).
 */
const MOVE_TIERS = [
  [false, 'none'],
  [true, 'none'],
  [false, 'fewer'],
  [false, 'full'],
] as const;

/**
 * Whether a session of k may join k's final review on its day: only when day a holds at least
 * two sessions of k more than the review's day, so the move evens k's own days (4 and 1 become
 * 3 and 2) and no day holds more of k than before. A short window's last days can hold nothing
 * else (seed 5 #746: an exam on day 3, four sessions on day 1 beside a 10.5-h day 2 that held
 * only the review, at 1.65 times the week's utilisation).
 */
function evensReviewDay(ownA: Int16Array, ownB: Int16Array, k: number): boolean {
  let onA = 0;
  let onB = 0;
  for (const o of ownA) if (o === k) onA++;
  for (const o of ownB) if (o === k) onB++;
  return onA >= onB + 2;
}

/**
 * Whether a session of k may join another session of k on day b, when no day without k took it:
 * only from a day holding more sessions of k than day b, so k keeps its days (day a still holds
 * one: the gaps of M4b stay) and its most on a day does not grow (2 and 1 become 1 and 2). An
 * exam's last days can hold its sessions on every study day: the exam's eve held a review beside
 * the final review, each day before it one session, and the days after the exam were empty of
 * the lighter subjects (seed 27,238,507 #993: a 3-h Saturday at 1.44 times its week's
 * utilisation beside a 6-h Friday holding one session; 94,147,329 #372 and 92,557,899 #224).
 */
function joinsOwnSession(ownA: Int16Array, ownB: Int16Array, k: number): boolean {
  const onB = sessionsOn(ownB, k);
  return onB > 0 && sessionsOn(ownA, k) > onB;
}

/**
 * Whether a session of k may join k's session on day b, when no other move was found: only when
 * day b holds every other subject with a session on it or later, so the day's second session of
 * k masses nothing (M4a counts a subject twice on a day only where another one still studied is
 * missing). A week of one 12-h day and two 2-h days kept two sessions on a full 2-h day beside a
 * 12-h day a quarter booked (seed 143,547 #53: 1.33 times its week's utilisation): the big day
 * within reach held every subject.
 */
function joinsFullDay(ownB: Int16Array, b: number, k: number, lastDay: Int32Array): boolean {
  if (!ownB.includes(k)) return false;
  for (let j = 0; j < lastDay.length; j++)
    if (j !== k && !ownB.includes(j) && (lastDay[j] as number) > b) return false;
  return true;
}

/** The last day subject k holds a session on (-1: none). */
function lastStudyDay(owners: readonly Int16Array[], k: number): number {
  for (let d = owners.length - 1; d >= 0; d--) if ((owners[d] as Int16Array).includes(k)) return d;
  return -1;
}

export function evenLoad(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  capacity: ArrayLike<number>,
  /** Days checked: up to the last exam (or the end of the period). */
  horizon: number,
  movableBefore: ArrayLike<number>,
  /** Each subject's final-review day (-1: none); its sessions there stay. */
  keep: ArrayLike<number>,
  L: number,
  cap: LoadRoom,
  /** Exam day offset of each subject (NaN: none in the plan). */
  examDay: ArrayLike<number>,
  /** Each subject's need in hours: a session that grows keeps its subject within M3's bound. */
  needs: ArrayLike<number>,
  /**
   * Given after the steady-weeks pass: a steady subject's session moves only where its calendar
   * weeks stay steady (that pass's promise), as a move of up to 3 days can cross a week's end.
   */
  keepSteady?: { steady: ArrayLike<number>; calendar: CalendarWeeks },
): void {
  const all = owners.length;
  const days = Math.min(horizon, all);
  const used = new Float64Array(all);
  for (let d = 0; d < all; d++) {
    const own = owners[d] as Int16Array;
    for (let i = 0; i < own.length; i++)
      if ((own[i] as number) >= 0)
        used[d] = (used[d] as number) + (tplOf(d).places[i]?.len ?? 0) / 2;
  }
  const c = (d: number) => capacity[d] as number;
  /** How far day d is over its line: (hours - one session) / capacity against the week's mean. */
  const excess = (d: number): number => {
    if (c(d) <= EPS || (used[d] as number) <= L + EPS) return 0;
    let u = 0;
    let cc = 0;
    for (let x = Math.max(0, d - 3); x <= Math.min(all - 1, d + 3); x++) {
      u += used[x] as number;
      cc += c(x);
    }
    if (u <= EPS) return 0;
    return ((used[d] as number) - L) / c(d) - (TARGET_MAX_MEAN * u) / cc;
  };
  const worstNear = (d: number) => {
    let w = 0;
    for (let x = Math.max(0, d - 3); x <= Math.min(days - 1, d + 3); x++)
      w = Math.max(w, excess(x));
    return w;
  };
  /** The days' excess over their lines, summed over days lo..hi (those over only). */
  const excessSum = (lo: number, hi: number) => {
    let sum = 0;
    for (let x = Math.max(0, lo); x <= Math.min(days - 1, hi); x++) sum += Math.max(0, excess(x));
    return sum;
  };
  const hours = hoursBySubject(tplOf, owners, needs.length);
  // Kept up to date as sessions move (`joinsFullDay`).
  const lastDay = Int32Array.from(needs as ArrayLike<number>, (_, k) => lastStudyDay(owners, k));
  /** M3's workload promise: no subject booked past its need x 1.15 + one session. */
  const mayGrow = (k: number, more: number) =>
    (hours[k] as number) + more <= (needs[k] as number) * MOST_OVER_NEED + L + EPS;
  const tried = new Uint8Array(days);
  for (let step = 0; step < MAX_STEPS; step++) {
    let a = -1;
    let worst = EPS;
    for (let d = 0; d < days; d++) {
      if (tried[d]) continue;
      const e = excess(d);
      if (e > worst) {
        worst = e;
        a = d;
      }
    }
    if (a < 0) return;
    // The move that leaves the days around both ends furthest under their lines.
    let best = Number.POSITIVE_INFINITY;
    let bestSum = Number.POSITIVE_INFINITY;
    let src = -1;
    let to = -1;
    let dst = -1;
    const ownA = owners[a] as Int16Array;
    let fullLen = 0;
    for (const p of tplOf(a).places) fullLen = Math.max(fullLen, p.len);
    // First a place of the session's own length. Only when none is free, a session in the day's
    // shorter place (its hours ran out mid-session) may become a full session elsewhere: a day of
    // one full place and a shorter one holds both or only the full one (M1), so a full day of
    // 2 h + 1 h in an empty week had no move at all (seeds 12,345 #11, 99,991 #991 and 271,828
    // #68). The subject gains the difference, half an hour or an hour.
    // Last, when neither found a place, a session may join its own subject's session on a day
    // within reach (`joinsOwnSession`).
    for (const reach of REACHES)
      for (const [grow, join] of MOVE_TIERS)
        for (
          let i = 0;
          i < ownA.length && !((reach > REACH || grow || join !== 'none') && src >= 0);
          i++
        ) {
          const k = ownA[i] as number;
          if (k < 0) continue;
          // The final review stays; a second session of the subject on its day may go.
          if (a === keep[k] && ownA.indexOf(k) === ownA.lastIndexOf(k)) continue;
          const D = examDay[k] as number;
          if (Number.isNaN(D) && a >= (movableBefore[k] as number)) continue;
          const own = tplOf(a).places[i]?.len ?? 0;
          if (grow && own >= fullLen) continue;
          const len = grow ? fullLen : own;
          if (grow && !mayGrow(k, (len - own) / 2)) continue;
          const h = own / 2;
          const hb = len / 2;
          ownA[i] = -1;
          const okA = shortPlacesOk(tplOf(a), ownA) && runsOk(ownA, -1);
          ownA[i] = k;
          if (!okA) continue;
          const review = keep[k] as number;
          // The review's own day too, when day a holds two sessions of k more than it: the move
          // evens k's own days (below).
          const lim = Math.min(
            days,
            Number.isNaN(D) ? (movableBefore[k] as number) : review >= 0 ? review + 1 : D,
            a + reach + 1,
          );
          for (let b = Math.max(0, a - reach); b < lim; b++) {
            if (b === a || c(b) <= EPS) continue;
            // Never later into the last week or the last 3 days before the exam (M8).
            if (
              !Number.isNaN(D) &&
              ((b >= D - 7 && a < D - 7) || (b >= D - CRAM_DAYS && a < D - CRAM_DAYS))
            )
              continue;
            const ownB = owners[b] as Int16Array;
            if (b === review) {
              if (!evensReviewDay(ownA, ownB, k)) continue;
            } else if (
              join === 'none'
                ? ownB.includes(k)
                : join === 'fewer'
                  ? !joinsOwnSession(ownA, ownB, k)
                  : !joinsFullDay(ownB, b, k, lastDay)
            )
              continue;
            if (!runsOk(ownB, k)) continue;
            const x = validFreePlace(tplOf(b), ownB, len, k);
            if (x < 0) continue;
            if (
              keepSteady?.steady[k] &&
              !steadyWeeksOk(tplOf, owners, k, a, b, hb, keepSteady.calendar)
            )
              continue;
            // A move lowers the worst day near both ends, or, where two days over their lines
            // share a week (a move off one leaves the other as bad), keeps it and lowers the days'
            // excess in all: days 17 and 18 of seed 223,306 #79 at 1.45 each had no move at all.
            const lo = Math.min(a, b) - 3;
            const hi = Math.max(a, b) + 3;
            const sumBefore = excessSum(lo, hi);
            used[a] = (used[a] as number) - h;
            used[b] = (used[b] as number) + hb;
            const after = Math.max(worstNear(a), worstNear(b));
            const sum = excessSum(lo, hi) - sumBefore;
            used[a] = (used[a] as number) + h;
            used[b] = (used[b] as number) - hb;
            const lowers = after < worst - EPS || (after <= worst + EPS && sum < -EPS);
            const better = after < best - EPS || (after <= best + EPS && sum < bestSum - EPS);
            if (!lowers || !better) continue;
            cap.add(a, -h);
            const fits = cap.fits(b, hb);
            cap.add(a, h);
            if (!fits) continue;
            best = after;
            bestSum = sum;
            src = i;
            to = b;
            dst = x;
          }
        }
    if (src < 0) {
      tried[a] = 1;
      continue;
    }
    const ownB = owners[to] as Int16Array;
    const k = ownA[src] as number;
    const h = (tplOf(a).places[src]?.len ?? 0) / 2;
    const hb = (tplOf(to).places[dst]?.len ?? 0) / 2;
    // Day `to` was judged valid with the session on it (the candidate loop).
    ownA[src] = -1;
    ownB[dst] = k;
    used[a] = (used[a] as number) - h;
    used[to] = (used[to] as number) + hb;
    hours[k] = (hours[k] as number) + hb - h;
    lastDay[k] = lastStudyDay(owners, k);
    cap.add(a, -h);
    cap.add(to, hb);
  }
}
