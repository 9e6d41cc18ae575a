/**
 * A move of the front shift (front-shift.ts) for a subject that front-loading left with less of
 * its first half than its plain pace: it trades its shorter session there for another exam's
 * longer one, both in both subjects' first halves. No day changes its hours, so the weekly cap and
 * the days' places stay as they are; the hours of the difference pass from the other exam to it.
 */
import type { DayTemplate } from './model.js';
import { runsOk } from './repair.js';

/** Slack in comparing shares of hours, summed from half-hours: they differ in the last bits. */
const EPS = 1e-9;

export interface LengthTradeState {
  tplOf: (day: number) => DayTemplate;
  owners: Int16Array[];
  windowEnd: ArrayLike<number>;
  finalDay: ArrayLike<number>;
  finalLen: ArrayLike<number>;
  /** 1 for a steady subject: its weeks are kept by other moves, it takes no part here. */
  steady: ArrayLike<number> | undefined;
  /** Each subject's reference first-half share (its plain pace; NaN: none). */
  refFirst: ArrayLike<number>;
  /** Each subject's need in hours: the giver keeps it. */
  needs: ArrayLike<number>;
  /** The first day a session of exam subject j may not move to (final review, last week). */
  movableLimit: (j: number) => number;
  /** Each subject's hours in the first half of its window and in all of it, in half-hours. */
  halves: () => { first: Float64Array; total: Float64Array };
}

/**
 * Where subject k holds less of its first half (days before `half`) than its reference share,
 * its shorter session on a day x there and another exam j's longer session on a day y there trade
 * places, when both days lie in j's first half as well (j loses the difference from its first half
 * and its total alike), j keeps its need, and j ends at least as far over its own reference as k
 * (so trades cannot undo each other, and j keeps a gain of its own). With 1-h and 1.5-h places
 * beside each other and every week within a session of the cap, front-loading gave the earlier
 * exam the longer places of both first halves (seed 87,823,071 #254: A 7.5 of 13.5 h in its first
 * half on against 7 of 14 off, B 9 of 19.5 on against 10 of 18.5). One trade; whether it made it.
 */
export function tradeLengthsForward(s: LengthTradeState, k: number, half: number): boolean {
  const { tplOf, owners, windowEnd, finalDay, finalLen, steady, refFirst, needs } = s;
  const { first, total } = s.halves();
  // j's share of its first half, over its reference, with `delta` half-hours more in both.
  const gain = (j: number, delta: number) => {
    const t = (total[j] ?? 0) + delta;
    return t > 0 ? ((first[j] ?? 0) + delta) / t - (refFirst[j] ?? Number.NaN) : Number.NaN;
  };
  if (!(gain(k, 0) < -EPS)) return false;
  for (let x = 0; x < half; x++) {
    const ownX = owners[x] as Int16Array;
    const placesX = tplOf(x).places;
    for (let xi = 0; xi < ownX.length; xi++) {
      const lenK = placesX[xi]?.len ?? 0;
      if (ownX[xi] !== k || (x === finalDay[k] && lenK === finalLen[k])) continue;
      for (let y = 0; y < half; y++) {
        const ownY = owners[y] as Int16Array;
        if (y !== x && ownY.includes(k)) continue;
        const placesY = tplOf(y).places;
        for (let yi = 0; yi < ownY.length; yi++) {
          const j = ownY[yi] as number;
          const lenJ = placesY[yi]?.len ?? 0;
          if (j < 0 || j === k || lenJ <= lenK || steady?.[j]) continue;
          if (y === finalDay[j] && lenJ === finalLen[j]) continue;
          const Wj = Math.min(windowEnd[j] as number, owners.length);
          const limit = s.movableLimit(j);
          if (2 * x >= Wj || 2 * y >= Wj || x >= limit || y >= limit) continue;
          if (x !== y && ownX.includes(j)) continue;
          const diff = lenJ - lenK;
          if (((total[j] ?? 0) - diff) / 2 < (needs[j] ?? 0) - EPS) continue;
          if (!(gain(j, -diff) >= Math.max(0, gain(k, diff)) - EPS)) continue;
          ownX[xi] = j;
          ownY[yi] = k;
          if (runsOk(ownX, -1) && runsOk(ownY, -1)) return true;
          ownX[xi] = k;
          ownY[yi] = j;
        }
      }
    }
  }
  return false;
}
