/**
 * With front-loading on, the unused buffer belongs at the end (M10): each subject's
 * latest sessions move to free places of the same length in the first half of its window, which
 * the day loop left free because it followed the pace and gave earlier days to subjects with
 * earlier exams. A move goes to a day the subject does not study when there is one (spread
 * furthest from its other days), else to a day holding one session of it; it keeps the day
 * interleavable (M6) and its places valid (M1), and leaves final reviews alone. Bounded per
 * subject and deterministic.
 */
import type { CalendarWeeks } from '@studybuddy/contracts';
import { LAST_WEEK_DAYS } from './anti-cramming.js';
import { type LengthTradeState, tradeLengthsForward } from './front-length-trade.js';
import { CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { regularAfter, regularMoves } from './regular-gaps.js';
import {
  freePlace,
  type LoadRoom,
  runsOk,
  sessionsOn,
  shortPlacesOk,
  steadyWeeksOk,
  validFreePlace,
} from './repair.js';
import { numLike } from './typed.js';
import { workloadCeiling } from './workload-ceiling.js';

/** Most moves per subject, so the pass stays well inside the speed budget. */
const MAX_MOVES = 16;

/** Slack in comparing shares of hours, summed from half-hours: they differ in the last bits. */
const EPS = 1e-9;

/** Fewest sessions of a subject, its final review counted, for its first-half share to count. */
export const MIN_SHAPED_SESSIONS = 4;

/**
 * How far under the taker's gain over its reference share a giver may end in a trade that evens
 * out shortfalls (`evensShortfalls`), while the taker stands short of its room: a point.
 */
const GAIN_SLACK = 0.01;

/** Most sessions `balanceHalves` tries per move, so a long plan's pass stays bounded too. */
const MAX_SOURCES = 8;

export function frontShift(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  windowEnd: ArrayLike<number>,
  finalDay: ArrayLike<number>,
  finalLen: ArrayLike<number>,
  /** The weekly cap: a move goes only where it has room (docs/planner.md, Workload). */
  cap: LoadRoom,
  /** 1 for a steady subject (no exam in the plan): it may trade places with a front-loaded one. */
  steady?: ArrayLike<number>,
  /** The plan's calendar weeks (study week), in which the steady subject stays steady. */
  calendar?: CalendarWeeks,
  /**
   * Hours each subject may still gain before it passes its target, or the plan the sum of the
   * targets (total balancing's goal): what its session grown into a full place may add.
   */
  spare?: Float64Array,
  /**
   * Each front-loaded subject's room in the first half of its window, as a share of its hours
   * (the pace's tilt aims at it; NaN: none): a trade between two exams may even out how short
   * of it each stands.
   */
  firstRoom?: ArrayLike<number>,
  /** Each subject's reference first-half share (its plain pace, M10; NaN: none). */
  refFirst?: ArrayLike<number>,
  /** Each subject's need in hours: with it, a subject's shorter session may trade for a longer. */
  needs?: ArrayLike<number>,
): void {
  // One move per subject per round, so subjects share the first half's room: taken subject by
  // subject, the first ones filled it and the later ones moved nothing (M10, each subject). A
  // subject that could not move is tried again in the next round while another moved: a trade
  // needs the other exam to hold more of its own first half, which its own moves may bring.
  const S = windowEnd.length;
  const lengthTrades: LengthTradeState | undefined =
    needs && refFirst
      ? {
          tplOf,
          owners,
          windowEnd,
          finalDay,
          finalLen,
          steady,
          refFirst,
          needs,
          movableLimit,
          halves,
        }
      : undefined;
  for (let round = 0; round < MAX_MOVES; round++) {
    let moved = false;
    for (let k = 0; k < S; k++) if (moveOneEarlier(k)) moved = true;
    if (!moved) break;
  }

  /**
   * Moves k's latest movable session of the second half into the first; whether it did. When the
   * latest can go nowhere (no free place of its length, no trade: a trade must leave the other
   * subject's session before its own final review), an earlier one of the second half is tried:
   * giving up on the latest left a subject whose first half another exam had filled with less
   * of it front-loaded than off (M10, each subject).
   */
  function moveOneEarlier(k: number): boolean {
    const W = Math.min(windowEnd[k] as number, owners.length);
    if (W < 2) return false;
    const half = Math.ceil(W / 2); // first half: days d with 2d < W
    for (const late of movableLate(k, half, W)) if (moveEarlier(k, half, late)) return true;
    return (
      growShortSession(k, half) ||
      swapLengths(k, half, W) ||
      (lengthTrades !== undefined && tradeLengthsForward(lengthTrades, k, half)) ||
      growShortSession(k, half, W)
    );
  }

  /**
   * When no late session of k can move, a shorter session of k in the first half and one of its
   * longer late sessions swap lengths: the late one takes a free place of its length in the
   * first half, the shorter one a free place of its own length later in the window (before k's
   * last week and final review). k keeps its hours, the first half gains the difference. Where
   * the cap leaves a week an hour under a full session, a shorter session there holds the week
   * at a shorter session's hours for good (seed 99 #472: weeks of a 1-h Thursday and a 2-h
   * Wednesday under a cap of 2.4 h held A's 1-h Thursdays, no place for its 2-h sessions, A 7 of
   * 18 h in its first half on and off; 9 with the swaps, 11 with a session grown as well).
   */
  function swapLengths(k: number, half: number, W: number): boolean {
    const lim = Math.min(movableLimit(k), W);
    // The latest few late sessions only, so a long window's pass stays bounded (speed).
    let tried = 0;
    for (const late of movableLate(k, half, W)) {
      if (late.day >= lim) continue;
      if (++tried > MAX_SOURCES) break;
      for (let x = 0; x < half; x++) {
        const ownX = owners[x] as Int16Array;
        const places = tplOf(x).places;
        for (let xi = 0; xi < ownX.length; xi++) {
          const len = places[xi]?.len ?? 0;
          if (ownX[xi] !== k || len >= late.len) continue;
          if (x === finalDay[k] && len === finalLen[k]) continue;
          if (trySwap(k, half, lim, late, x, xi, len)) return true;
        }
      }
    }
    return false;
  }

  /** `swapLengths` for one pair: k's `late` session and its shorter one at place xi of day x. */
  function trySwap(
    k: number,
    half: number,
    lim: number,
    late: { day: number; place: number; len: number },
    x: number,
    xi: number,
    len: number,
  ): boolean {
    const ownX = owners[x] as Int16Array;
    const ownL = owners[late.day] as Int16Array;
    ownX[xi] = -1;
    ownL[late.place] = -1;
    cap.add(x, -len / 2);
    cap.add(late.day, -late.len / 2);
    const undo = () => {
      ownX[xi] = k;
      ownL[late.place] = k;
      cap.add(x, len / 2);
      cap.add(late.day, late.len / 2);
    };
    const left =
      shortPlacesOk(tplOf(x), ownX) &&
      runsOk(ownX, -1) &&
      shortPlacesOk(tplOf(late.day), ownL) &&
      runsOk(ownL, -1);
    if (!left) {
      undo();
      return false;
    }
    const to = freeEarlyPlace(k, half, late.len);
    if (to.day < 0) {
      undo();
      return false;
    }
    const ownTo = owners[to.day] as Int16Array;
    ownTo[to.place] = k;
    cap.add(to.day, late.len / 2);
    const back = freeLatePlace(k, half, lim, len);
    if (back.day < 0) {
      ownTo[to.place] = -1;
      cap.add(to.day, -late.len / 2);
      undo();
      return false;
    }
    (owners[back.day] as Int16Array)[back.place] = k;
    cap.add(back.day, len / 2);
    return true;
  }

  /**
   * A free place of `len` half-hours in the second half of k's window before `lim`, on a day
   * without k where the cap has room: the latest, so the first half keeps what it gained.
   */
  function freeLatePlace(k: number, half: number, lim: number, len: number) {
    for (let d = lim - 1; d >= half; d--) {
      const own = owners[d] as Int16Array;
      if (own.includes(k) || !runsOk(own, k) || !cap.fits(d, len / 2)) continue;
      const i = validFreePlace(tplOf(d), own, len, k);
      if (i >= 0) return { day: d, place: i };
    }
    return { day: -1, place: -1 };
  }

  /** Moves one session of k (`late`) into the first half; whether it did. */
  function moveEarlier(
    k: number,
    half: number,
    late: { day: number; place: number; len: number },
  ): boolean {
    const { day: from, place: src, len } = late;
    // The late session leaves its day: the windows holding both days keep their hours, so the
    // free place is looked for with its hours taken off the cap (seed 3,141,592 #297: a session
    // 3 days later could not move into a window it already filled, and the first half held 8 of
    // 20 h on against 10 off).
    cap.add(from, -len / 2);
    const to = freeEarlyPlace(k, half, len);
    cap.add(from, len / 2);
    if (to.day >= 0 && moveIntoFreePlace(from, src, to, k, len)) return true;
    // The cap leaves no free place: the first half's booked room is used by steady subjects'
    // sessions, which front-loading moves away only last. Trade places with one (same length, so
    // every window keeps its hours): the steady subject keeps its steady week. The same when
    // the day k's session leaves would keep a shorter place without its full one (M1): a trade
    // fills the place again (seed 900,001 #278: F's late 2-h session beside another subject's
    // 1-h one, free places in its first half, F holding 4 of 8 h there on against 5 of 9 off).
    // Last, the moves that crowd a day more: the other exam's second session on the day k's
    // late session leaves, a shorter place opened by filling its day's full one, a third
    // session of k on a day (M10, each subject: seeds 900,001 #385 and #536, 5 #258, 123,457
    // #729); and a steady subject's session moved out of the first half to make room for it
    // (seed 2,468 #517).
    return (
      tradeWithSteady(k, half, from, src, len) ||
      tradeWithFrontLoaded(k, half, from, src, len, false) ||
      makeRoom(k, half, from, src, len) ||
      tradeWithFrontLoaded(k, half, from, src, len, true) ||
      openShortPlace(k, half, from, src, len) ||
      moreOnOneDay(k, half, from, src, len) ||
      makeRoomOn(k, half, from, src, len, 2) ||
      steadyMakesRoom(k, half, from, src, len)
    );
  }

  /** Moves k's session at place `src` of day `from` to the free place `to`; whether it did. */
  function moveIntoFreePlace(
    from: number,
    src: number,
    to: { day: number; place: number },
    k: number,
    len: number,
  ): boolean {
    const ownFrom = owners[from] as Int16Array;
    const ownTo = owners[to.day] as Int16Array;
    ownFrom[src] = -1;
    ownTo[to.place] = k;
    if (
      !shortPlacesOk(tplOf(from), ownFrom) ||
      !shortPlacesOk(tplOf(to.day), ownTo) ||
      !runsOk(ownFrom, -1)
    ) {
      ownFrom[src] = k;
      ownTo[to.place] = -1;
      return false;
    }
    cap.add(from, -len / 2);
    cap.add(to.day, len / 2);
    return true;
  }

  /**
   * Swaps k's session at place `src` of day `from` with a steady subject's session of the same
   * length in the first half, on a day without k (furthest from k's study days), when the
   * steady subject's calendar weeks stay steady and both days stay interleavable.
   */
  function tradeWithSteady(k: number, half: number, from: number, src: number, len: number) {
    if (!steady) return false;
    return tradeEarly(
      k,
      half,
      from,
      src,
      len,
      (j, d) => !!steady[j] && steadyWeeksOk(tplOf, owners, j, d, from, len / 2, calendar),
    );
  }

  /**
   * Swaps k's late session with a session of the same length of another subject with an exam
   * that holds a larger share of its hours in its own first half, on a day in k's first half
   * without k (furthest from k's study days): the pace's tilt can give one subject more of the
   * first half than the cap leaves it, and another none (M10, each subject). The other subject
   * ends with at least k's share, or its session stays in its own first half; it goes to a day
   * without it before its final review and its last week (M8), and both days stay
   * interleavable. With `second`, the day it goes to may hold one session of it already (when
   * that day is in its own first half as well its share stays, else it still ends with at least
   * k's share): where the other exam's tilt filled k's first half to the cap and k's late
   * sessions sat on its days, no day without it was left (seed 900,001 #385: A's own gain a
   * session short while B held 20 of its 30 h in its first half; seed 4,096 #454: two exams of
   * one window, C 11 of 18.5 h in the first half, A 6 of 15 on against 8.5 of 16 off, every late
   * day of A's holding a session of C; now A 7.5, C 9.5).
   */
  function tradeWithFrontLoaded(
    k: number,
    half: number,
    from: number,
    src: number,
    len: number,
    second: boolean,
  ) {
    const ownFrom = owners[from] as Int16Array;
    const { first, total, sessions } = halves();
    // j's share of its first half once a session of len moves from day `out` to day `into`.
    const shareAfter = (j: number, out: number, into: number) => {
      const W = Math.min(windowEnd[j] as number, owners.length);
      const t = total[j] as number;
      if (t <= 0) return 0;
      let f = first[j] as number;
      if (out >= 0 && 2 * out < W) f -= len;
      if (into >= 0 && 2 * into < W) f += len;
      return f / t;
    };
    const shareK = shareAfter(k, -1, -1);
    return tradeEarly(k, half, from, src, len, (j, d) => {
      if (from >= movableLimit(j)) return false;
      const stays = 2 * from < Math.min(windowEnd[j] as number, owners.length);
      const onFrom = sessionsOn(ownFrom, j);
      if (onFrom > (second ? 1 : 0)) return false;
      if (d === finalDay[j] && len === finalLen[j]) return false;
      // After the swap: j keeps at least the share of its first half k then has, or its session
      // stays in its own first half (day `from` is in it too, so its share stays): a trade that
      // cost j nothing was refused once k's share passed j's, and k held less of its first half
      // on than off (seed 91 #988: B 7 of 13 h on against 8 of 14 off; A's share the same).
      // Or j stands at its room and k far short of its own (`evensShortfalls`, seed 91,397,031
      // #643).
      const kAfter = shareAfter(k, from, d);
      if (!(kAfter > shareK)) return false;
      const jAfter = shareAfter(j, d, from);
      return (
        stays ||
        jAfter >= kAfter ||
        unshaped(j, sessions) ||
        evensShortfalls(j, shareAfter(j, -1, -1), jAfter, k, shareK)
      );
    });
  }

  /**
   * Whether j, now at `jNow` of its hours in its first half and `jAfter` once the trade is done,
   * may give k (now at `shareK`) a place there, judged by how short of its room each stands:
   * j stands within the traded session of its room, ends less short of it than k was (so the
   * larger shortfall drops and trades cannot undo each other), and keeps at least k's gain over
   * its plain pace (front-loading moves hours forward; it does not take a subject's front-load
   * to give another more than it leaves), to a point (GAIN_SLACK) while k stands short of its
   * room: a giver left a hair under k's gain was refused while k stood a session short (seed
   * 41,909,077 #997: C 12 of 19.5 h in its first half against room for about 11, its gain over
   * its pace 0.055 after the trade against A's 0.060 before; A 19.5 of 37.5 h against room for
   * about 21.5). Half the traded session was too much: with a subject of four sessions it let
   * trades cascade, and seed 91 #988's B ended a session of its first half short on against off.
   */
  function evensShortfalls(
    j: number,
    jNow: number,
    jAfter: number,
    k: number,
    shareK: number,
  ): boolean {
    const gainJ = jAfter - (refFirst?.[j] ?? Number.NaN);
    const gainK = shareK - (refFirst?.[k] ?? Number.NaN);
    // A point, while k stands short of its room: the reference shares are the plain pace's
    // estimates, not what the plain plan books.
    const slack = shortOfRoom(k, shareK) > EPS ? GAIN_SLACK : 0;
    return (
      shortOfRoom(j, jNow) <= jNow - jAfter + EPS &&
      gainJ >= Math.max(0, gainK - slack) - EPS &&
      shortOfRoom(j, jAfter) < shortOfRoom(k, shareK) - EPS
    );
  }

  /**
   * Whether j has too few sessions for a first-half share to mean anything: one session moved is
   * a quarter of its hours or more, and no split of them is front-loaded or not (M10 measures
   * none such). Its session may then go to its second half for a subject with a shape: with
   * front-loading on, a 4-h subject's one learning session took a Sunday of B's first half that
   * it had left to B off (seed 97,561,720 #305: B 10 of 24 h in its first half on, 12 off).
   * `sessions`: each subject's sessions in its window (`halves`), counted once per trade.
   */
  function unshaped(j: number, sessions: Int32Array): boolean {
    // A short window keeps its sessions: a later one is a session nearer the exam, which the
    // cramming repair may have placed on purpose (seed 5 #615: with E and C, exams on days 4 and
    // 12, trading theirs into their second halves, D ended with 8.5 of 30 h in its last 3 days).
    if (Math.min(windowEnd[j] as number, owners.length) < CRAM_MIN_WINDOW) return false;
    return (sessions[j] as number) < MIN_SHAPED_SESSIONS;
  }

  /**
   * How far a share of j's hours in its first half stands under j's room there (NaN without
   * one, which no comparison takes). The rooms differ by subject: raw shares refused a trade
   * from a subject at its room to one far short of it whenever the giver's share would end
   * under the taker's (seed 91,397,031 #643: A 8 of 12 h in its first half against a room of
   * about 8, C 8 of 18 against 13.5, and C no more of its first half on than off).
   */
  function shortOfRoom(j: number, share: number): number {
    return (firstRoom?.[j] ?? Number.NaN) - share;
  }

  /**
   * Swaps k's session at place `src` of day `from` with another subject j's session of the same
   * length on a day of the first half without k, the day furthest from k's other study days
   * first (the earliest on a tie), where `mayTrade(j, d)` and both days stay interleavable. When
   * every such day holds k already, the earliest holding one session of it (as a free place
   * may): a subject studied every day of its first half could trade nowhere, and the other exam
   * kept more of its own first half than the cap leaves it (M10, each subject).
   */
  function tradeEarly(
    k: number,
    half: number,
    from: number,
    src: number,
    len: number,
    mayTrade: (j: number, d: number) => boolean,
  ): boolean {
    const ownFrom = owners[from] as Int16Array;
    const mine: number[] = [];
    for (let e = 0; e < owners.length; e++)
      if (e !== from && (owners[e] as Int16Array).includes(k)) mine.push(e);
    let bestD = -1;
    let bestI = -1;
    let bestDist = -1;
    for (let d = 0; d < half; d++) {
      const own = owners[d] as Int16Array;
      if (own.includes(k)) continue;
      let dist = Number.POSITIVE_INFINITY;
      for (const e of mine) dist = Math.min(dist, Math.abs(e - d));
      if (dist <= bestDist) continue;
      const i = tradePlace(k, d, from, src, len, mayTrade);
      if (i < 0) continue;
      bestD = d;
      bestI = i;
      bestDist = dist;
    }
    for (let d = 0; d < half && bestD < 0; d++) {
      const own = owners[d] as Int16Array;
      if (d === from || sessionsOn(own, k) !== 1) continue;
      const i = tradePlace(k, d, from, src, len, mayTrade);
      if (i < 0) continue;
      bestD = d;
      bestI = i;
    }
    if (bestD < 0) return false;
    const own = owners[bestD] as Int16Array;
    const j = own[bestI] as number;
    own[bestI] = k;
    ownFrom[src] = j;
    return true;
  }

  /** A place of day d whose session (of another subject, of `len`) k may take; else -1. */
  function tradePlace(
    k: number,
    d: number,
    from: number,
    src: number,
    len: number,
    mayTrade: (j: number, d: number) => boolean,
  ): number {
    const own = owners[d] as Int16Array;
    const ownFrom = owners[from] as Int16Array;
    const places = tplOf(d).places;
    for (let i = 0; i < own.length; i++) {
      const j = own[i] as number;
      if (j < 0 || j === k || places[i]?.len !== len || !mayTrade(j, d)) continue;
      own[i] = k;
      ownFrom[src] = j;
      const ok = runsOk(own, -1) && runsOk(ownFrom, -1);
      own[i] = j;
      ownFrom[src] = k;
      if (ok) return i;
    }
    return -1;
  }

  /**
   * The first half's rolling 7-day windows can each be a session short of the cap where the free
   * places are, while the half as a whole has room: k's own session on a day x near a free place
   * z moves to another free place y of the first half where the cap has room, which lets the
   * late session take z (seed 2,027 #120: windows of 18 h under a cap of 19.2 over days 0-8,
   * free 2-h places on days 1, 6 and 8; a subject's own gain a session short, M10). The first
   * half gains the late session; x's session stays in it. Days y and z get no second session of
   * k when days without one can do it, else at most a second (as a free place may), and only as
   * a last move (after moreOnOneDay) a third: one subject in 1-h places held two on every study
   * day of a full first window (seed 37,963,848 #638: 14 of 26 h in its first 8 days on against
   * 15 of 27 off). Every day stays valid (M1) and interleavable, and the final review stays.
   */
  function makeRoom(k: number, half: number, from: number, src: number, len: number): boolean {
    return makeRoomOn(k, half, from, src, len, 0) || makeRoomOn(k, half, from, src, len, 1);
  }

  /** `makeRoom` with days y and z holding at most `mine` sessions of k before. */
  function makeRoomOn(
    k: number,
    half: number,
    from: number,
    src: number,
    len: number,
    mine: number,
  ): boolean {
    const h = len / 2;
    const ownFrom = owners[from] as Int16Array;
    for (let z = 0; z < half; z++) {
      const ownZ = owners[z] as Int16Array;
      if (sessionsOn(ownZ, k) > mine || !runsOk(ownZ, k) || cap.fits(z, h)) continue;
      const zi = validFreePlace(tplOf(z), ownZ, len, k);
      if (zi < 0) continue;
      // Only a session within 6 days of z shares a window with it.
      for (let x = Math.max(0, z - 6); x <= Math.min(half - 1, z + 6); x++) {
        const ownX = owners[x] as Int16Array;
        if (x === z) continue;
        for (let xi = 0; xi < ownX.length; xi++) {
          if (ownX[xi] !== k || tplOf(x).places[xi]?.len !== len) continue;
          if (x === finalDay[k] && len === finalLen[k]) continue;
          ownX[xi] = -1;
          cap.add(x, -h);
          // Without x's session, z fits under the cap and day x stays valid: look for its place.
          const freed = cap.fits(z, h) && shortPlacesOk(tplOf(x), ownX) && runsOk(ownX, -1);
          const to = freed ? roomElsewhere(k, half, x, z, len, mine) : { day: -1, place: -1 };
          if (to.day >= 0) {
            (owners[to.day] as Int16Array)[to.place] = k;
            cap.add(to.day, h);
            ownZ[zi] = k;
            ownFrom[src] = -1;
            if (shortPlacesOk(tplOf(from), ownFrom) && runsOk(ownFrom, -1)) {
              cap.add(z, h);
              cap.add(from, -h);
              return true;
            }
            ownFrom[src] = k;
            ownZ[zi] = -1;
            (owners[to.day] as Int16Array)[to.place] = -1;
            cap.add(to.day, -h);
          }
          cap.add(x, h);
          ownX[xi] = k;
        }
      }
    }
    return false;
  }

  /**
   * A free place of `len` in the first half for k's session leaving day x, on a day (not x, not
   * z) holding at most `mine` sessions of k, where the cap has room with z's session booked
   * too; else day -1.
   */
  function roomElsewhere(
    k: number,
    half: number,
    x: number,
    z: number,
    len: number,
    mine: number,
  ): { day: number; place: number } {
    const h = len / 2;
    cap.add(z, h);
    let found = { day: -1, place: -1 };
    for (let y = 0; y < half && found.day < 0; y++) {
      const own = owners[y] as Int16Array;
      if (y === x || y === z || sessionsOn(own, k) > mine || !runsOk(own, k) || !cap.fits(y, h))
        continue;
      const i = validFreePlace(tplOf(y), own, len, k);
      if (i >= 0) found = { day: y, place: i };
    }
    cap.add(z, -h);
    return found;
  }

  /**
   * A day's shorter place is valid only with its full places used (M1), so a late session of
   * that shorter length finds no place in a first half whose full places the cap keeps free: a
   * session of the full length on a day x of the first half (of k, or of another exam with both
   * days in its own first half, so its share stays) moves to the free full place of a day z, and
   * k's late session takes z's shorter place. Day x is within 6 days of z, so the windows
   * holding both gain only the shorter place (seed 5 #258: weeks of a 1-h day, a day of a 2-h
   * and a 1-h place and two 2-h days held 5 h under a cap of 6.4, and A's late 1-h session had
   * nowhere to go; seed 900,001 #536 the same, A alone). Day z holds no second session of k when
   * another day can do it, else at most a second; every day stays valid and interleavable, and
   * final reviews stay.
   */
  function openShortPlace(k: number, half: number, from: number, src: number, len: number) {
    return (
      openShortPlaceOn(k, half, from, src, len, 0) || openShortPlaceOn(k, half, from, src, len, 1)
    );
  }

  /** `openShortPlace` with day z holding at most `mine` sessions of k before k's late one. */
  function openShortPlaceOn(
    k: number,
    half: number,
    from: number,
    src: number,
    len: number,
    mine: number,
  ): boolean {
    for (let z = 0; z < half; z++) {
      const ownZ = owners[z] as Int16Array;
      const places = tplOf(z).places;
      let full = 0;
      for (const p of places) full = Math.max(full, p.len);
      const zi = freePlace(tplOf(z), ownZ, len);
      const fi = freePlace(tplOf(z), ownZ, full);
      if (len >= full || zi < 0 || fi < 0) continue;
      // Nearest days first, within the 6 days that share windows with z (bounded, too).
      for (let dist = 1; dist <= 6; dist++)
        for (const x of [z - dist, z + dist]) {
          if (x < 0 || x >= half) continue;
          const ownX = owners[x] as Int16Array;
          for (let xi = 0; xi < ownX.length; xi++) {
            const j = ownX[xi] as number;
            if (j < 0 || tplOf(x).places[xi]?.len !== full || !mayFill(j, k, x, z, mine)) continue;
            if (fillAndTake(k, from, src, len, { x, xi, z, zi, fi })) return true;
          }
        }
    }
    return false;
  }

  /**
   * Whether j's session of day x may fill day z's full place before k's shorter session joins
   * it: both days in j's own first half and before its movable limit, not its final review, no
   * other session of j on z, and z holding at most `mine` sessions of k before k's.
   */
  function mayFill(j: number, k: number, x: number, z: number, mine: number): boolean {
    if (steady?.[j]) return false;
    const W = Math.min(windowEnd[j] as number, owners.length);
    if (2 * x >= W || 2 * z >= W || z >= movableLimit(j) || x >= movableLimit(j)) return false;
    if (x === finalDay[j]) return false;
    const ownZ = owners[z] as Int16Array;
    if (j !== k && ownZ.includes(j)) return false;
    return sessionsOn(ownZ, k) + (j === k ? 1 : 0) <= mine;
  }

  /**
   * Moves day x's session (place xi) to day z's full place fi and k's late session (day `from`,
   * place `src`) to z's shorter place zi, when the cap has room and every day stays valid and
   * interleavable; whether it did (else nothing changed).
   */
  function fillAndTake(
    k: number,
    from: number,
    src: number,
    len: number,
    at: { x: number; xi: number; z: number; zi: number; fi: number },
  ): boolean {
    const { x, xi, z, zi, fi } = at;
    const ownX = owners[x] as Int16Array;
    const ownZ = owners[z] as Int16Array;
    const ownFrom = owners[from] as Int16Array;
    const j = ownX[xi] as number;
    const fullH = (tplOf(x).places[xi]?.len ?? 0) / 2;
    const h = len / 2;
    cap.add(x, -fullH);
    cap.add(from, -h);
    if (cap.fits(z, fullH + h)) {
      ownX[xi] = -1;
      ownFrom[src] = -1;
      ownZ[fi] = j;
      ownZ[zi] = k;
      if (
        shortPlacesOk(tplOf(x), ownX) &&
        shortPlacesOk(tplOf(z), ownZ) &&
        shortPlacesOk(tplOf(from), ownFrom) &&
        runsOk(ownX, -1) &&
        runsOk(ownZ, -1) &&
        runsOk(ownFrom, -1)
      ) {
        cap.add(z, fullH + h);
        return true;
      }
      ownZ[zi] = -1;
      ownZ[fi] = -1;
      ownFrom[src] = k;
      ownX[xi] = j;
    }
    cap.add(from, h);
    cap.add(x, fullH);
    return false;
  }

  /**
   * Last, a free place on the earliest day of the first half that already holds two or more
   * sessions of k, where the cap has room and the day stays interleavable: the free places take
   * at most a second session of k on a day, and a subject holding two or more on every day with
   * room had nowhere to go (seed 123,457 #729: A on every study day of its first half, its one
   * free place under the cap a 1-h place beside two of its sessions). The day already counts as
   * massed (M4a).
   */
  function moreOnOneDay(k: number, half: number, from: number, src: number, len: number) {
    for (let d = 0; d < half; d++) {
      const own = owners[d] as Int16Array;
      if (sessionsOn(own, k) < 2 || !runsOk(own, k) || !cap.fits(d, len / 2)) continue;
      const i = validFreePlace(tplOf(d), own, len, k);
      if (i >= 0 && moveIntoFreePlace(from, src, { day: d, place: i }, k, len)) return true;
    }
    return false;
  }

  /**
   * Last, a steady subject's session on a day x within 6 days of a free place z of k's first half
   * moves out of k's first half, to a free place of its own length where the cap has room and
   * its weeks stay steady, which lets k's late session take z: where every window of the first
   * half held the steady subject's shorter sessions beside k's full ones, a window had less than
   * a session of room, and no trade of equal lengths could make it (seed 2,468 #517: B's weeks
   * of 6 h under a cap of 7.2 in 2-h and 1-h places, A's 1-h sessions beside B's, B 18 of 32 h
   * in its first half on against 17 of 33 off). The steady subject's days stay regular (M4b),
   * every day valid (M1) and interleavable; z holds no second session of k.
   */
  function steadyMakesRoom(k: number, half: number, from: number, src: number, len: number) {
    if (!steady) return false;
    const h = len / 2;
    for (let z = 0; z < half; z++) {
      const ownZ = owners[z] as Int16Array;
      if (ownZ.includes(k) || !runsOk(ownZ, k) || cap.fits(z, h)) continue;
      const zi = validFreePlace(tplOf(z), ownZ, len, k);
      if (zi < 0) continue;
      // Only a session within 6 days of z shares a window with it.
      for (let x = Math.max(0, z - 6); x <= Math.min(owners.length - 1, z + 6); x++) {
        if (x === z) continue;
        for (let xi = 0; xi < (owners[x] as Int16Array).length; xi++)
          if (moveSteadyAway(k, half, { from, src, h }, { x, xi, z, zi })) return true;
      }
    }
    return false;
  }

  /**
   * `steadyMakesRoom` for day x's session at place xi: moves it to a free place of its length
   * from k's second half on when z then fits k's late session, and k's session (day `from`,
   * place `src`) to z's place zi; whether it did (else nothing changed).
   */
  function moveSteadyAway(
    k: number,
    half: number,
    late: { from: number; src: number; h: number },
    at: { x: number; xi: number; z: number; zi: number },
  ): boolean {
    const { from, src, h } = late;
    const { x, xi, z, zi } = at;
    const ownX = owners[x] as Int16Array;
    const ownFrom = owners[from] as Int16Array;
    const j = ownX[xi] as number;
    if (j < 0 || !steady?.[j]) return false;
    const lenX = tplOf(x).places[xi]?.len ?? 0;
    cap.add(x, -lenX / 2);
    cap.add(z, h);
    cap.add(from, -h);
    ownX[xi] = -1;
    ownFrom[src] = -1;
    // Without both sessions, z's windows fit k's and the days they leave stay valid.
    const freed =
      cap.fits(z, 0) &&
      shortPlacesOk(tplOf(x), ownX) &&
      runsOk(ownX, -1) &&
      shortPlacesOk(tplOf(from), ownFrom) &&
      runsOk(ownFrom, -1);
    ownX[xi] = j;
    const to = freed ? steadyPlaceAway(j, x, lenX, half, from) : { day: -1, place: -1 };
    if (to.day >= 0) {
      ownX[xi] = -1;
      (owners[to.day] as Int16Array)[to.place] = j;
      (owners[z] as Int16Array)[zi] = k;
      cap.add(to.day, lenX / 2);
      return true;
    }
    ownFrom[src] = k;
    cap.add(from, h);
    cap.add(z, -h);
    cap.add(x, lenX / 2);
    return false;
  }

  /**
   * A free place of `len` for steady subject j's session leaving day x, from day `after` on (not
   * day `from`), on a day without j where the cap has room, its weeks stay steady and its days
   * regular (M4b); else day -1.
   */
  function steadyPlaceAway(
    j: number,
    x: number,
    len: number,
    after: number,
    from: number,
  ): { day: number; place: number } {
    // j's gaps gathered once for the whole search (day x is fixed), on the first day asked.
    let regular: ((to: number) => boolean) | undefined;
    for (let y = after; y < owners.length; y++) {
      const own = owners[y] as Int16Array;
      if (y === from || own.includes(j) || !runsOk(own, j) || !cap.fits(y, len / 2)) continue;
      const i = validFreePlace(tplOf(y), own, len, j);
      if (i < 0) continue;
      regular ??= regularMoves(
        studyDaysOf(owners, j),
        x,
        sessionsOn(owners[x] as Int16Array, j) > 1,
      );
      if (!regular(y)) continue;
      if (steadyWeeksOk(tplOf, owners, j, x, y, len / 2, calendar)) return { day: y, place: i };
    }
    return { day: -1, place: -1 };
  }

  /**
   * When no late session of k can move, its session in a day's shorter place of the first half
   * (the day's hours ran out mid-session) moves to a free full place of the first half and grows
   * to a full session, while the subject stays within its target and the plan within the sum of
   * the targets (`spare`): a week holding one shorter session stands an odd hour under the cap,
   * where no full session fits (seed 424,242 #543: A's 1-h session beside its 2-h one held the
   * first week at 7 h under a cap of 8.8 in 2-h places; 7 of 16 h in its first half on and off,
   * now 8 of 17). A day without k first (furthest from its days), else one holding one session
   * of it.
   */
  function growShortSession(k: number, half: number, trimBefore?: number): boolean {
    // The first half's longest place: a day of only shorter places holds a shorter session too,
    // and it may grow into a full place of another day (seed 99 #472: A's 1-h Thursdays held its
    // weeks at 1 h under a cap of 2.4 h in 2-h places; tried after the day's own full place).
    let longest = 0;
    for (let x = 0; x < half; x++)
      for (const p of tplOf(x).places) longest = Math.max(longest, p.len);
    return growShortInto(k, half, 0, trimBefore) || growShortInto(k, half, longest, trimBefore);
  }

  /**
   * `growShortSession` into a place of `into` half-hours (0: the day's own full length). With
   * `trimBefore` (k's window end), only where k has no spare hours for the growth: a session of
   * k in its second half as long as the growth, the latest, leaves the plan, so k keeps its
   * hours and the first half gains them (85,794,996 #802: B alone, its 1-h Thursdays holding
   * each week of its first half an hour under a cap of 4 h in 2-h places, 13 of 24 h in its first
   * half on against 11 of 23 off, and no spare hour; a Thursday's session grows into a free 2-h
   * place of its week, and a 1-h session of the second half goes).
   */
  function growShortInto(k: number, half: number, into: number, trimBefore?: number): boolean {
    for (let x = 0; x < half; x++) {
      const ownX = owners[x] as Int16Array;
      const places = tplOf(x).places;
      let full = 0;
      for (const p of places) full = Math.max(full, p.len);
      // The day's own full length was tried first.
      if (into > 0 && into <= full) continue;
      if (into > 0) full = into;
      for (let xi = 0; xi < ownX.length; xi++) {
        const len = places[xi]?.len ?? 0;
        const grows = (full - len) / 2;
        const fits = grows <= (spare?.[k] ?? 0) + 1e-9;
        if (ownX[xi] !== k || len >= full || fits === (trimBefore !== undefined)) continue;
        if (x === finalDay[k] && len === finalLen[k]) continue;
        ownX[xi] = -1;
        cap.add(x, -len / 2);
        const to = runsOk(ownX, -1) ? freeEarlyPlace(k, half, full) : { day: -1, place: -1 };
        if (to.day >= 0) {
          (owners[to.day] as Int16Array)[to.place] = k;
          cap.add(to.day, full / 2);
          if (trimBefore === undefined) {
            if (spare) spare[k] = (spare[k] as number) - grows;
            return true;
          }
          if (trimLate(k, half, trimBefore, full - len)) return true;
          (owners[to.day] as Int16Array)[to.place] = -1;
          cap.add(to.day, -full / 2);
        }
        cap.add(x, len / 2);
        ownX[xi] = k;
      }
    }
    return false;
  }

  /**
   * Takes k's latest session of `len` half-hours in its second half (before `W`, its final review
   * aside) out of the plan, where its day stays valid (M1) and interleavable; whether it did.
   */
  function trimLate(k: number, half: number, W: number, len: number): boolean {
    for (const late of movableLate(k, half, W)) {
      if (late.len !== len) continue;
      const own = owners[late.day] as Int16Array;
      own[late.place] = -1;
      if (shortPlacesOk(tplOf(late.day), own) && runsOk(own, -1)) {
        cap.add(late.day, -len / 2);
        return true;
      }
      own[late.place] = k;
    }
    return false;
  }

  /** The first day a session of exam subject j may not move to: its final review, last week. */
  function movableLimit(j: number): number {
    const W = Math.min(windowEnd[j] as number, owners.length);
    let limit = W;
    if ((finalDay[j] as number) >= 0) limit = Math.min(limit, finalDay[j] as number);
    if (W >= CRAM_MIN_WINDOW) limit = Math.min(limit, W - LAST_WEEK_DAYS);
    return limit;
  }

  /**
   * Each subject's hours in the first half of its window and in all of it, in half-hours, and
   * its sessions in its window.
   */
  function halves(): { first: Float64Array; total: Float64Array; sessions: Int32Array } {
    const first = new Float64Array(windowEnd.length);
    const total = new Float64Array(windowEnd.length);
    const sessions = new Int32Array(windowEnd.length);
    owners.forEach((own, d) => {
      const places = tplOf(d).places;
      for (let i = 0; i < own.length; i++) {
        const j = own[i] as number;
        if (j < 0 || d >= (windowEnd[j] as number)) continue;
        const h = places[i]?.len ?? 0;
        total[j] = (total[j] as number) + h;
        sessions[j] = (sessions[j] as number) + 1;
        if (2 * d < Math.min(windowEnd[j] as number, owners.length))
          first[j] = (first[j] as number) + h;
      }
    });
    return { first, total, sessions };
  }

  /** k's sessions in the second half of its window, its final review aside, latest first. */
  function* movableLate(
    k: number,
    half: number,
    W: number,
  ): Generator<{ day: number; place: number; len: number }> {
    for (let d = W - 1; d >= half; d--) {
      const own = owners[d] as Int16Array;
      for (let i = own.length - 1; i >= 0; i--) {
        const len = tplOf(d).places[i]?.len ?? 0;
        if (own[i] !== k || (d === finalDay[k] && len === finalLen[k])) continue;
        yield { day: d, place: i, len };
      }
    }
  }

  /**
   * A free place of `len` half-hours in the first half on a day without k, as far as possible
   * from k's other study days (so the sessions stay spread), the earliest such day on a tie; when
   * there is none, the earliest day holding one session of k (a second session there is better
   * than leaving the first half short of what front-loading promised).
   */
  function freeEarlyPlace(k: number, half: number, len: number): { day: number; place: number } {
    const spread = freeSpreadPlace(k, half, len);
    if (spread.day >= 0) return spread;
    for (let d = 0; d < half; d++) {
      const own = owners[d] as Int16Array;
      if (sessionsOn(own, k) !== 1 || !runsOk(own, k) || !cap.fits(d, len / 2)) continue;
      const i = validFreePlace(tplOf(d), own, len, k);
      if (i >= 0) return { day: d, place: i };
    }
    return spread;
  }

  function freeSpreadPlace(k: number, half: number, len: number): { day: number; place: number } {
    let best = { day: -1, place: -1 };
    let bestDist = -1;
    let lastK = Number.NEGATIVE_INFINITY;
    // nextK[d]: the first day from d on that k studies (far away when none).
    const nextK = new Int32Array(half + 1).fill(1 << 30);
    for (let d = half - 1; d >= 0; d--)
      nextK[d] = (owners[d] as Int16Array).includes(k) ? d : (nextK[d + 1] as number);
    for (let d = 0; d < half; d++) {
      const own = owners[d] as Int16Array;
      if (own.includes(k)) {
        lastK = d;
        continue;
      }
      const dist = Math.min(d - lastK, (nextK[d] as number) - d);
      if (dist <= bestDist || !runsOk(own, k) || !cap.fits(d, len / 2)) continue;
      const i = validFreePlace(tplOf(d), own, len, k);
      if (i < 0) continue;
      best = { day: d, place: i };
      bestDist = dist;
    }
    return best;
  }
}

/**
 * With front-loading off, a subject's hours follow its reference pace (M10): the final review
 * sits late in the window and a plan of few sessions rounds, so the first half can end up more
 * than half a session short of its share, or (few sessions, one of them early) as much over it.
 * While it is, one of the subject's sessions in the second half (earliest first; one of its last
 * week may leave it) moves to a free place of the same length in the first half, or one of the
 * first half (latest first) to the second, before its movable limit, on a day without the
 * subject (furthest from its study days), where the weekly cap has room; where the cap leaves
 * none, it trades places with a steady subject's session there. Never the final review or a
 * session on or after its day. Bounded and deterministic.
 */
export function balanceHalves(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  /** Exclusive end of each subject's window (its exam day). */
  windowEnd: ArrayLike<number>,
  /** Reference first-half share of each subject (NaN: not balanced). */
  refFirst: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  finalDay: ArrayLike<number>,
  finalLen: ArrayLike<number>,
  L: number,
  cap: LoadRoom,
  /** 1 for a steady subject (no exam in the plan): it may trade places with a balanced one. */
  steady?: ArrayLike<number>,
  /** The plan's calendar weeks (study week), in which the steady subject stays steady. */
  calendar?: CalendarWeeks,
  /** Each subject's need in hours: with it, a shorter session may grow into a full place. */
  needs?: ArrayLike<number>,
): void {
  for (let k = 0; k < refFirst.length; k++) {
    const ref = refFirst[k] as number;
    if (Number.isNaN(ref)) continue;
    for (let moves = 0; moves < MAX_MOVES; moves++) {
      let total = 0;
      let first = 0;
      const mine: number[] = [];
      const lim = Math.min(movableBefore[k] as number, owners.length);
      const W = windowEnd[k] as number;
      // A session may leave the last week for the first half (its last week then holds less,
      // M8); only its final review's day and after stay.
      const reviewDay = numLike(finalDay, k);
      const leaveBefore = Math.min(reviewDay >= 0 ? reviewDay : W, owners.length);
      // The second half's sessions, earliest first, and the first half's, latest first.
      const second: Array<{ day: number; place: number }> = [];
      const firstSessions: Array<{ day: number; place: number }> = [];
      for (let d = 0; d < owners.length; d++) {
        const own = owners[d] as Int16Array;
        const places = tplOf(d).places;
        let has = false;
        for (let i = 0; i < own.length; i++) {
          if (own[i] !== k) continue;
          has = true;
          const h = (places[i]?.len ?? 0) / 2;
          total += h;
          if (2 * d < W) first += h;
          const isFinal = d === finalDay[k] && places[i]?.len === finalLen[k];
          if (isFinal) continue;
          if (2 * d >= W && d < leaveBefore) second.push({ day: d, place: i });
          if (2 * d < W && d < lim) firstSessions.unshift({ day: d, place: i });
        }
        if (has) mine.push(d);
      }
      if (total <= 0) break;
      // Short of its reference by more than half a session: a session moves into the first
      // half; over it by as much (a plan of few sessions, its final review late): one moves out.
      const short = first < ref * total - L / 2 - 1e-9;
      const over = first > ref * total + L / 2 + 1e-9;
      const sources = short ? second : over ? firstSessions : [];
      // Into the first half (days 2d < W), or into the second before the movable limit.
      const lo = short ? 0 : Math.ceil(W / 2);
      const hi = short ? Math.min(Math.ceil(W / 2), lim) : lim;
      const sourcesTried = sources.slice(0, MAX_SOURCES);
      if (!moveOne({ k, sources: sourcesTried, short, first, total, ref, lo, hi, mine })) break;
    }
  }

  /**
   * Moves the first of `sources` (k's sessions, in the order to try) that can go into [lo, hi)
   * and brings k's first-half share nearer its reference; whether one moved. When the first can
   * go nowhere (the day it leaves would hold a shorter place without its full one, M1), the next
   * is tried: stopping at the first left a subject a session short of its reference (seed 91
   * #850, M10 off).
   */
  function moveOne(m: HalfMove): boolean {
    const { k, sources, short, first, total, ref, lo, hi, mine } = m;
    for (const src of sources) {
      const len = tplOf(src.day).places[src.place]?.len ?? 0;
      const firstAfter = first + (short ? len / 2 : -len / 2);
      // Moving must bring the share nearer its reference.
      if (Math.abs(firstAfter / total - ref) >= Math.abs(first / total - ref)) continue;
      if (moveTo(k, src.day, src.place, len, lo, hi, mine)) return true;
      if (tradeTo(k, src.day, src.place, len, lo, hi, mine)) return true;
    }
    return short && growOne(m);
  }

  /**
   * Last, into the first half: a session in a shorter place (its day's hours ran out
   * mid-session) moves to a free full place there and grows to a full session, where no session
   * of k could move at its length, k stays within M3's bound (its need x 1.15 plus a session) and
   * its share gets nearer its reference. A subject of few 1-h sessions on 1-h days, whose first
   * half's 1-h days the weekly cap held for an earlier exam, had its first half's 2-h places free
   * but none of its length, and moving its one 2-h session there left a gap of weeks (M4b;
   * 72,581,215 #866: B 1 of 7 h in the first half of its window against a reference of 0.52).
   */
  function growOne({ k, sources, first, total, ref, lo, hi, mine }: HalfMove): boolean {
    if (!needs) return false;
    const full = Math.round(2 * L);
    for (const src of sources) {
      const len = tplOf(src.day).places[src.place]?.len ?? 0;
      if (len >= full) continue;
      const more = (full - len) / 2;
      if (total + more > workloadCeiling(needs[k] as number, L) + EPS) continue;
      const after = (first + full / 2) / (total + more);
      if (Math.abs(after - ref) >= Math.abs(first / total - ref)) continue;
      if (moveTo(k, src.day, src.place, len, lo, hi, mine, full)) return true;
    }
    return false;
  }

  /**
   * Moves k's session at place `src` of day `from` to a free place of the same length (or of
   * `toLen` half-hours) on a day in [lo, hi) without k, furthest from its other study days, where
   * the cap has room and the days stay interleavable and regular; whether it did.
   */
  function moveTo(
    k: number,
    from: number,
    src: number,
    len: number,
    lo: number,
    hi: number,
    mine: number[],
    toLen = len,
  ): boolean {
    const ownFrom = owners[from] as Int16Array;
    ownFrom[src] = -1;
    // The day it leaves stays valid and interleavable: A B A A without its B holds a run.
    if (!shortPlacesOk(tplOf(from), ownFrom) || !runsOk(ownFrom, -1)) {
      ownFrom[src] = k;
      return false;
    }
    cap.add(from, -len / 2);
    const regular = regularMoves(mine, from, ownFrom.includes(k));
    let bestD = -1;
    let bestI = -1;
    let bestDist = -1;
    for (let d = lo; d < hi; d++) {
      const own = owners[d] as Int16Array;
      if (own.includes(k)) continue;
      let dist = Number.POSITIVE_INFINITY;
      for (const e of mine) if (e !== from) dist = Math.min(dist, Math.abs(e - d));
      if (dist <= bestDist || !runsOk(own, k) || !cap.fits(d, toLen / 2)) continue;
      if (!regular(d)) continue;
      const i = validFreePlace(tplOf(d), own, toLen, k);
      if (i < 0) continue;
      bestD = d;
      bestI = i;
      bestDist = dist;
    }
    if (bestD < 0) {
      ownFrom[src] = k;
      cap.add(from, len / 2);
      return false;
    }
    (owners[bestD] as Int16Array)[bestI] = k;
    cap.add(bestD, toLen / 2);
    return true;
  }

  /**
   * Where the cap leaves no free place (every window of the other half holds all it may), k's
   * session at place `src` of day `from` trades places with another subject's session of the
   * same length (`tradable`) on a day in [lo, hi) without k, furthest from k's other study days:
   * every window keeps its hours, a steady subject keeps its steady weeks, both subjects' gaps
   * stay regular and both days interleavable (seed 4,242 #869: an exam held 12 of its 18 h in the
   * first half against a reference of 9, every week of the second half at its one session under
   * the cap, each held by a steady subject).
   */
  function tradeTo(
    k: number,
    from: number,
    src: number,
    len: number,
    lo: number,
    hi: number,
    mine: number[],
  ): boolean {
    const ownFrom = owners[from] as Int16Array;
    const keepFrom = sessionsOn(ownFrom, k) > 1;
    // Each other subject's study days, gathered once for the whole search (no day changes hands
    // until it ends): gathered per candidate place, they took a long plan's time (Speed).
    const daysOf = new Map<number, number[]>();
    const regular = regularMoves(mine, from, keepFrom);
    let best = { day: -1, place: -1 };
    let bestDist = -1;
    for (let d = lo; d < hi; d++) {
      const own = owners[d] as Int16Array;
      if (own.includes(k)) continue;
      let dist = Number.POSITIVE_INFINITY;
      for (const e of mine) if (e !== from) dist = Math.min(dist, Math.abs(e - d));
      if (dist <= bestDist || !regular(d)) continue;
      const i = tradePlace(k, d, from, src, len, daysOf);
      if (i < 0) continue;
      best = { day: d, place: i };
      bestDist = dist;
    }
    if (best.day < 0) return false;
    const own = owners[best.day] as Int16Array;
    ownFrom[src] = own[best.place] ?? -1;
    own[best.place] = k;
    return true;
  }

  /**
   * Whether subject j's session on day d may trade days with k's on day `from`: a steady
   * subject's may (its weeks are checked below); so may another exam's, when both days stand on
   * the same side of its window's middle and before its movable limit (its final review, its
   * last week), so its own first-half share and its last days are as they were. Seed 92,557,899
   * #674 (front-loading off): an exam held 2 of its 16 h in its first half against a reference
   * of 8, every week there at its cap in whole places, and nearly every place near its other
   * sessions held by an earlier exam, in that exam's second half; the steady subjects' few
   * sessions there could not move without a gap of weeks.
   */
  function tradable(j: number, d: number, from: number): boolean {
    if (steady?.[j]) return true;
    const W = windowEnd[j] as number;
    const lim = movableBefore[j] as number;
    return d < lim && from < lim && 2 * d < W === 2 * from < W;
  }

  /**
   * A place of day d whose session (of `len`) may trade with k's (`tradable`); else -1. `daysOf`:
   * the study days of each subject asked about so far.
   */
  function tradePlace(
    k: number,
    d: number,
    from: number,
    src: number,
    len: number,
    daysOf: Map<number, number[]>,
  ): number {
    const own = owners[d] as Int16Array;
    const ownFrom = owners[from] as Int16Array;
    const places = tplOf(d).places;
    for (let i = 0; i < own.length; i++) {
      const j = own[i] ?? -1;
      if (j < 0 || j === k || places[i]?.len !== len || ownFrom.includes(j)) continue;
      if (!tradable(j, d, from)) continue;
      if (steady?.[j] && !steadyWeeksOk(tplOf, owners, j, d, from, len / 2, calendar)) continue;
      let jDays = daysOf.get(j);
      if (!jDays) {
        jDays = studyDaysOf(owners, j);
        daysOf.set(j, jDays);
      }
      if (!regularAfter(jDays, d, from, sessionsOn(own, j) > 1)) continue;
      own[i] = k;
      ownFrom[src] = j;
      const ok = runsOk(own, -1) && runsOk(ownFrom, -1);
      own[i] = j;
      ownFrom[src] = k;
      if (ok) return i;
    }
    return -1;
  }
}

/**
 * One move of the half balancing: subject k's sessions to try (`sources`), into the first half
 * (`short`) or out of it, its first-half and total hours and reference share, the days [lo, hi)
 * it may go to, and k's study days (`mine`).
 */
interface HalfMove {
  k: number;
  sources: ReadonlyArray<{ day: number; place: number }>;
  short: boolean;
  first: number;
  total: number;
  ref: number;
  lo: number;
  hi: number;
  mine: number[];
}

/** The days subject j studies, in order. */
function studyDaysOf(owners: readonly Int16Array[], j: number): number[] {
  const days: number[] = [];
  owners.forEach((own, d) => {
    if (own.includes(j)) days.push(d);
  });
  return days;
}
