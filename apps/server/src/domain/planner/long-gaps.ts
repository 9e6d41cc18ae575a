/**
 * The late gap pass (docs/planner.md, stage 14b, with front-loading off): a subject whose study
 * days still leave a gap over M4b's limit once the weekly cap is repaired gets a session moved
 * into that gap, from any of its days where the move leaves its gaps shorter, not only from the
 * gap's two ends.
 *
 * The early gap repair (repairGaps, stage 7) moves a gap's end into it, which shifts a gap of
 * weeks rather than closing it, and runs before the cap repair, which opens new ones: it takes
 * sessions out of full weeks to the nearest day with room, or drops buffer (seed 737,078: of the
 * 55 subjects with irregular gaps in 300 plain plans, 26 had regular gaps until the cap repair and
 * 19 kept the day loop's gap through the early repair). This pass runs after the cap repair and
 * keeps what it and the passes before it hold: the weekly cap, steady weeks, no runs of a subject,
 * valid short places, final reviews and last weeks in place, the halves balance's band, and no
 * other subject's gaps made worse.
 */
import type { CalendarWeeks } from '@studybuddy/contracts';
import type { DayTemplate } from './model.js';
import { gapsAfterMoves } from './regular-gaps.js';
import {
  gapExcess,
  halfHours,
  type LoadRoom,
  runsOk,
  sessionsOn,
  shortPlacesOk,
  steadyWeeksOk,
  studyDaysBySubject,
} from './repair.js';
import { i16, item, numLike } from './typed.js';

const EPS = 1e-9;

/** Most moves in one plan: each closes part of a gap, so a plan needs few (Speed). */
const MAX_MOVES = 60;

/** Most candidate moves checked for a place, per move made (Speed). */
const MAX_CHECKS = 200;

/** Fewest sessions of a subject for its gaps to count (M4b's scope: 4 sessions on 3 days). */
const MIN_SESSIONS = 4;

export interface LongGapsState {
  tplOf: (day: number) => DayTemplate;
  owners: Int16Array[];
  /** First day a session of k may not move to or from (final review, last week, window end). */
  movableBefore: ArrayLike<number>;
  /** Each subject's final review day (-1: none): it never moves. */
  keep: ArrayLike<number>;
  /** 1 for a steady subject (no exam in the plan): its calendar weeks stay steady. */
  steady: ArrayLike<number>;
  calendar: CalendarWeeks;
  /** The weekly cap, counted for the places as they stand. */
  cap: LoadRoom;
  /**
   * The halves balance's band (stage 14): each subject's window end and reference first-half
   * share (NaN: not balanced), and the session length, half of which is the band's width.
   */
  halves: { windowEnd: ArrayLike<number>; refFirst: ArrayLike<number>; L: number };
}

interface Move {
  from: number;
  src: number;
  to: number;
  /** Place on `to`: free, or held by `other`, who takes the place on `from` in exchange. */
  dst: number;
  other: number;
  excess: number;
}

/** Moves sessions into gaps over M4b's limit, the subject furthest over first. Bounded. */
export function closeLongGaps(state: LongGapsState): void {
  const { owners, movableBefore } = state;
  const S = movableBefore.length;
  let moves = 0;
  const tried = new Uint8Array(S);
  while (moves < MAX_MOVES) {
    const days = studyDaysBySubject(owners, S);
    let k = -1;
    let worst = 0;
    for (let j = 0; j < S; j++) {
      if (tried[j] || sessionsOf(owners, j) < MIN_SESSIONS) continue;
      const e = gapExcess(item(days, j));
      if (e > worst) {
        worst = e;
        k = j;
      }
    }
    if (k < 0) return;
    const move = bestMove(state, days, k, worst);
    if (!move) {
      tried[k] = 1;
      continue;
    }
    apply(state, k, move);
    moves++;
  }
}

/**
 * The move of one of k's sessions into a long gap that leaves k's gaps least over the limit:
 * candidates are ranked by the excess they leave first, and only then checked for a place (the
 * check reads the cap, the steady weeks and an exchange's gaps: the costly part).
 */
function bestMove(
  state: LongGapsState,
  days: number[][],
  k: number,
  excess: number,
): Move | undefined {
  const { tplOf, owners, movableBefore, keep } = state;
  const mine = item(days, k);
  const lim = Math.min(numLike(movableBefore, k), owners.length);
  const targets = gapDays(mine, lim);
  const candidates: Array<{ from: number; src: number; to: number; excess: number }> = [];
  for (const from of mine) {
    if (from >= lim || from === numLike(keep, k)) continue;
    const own = item(owners, from);
    const src = own.lastIndexOf(k);
    own[src] = -1;
    const leaves = shortPlacesOk(tplOf(from), own) && runsOk(own, -1);
    own[src] = k;
    if (!leaves) continue;
    const after = gapsAfterMoves(mine, from, own.indexOf(k) !== src);
    for (const to of targets) {
      const e = after(to).excess;
      if (e < excess) candidates.push({ from, src, to, excess: e });
    }
  }
  candidates.sort((a, b) => a.excess - b.excess || a.from - b.from || a.to - b.to);
  for (const c of candidates.slice(0, MAX_CHECKS)) {
    const place = placeFor(state, days, k, c.from, c.src, c.to);
    if (place) return { ...c, ...place };
  }
  return undefined;
}

/** Days without k inside the gaps of `mine` longer than a week, before `lim`. */
function gapDays(mine: readonly number[], lim: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < mine.length; i++) {
    const a = mine[i - 1] as number;
    const b = mine[i] as number;
    if (b - a <= 7) continue;
    for (let t = a + 1; t < b && t < lim; t++) out.push(t);
  }
  return out;
}

/**
 * Where k's session leaving place `src` of day `from` can go on day `to`: a free place of its
 * length where the cap has room, or the place of another subject who takes k's place in
 * exchange with its own gaps no longer over the limit than they were.
 */
function placeFor(
  state: LongGapsState,
  days: number[][],
  k: number,
  from: number,
  src: number,
  to: number,
): { dst: number; other: number } | undefined {
  const { tplOf, owners, movableBefore, keep, cap } = state;
  const len = tplOf(from).places[src]?.len ?? 0;
  const h = len / 2;
  const ownT = item(owners, to);
  const ownF = item(owners, from);
  const places = tplOf(to).places;
  if (!runsOk(ownT, k) || !steadyOk(state, k, from, to, h) || !halvesOk(state, k, from, to, h))
    return undefined;
  cap.add(from, -h);
  const room = cap.fits(to, h);
  cap.add(from, h);
  for (let i = 0; i < ownT.length; i++) {
    if (places[i]?.len !== len) continue;
    const j = i16(ownT, i);
    if (j === -1) {
      if (!room) continue;
      ownT[i] = k;
      ownF[src] = -1;
      const ok = shortPlacesOk(tplOf(to), ownT) && shortPlacesOk(tplOf(from), ownF);
      ownT[i] = -1;
      ownF[src] = k;
      if (ok) return { dst: i, other: -1 };
      continue;
    }
    if (j === k || ownF.includes(j) || to === numLike(keep, j)) continue;
    const lj = numLike(movableBefore, j);
    if (to >= lj || from >= lj || !steadyOk(state, j, to, from, h)) continue;
    if (!halvesOk(state, j, to, from, h)) continue;
    ownF[src] = -1;
    const fits = runsOk(ownF, j);
    ownF[src] = k;
    if (!fits) continue;
    const theirs = item(days, j);
    const stays = sessionsOn(ownT, j) > 1;
    const moved = [...(stays ? theirs : theirs.filter((d) => d !== to)), from].sort(
      (a, b) => a - b,
    );
    if (gapExcess(moved) > Math.max(0, gapExcess(theirs))) continue;
    return { dst: i, other: j };
  }
  return undefined;
}

function steadyOk(state: LongGapsState, k: number, from: number, to: number, h: number): boolean {
  return (
    !numLike(state.steady, k) ||
    steadyWeeksOk(state.tplOf, state.owners, k, from, to, h, state.calendar)
  );
}

/**
 * Whether moving h hours of k from day `from` to day `to` keeps its first-half hours within the
 * halves balance's band around its reference (half a session), or no further from it than they
 * were: that pass runs before this one, and a move across the middle of the window undid it
 * (M10 off; seeds 7,517,073 #39 and 20,261,204 #111, 0.11 from the reference).
 */
function halvesOk(state: LongGapsState, k: number, from: number, to: number, h: number): boolean {
  const { windowEnd, refFirst, L } = state.halves;
  const ref = numLike(refFirst, k);
  const W = numLike(windowEnd, k);
  const before = 2 * from < W;
  if (Number.isNaN(ref) || before === 2 * to < W) return true;
  const halves = halfHours(state.tplOf, state.owners, k, W);
  const first = halves.first / 2;
  const total = halves.all / 2;
  const off = Math.abs(first - ref * total);
  const after = Math.abs(first + (before ? -h : h) - ref * total);
  return after <= L / 2 + EPS || after <= off + EPS;
}

function apply(state: LongGapsState, k: number, m: Move): void {
  const ownF = item(state.owners, m.from);
  const ownT = item(state.owners, m.to);
  ownT[m.dst] = k;
  ownF[m.src] = m.other;
  if (m.other === -1) {
    const h = (state.tplOf(m.from).places[m.src]?.len ?? 0) / 2;
    state.cap.add(m.from, -h);
    state.cap.add(m.to, h);
  }
}

function sessionsOf(owners: readonly Int16Array[], k: number): number {
  let n = 0;
  for (const own of owners) n += sessionsOn(own, k);
  return n;
}
