/**
 * Whether a subject's study days stay regular once a session moves (M4b: the longest gap between
 * study days at most max(7, twice the median gap), or no longer than before). The half balancing
 * and the front shift ask it of every candidate day of a search, with the day the session leaves
 * fixed: `regularMoves` gathers the days' gaps once per search, so each candidate costs a binary
 * search and a walk over the sorted gaps instead of a list built and sorted (Speed: that was most
 * of a long plan's time).
 */
import { maxGap, REGULAR_GAP_DAYS } from './repair.js';

/**
 * For the ascending study days `mine`, a test of each day `to` a session may move to from day
 * `from` (which keeps its place in the days when `keepFrom`, the subject studying there still):
 * whether the days stay regular, or their longest gap grows no longer than before.
 */
export function regularMoves(
  mine: readonly number[],
  from: number,
  keepFrom: boolean,
): (to: number) => boolean {
  const after = gapsAfterMoves(mine, from, keepFrom);
  const before = maxGap(mine);
  return (to) => {
    const { longest, excess } = after(to);
    return longest <= before || excess <= 0;
  };
}

/**
 * For the ascending study days `mine`, the gaps after a session moves from day `from` (kept in
 * the days when `keepFrom`) to each day `to` not among them: the longest gap, and how far it
 * stands over max(7, twice the median gap) (gapExcess's rule: 0 with fewer than three days).
 */
export function gapsAfterMoves(
  mine: readonly number[],
  from: number,
  keepFrom: boolean,
): (to: number) => { longest: number; excess: number } {
  const base = keepFrom ? [...mine] : mine.filter((d) => d !== from);
  const gaps: number[] = [];
  for (let i = 1; i < base.length; i++) gaps.push((base[i] as number) - (base[i - 1] as number));
  gaps.sort((a, b) => a - b);
  return (to) => {
    if (base.length === 0) return { longest: 0, excess: 0 };
    // `to` splits the gap it falls in (`gone`, -1: none) into two, or adds one at either end.
    const p = firstAtLeast(base, to);
    let gone = -1;
    let x: number;
    let y = -1;
    if (p === 0) x = (base[0] as number) - to;
    else if (p === base.length) x = to - (base[p - 1] as number);
    else {
      gone = (base[p] as number) - (base[p - 1] as number);
      x = to - (base[p - 1] as number);
      y = (base[p] as number) - to;
    }
    // The gaps without `gone` (one occurrence, at index `skip`) and the largest of them left.
    const skip = gone >= 0 ? firstAtLeast(gaps, gone) : -1;
    const last = gaps.length - 1 === skip ? gaps.length - 2 : gaps.length - 1;
    const longest = Math.max(last >= 0 ? (gaps[last] as number) : -1, x, y);
    // Fewer than three days: regular.
    const count = gaps.length - (gone >= 0 ? 1 : 0) + (y >= 0 ? 2 : 1);
    if (count < 2) return { longest, excess: 0 };
    const lo = y >= 0 ? Math.min(x, y) : x;
    const hi = y >= 0 ? Math.max(x, y) : Number.POSITIVE_INFINITY;
    const mid = count >> 1;
    const median =
      count % 2
        ? kthOf(gaps, skip, lo, hi, mid)
        : (kthOf(gaps, skip, lo, hi, mid - 1) + kthOf(gaps, skip, lo, hi, mid)) / 2;
    return { longest, excess: longest - Math.max(REGULAR_GAP_DAYS, 2 * median) };
  };
}

/** `regularMoves` for one move. */
export function regularAfter(
  mine: readonly number[],
  from: number,
  to: number,
  keepFrom: boolean,
): boolean {
  return regularMoves(mine, from, keepFrom)(to);
}

/** The first index of ascending `xs` holding at least `v` (xs.length when none). */
function firstAtLeast(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if ((xs[m] as number) < v) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/**
 * The k-th smallest (from 0) of ascending `gaps` without index `skip` (-1: none), merged with the
 * added gaps `lo` <= `hi` (Infinity: only one added).
 */
function kthOf(gaps: readonly number[], skip: number, lo: number, hi: number, k: number): number {
  let i = 0;
  let a = 0;
  for (let n = 0; ; n++) {
    if (i === skip) i++;
    const g = i < gaps.length ? (gaps[i] as number) : Number.POSITIVE_INFINITY;
    const x = a === 0 ? lo : a === 1 ? hi : Number.POSITIVE_INFINITY;
    if (n === k) return Math.min(g, x);
    if (g <= x) i++;
    else a++;
  }
}
