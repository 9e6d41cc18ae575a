/**
 * With front-loading on, the unused buffer belongs at the end (M10): each subject's
 * latest sessions move to free places of the same length in the first half of its window, which
 * the day loop left free because it followed the pace and gave earlier days to subjects with
 * earlier exams. A move goes to a day the subject does not study when there is one (spread
 * furthest from its other days), else to a day holding one session of it; it keeps the day
 * interleavable (M6) and its places valid (M1), and leaves final reviews alone. Bounded per
 * subject and deterministic.
 */
import type { DayTemplate } from './model.js';
import { freePlace, runsOk, shortPlacesOk } from './repair.js';

/** Most moves per subject, so the pass stays well inside the speed budget. */
const MAX_MOVES = 16;

export function frontShift(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  windowEnd: ArrayLike<number>,
  finalDay: ArrayLike<number>,
  finalLen: ArrayLike<number>,
): void {
  for (let k = 0; k < windowEnd.length; k++) {
    const W = Math.min(windowEnd[k] as number, owners.length);
    if (W < 2) continue;
    const half = Math.ceil(W / 2); // first half: days d with 2d < W
    for (let moves = 0; moves < MAX_MOVES; moves++) {
      const late = latestMovable(k, half, W);
      if (!late) break;
      const { day: from, place: src, len } = late;
      const to = freeEarlyPlace(k, half, len);
      if (to.day < 0) break;
      const ownFrom = owners[from] as Int16Array;
      const ownTo = owners[to.day] as Int16Array;
      ownFrom[src] = -1;
      ownTo[to.place] = k;
      if (!shortPlacesOk(tplOf(from), ownFrom) || !shortPlacesOk(tplOf(to.day), ownTo)) {
        ownFrom[src] = k;
        ownTo[to.place] = -1;
        break;
      }
    }
  }

  /** k's latest session in the second half of its window that is not its final review. */
  function latestMovable(
    k: number,
    half: number,
    W: number,
  ): { day: number; place: number; len: number } | null {
    for (let d = W - 1; d >= half; d--) {
      const own = owners[d] as Int16Array;
      for (let i = own.length - 1; i >= 0; i--) {
        const len = tplOf(d).places[i]?.len ?? 0;
        if (own[i] !== k || (d === finalDay[k] && len === finalLen[k])) continue;
        return { day: d, place: i, len };
      }
    }
    return null;
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
      let mine = 0;
      for (let i = 0; i < own.length; i++) if (own[i] === k) mine++;
      if (mine !== 1 || !runsOk(own, k)) continue;
      const i = freePlace(tplOf(d), own, len);
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
      if (dist <= bestDist || !runsOk(own, k)) continue;
      const i = freePlace(tplOf(d), own, len);
      if (i < 0) continue;
      best = { day: d, place: i };
      bestDist = dist;
    }
    return best;
  }
}
