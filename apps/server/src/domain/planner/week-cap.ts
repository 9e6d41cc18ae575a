/**
 * The weekly booking cap (docs/planner.md, Workload): every 7-day window of the period books at
 * most `maxLoad` of its capacity, unless the needs force more. `WeekCap` tracks the hours booked
 * in each window while sessions are placed; `repairWeekCap` is the last pass that takes the
 * sessions the buffer added (and that other passes moved) out of windows over the cap.
 */
import type { CalendarWeeks } from '@studybuddy/contracts';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { runsOk, sessionsOn, shortPlacesOk, steadyWeeksOk } from './repair.js';

const EPS = 1e-9;
/**
 * A session handed on (`handOn`) goes to a day without its subject first, else beside at most
 * this many of its sessions: a second session of a subject on a day, never a third.
 */
const MOST_BESIDE = 1;

/** Hours booked in each rolling 7-day window (index: its first day) against its limit. */
export class WeekCap {
  readonly limit: Float64Array;
  readonly used: Float64Array;
  readonly days: number;

  constructor(capacity: ArrayLike<number>, maxLoad: number) {
    this.days = capacity.length;
    const n = Math.max(0, this.days - 6);
    this.limit = new Float64Array(n);
    this.used = new Float64Array(n);
    for (let a = 0; a < n; a++) {
      let c = 0;
      for (let d = a; d < a + 7; d++) c += capacity[d] as number;
      this.limit[a] = maxLoad * c;
    }
  }

  /** Books `h` hours (negative: frees them) on day d. */
  add(d: number, h: number): void {
    const hi = Math.min(d, this.limit.length - 1);
    for (let a = Math.max(0, d - 6); a <= hi; a++) this.used[a] = (this.used[a] as number) + h;
  }

  /** Whether `h` more hours on day d keep every window containing it under the cap. */
  fits(d: number, h: number): boolean {
    const hi = Math.min(d, this.limit.length - 1);
    for (let a = Math.max(0, d - 6); a <= hi; a++)
      if ((this.used[a] as number) + h > (this.limit[a] as number) + EPS) return false;
    return true;
  }

  /** Recounts the windows from the places' owners. */
  recount(tplOf: (day: number) => DayTemplate, owners: readonly Int16Array[]): void {
    this.used.fill(0);
    for (let d = 0; d < owners.length; d++) {
      const own = owners[d] as Int16Array;
      let h = 0;
      for (let i = 0; i < own.length; i++)
        if ((own[i] as number) >= 0) h += (tplOf(d).places[i]?.len ?? 0) / 2;
      if (h > 0) this.add(d, h);
    }
  }
}

/**
 * Takes windows over the cap back under it where the needs allow (docs/planner.md, Workload):
 * in the window furthest over, a session moves to a free place of the same length on a day of
 * its window where it fits under the cap (nearest day first, a day without the subject); else a
 * session that only adds buffer (its subject keeps its need without it; never a final review) is
 * removed, the subject furthest over its need first, unless it can be handed on (`handOn`). A
 * window neither helps is forced by the needs and is left (the plan warns). Bounded.
 */
export function repairWeekCap(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  cap: WeekCap,
  needs: ArrayLike<number>,
  keep: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  /** Exam day offsets (NaN: no exam in the plan), for the anti-cramming check (M8). */
  examDay: ArrayLike<number>,
  L: number,
  /**
   * Front-loading on: of the buffer sessions that tie, the latest goes. The earliest went, and
   * the repair took back what the day loop had front-loaded (seed 6,021,023 #822: two of the
   * first half's sessions removed where one there and one later met the cap; 8 of 22 h in the
   * first half on, as off).
   */
  latestFirst = false,
  /** Steady subjects (1: no exam in the plan) and the calendar weeks they keep, for `handOn`. */
  steadiness?: { steady: ArrayLike<number>; calendar: CalendarWeeks },
): void {
  const S = needs.length;
  cap.recount(tplOf, owners);
  const hours = new Float64Array(S);
  for (let d = 0; d < owners.length; d++) {
    const own = owners[d] as Int16Array;
    for (let i = 0; i < own.length; i++) {
      const k = own[i] as number;
      if (k >= 0) hours[k] = (hours[k] as number) + (tplOf(d).places[i]?.len ?? 0) / 2;
    }
  }
  const stuck = new Uint8Array(cap.limit.length);
  for (let step = 0; step < 400; step++) {
    let a = -1;
    let worst = EPS;
    for (let x = 0; x < cap.limit.length; x++) {
      const over = (cap.used[x] as number) - (cap.limit[x] as number);
      if (!stuck[x] && over > worst) {
        worst = over;
        a = x;
      }
    }
    if (a < 0) return;
    if (moveOut(a) || removeBuffer(a)) continue;
    stuck[a] = 1;
  }

  /**
   * Removes one buffer session from window a: the subject furthest over its need, as a share of
   * the need. In hours, the subject with the largest need (a High-priority one) held the largest
   * buffer and always lost it first, down to less than 1.2x its hours at Medium (Workload).
   */
  function removeBuffer(a: number): boolean {
    let bestD = -1;
    let bestI = -1;
    let bestOver = EPS;
    for (let d = a; d < a + 7; d++) {
      const own = owners[d] as Int16Array;
      for (let i = 0; i < own.length; i++) {
        const k = own[i] as number;
        if (k < 0 || d === keep[k]) continue;
        const h = (tplOf(d).places[i]?.len ?? 0) / 2;
        const over = (hours[k] as number) - h - (needs[k] as number);
        const share = (over + h) / Math.max(needs[k] as number, EPS);
        const better = latestFirst ? share >= bestOver : share > bestOver;
        if (over < -EPS || !better || !cramOk(k, d, h)) continue;
        own[i] = -1;
        const ok = shortPlacesOk(tplOf(d), own) && runsOk(own, -1);
        own[i] = k;
        if (!ok) continue;
        bestOver = share;
        bestD = d;
        bestI = i;
      }
    }
    if (bestD < 0) return false;
    if (handOn(a, bestD, bestI)) return true;
    const own = owners[bestD] as Int16Array;
    const k = own[bestI] as number;
    const h = (tplOf(bestD).places[bestI]?.len ?? 0) / 2;
    own[bestI] = -1;
    hours[k] = (hours[k] as number) - h;
    cap.add(bestD, -h);
    return true;
  }

  /**
   * The buffer session of k on day d (place i) about to be removed from window a keeps its hours
   * where a subject due later holds a place of the same length on an earlier day e: k takes that
   * place (before k's movable limit, a day without k first), and the other subject's session
   * moves to the nearest free place of that length outside window a where the cap has room,
   * before its own movable limit (its last week and final review stay). Window a loses the
   * hours, e keeps its load. The day loop's guard forces an exam's last week over the cap when
   * a later exam (or a steady subject) took the earlier places, and the repair then took the
   * forced subject's buffer although the later one could study after it (seed 88,441,854 #173:
   * a High subject at its bare need, under 1.2x its hours at Medium, Workload).
   */
  function handOn(a: number, d: number, i: number): boolean {
    const own = owners[d] as Int16Array;
    const k = own[i] as number;
    const D = examDay[k] as number;
    if (Number.isNaN(D)) return false;
    const len = tplOf(d).places[i]?.len ?? 0;
    const h = len / 2;
    own[i] = -1;
    const leaves = shortPlacesOk(tplOf(d), own) && runsOk(own, -1);
    own[i] = k;
    if (!leaves) return false;
    const kLimit = Math.min(movableBefore[k] as number, a);
    // A day without k first; else beside one session of k, as the total balancing does when
    // the pace has taken every day of the window (runsOk keeps the day interleavable).
    for (let beside = 0; beside <= MOST_BESIDE; beside++)
      for (let e = kLimit - 1; e >= 0; e--)
        if (sessionsOn(owners[e] as Int16Array, k) === beside && handOnTo(e)) return true;
    return false;

    function handOnTo(e: number): boolean {
      const at = owners[e] as Int16Array;
      const places = tplOf(e).places;
      for (let j = 0; j < at.length; j++) {
        const g = at[j] as number;
        if (g < 0 || places[j]?.len !== len || e === (keep[g] as number)) continue;
        const gExam = examDay[g] as number;
        if (!(Number.isNaN(gExam) || gExam > D) || e >= (movableBefore[g] as number)) continue;
        at[j] = k;
        const takes = runsOk(at, -1);
        at[j] = g;
        if (!takes) continue;
        own[i] = -1;
        cap.add(d, -h);
        const f = placeOutside(a, e, g, len);
        if (f >= 0) {
          at[j] = k;
          cap.add(f, h);
          return true;
        }
        cap.add(d, h);
        own[i] = k;
      }
      return false;
    }
  }

  /**
   * Books g's session of `len` half-hours, leaving day e, into the nearest free place of that
   * length outside window a where the cap has room (before g's movable limit, a day without g,
   * its weeks steady if it is steady); returns the day, or -1 (nothing booked).
   */
  function placeOutside(a: number, e: number, g: number, len: number): number {
    const h = len / 2;
    const lim = Math.min(movableBefore[g] as number, owners.length);
    for (let dist = 1; dist < lim; dist++)
      for (const f of [e + dist, e - dist]) {
        if (f < 0 || f >= lim || (f >= a && f < a + 7)) continue;
        const to = owners[f] as Int16Array;
        if (to.includes(g) || !cap.fits(f, h) || !runsOk(to, g)) continue;
        const steady = steadiness?.steady[g] === 1;
        if (steady && !steadyWeeksOk(tplOf, owners, g, e, f, h, steadiness?.calendar)) continue;
        const places = tplOf(f).places;
        for (let j = 0; j < to.length; j++) {
          if (to[j] !== -1 || places[j]?.len !== len) continue;
          to[j] = g;
          if (shortPlacesOk(tplOf(f), to)) return f;
          to[j] = -1;
        }
      }
    return -1;
  }

  /**
   * Whether k's last week and last 3 days before its exam stay within M8's limits once the
   * session of h hours on day d is removed (a removal lowers the mean week).
   */
  function cramOk(k: number, d: number, h: number): boolean {
    const D = examDay[k] as number;
    if (Number.isNaN(D) || D < CRAM_MIN_WINDOW) return true;
    let last7 = 0;
    let last3 = 0;
    for (let x = Math.max(0, D - 7); x < Math.min(D, owners.length); x++) {
      const own = owners[x] as Int16Array;
      for (let i = 0; i < own.length; i++)
        if (own[i] === k) {
          const len = (tplOf(x).places[i]?.len ?? 0) / 2;
          last7 += len;
          if (x >= D - CRAM_DAYS) last3 += len;
        }
    }
    if (d >= D - 7) last7 -= h;
    if (d >= D - CRAM_DAYS) last3 -= h;
    const total = (hours[k] as number) - h;
    return (
      last7 <= Math.max((14 * total) / D, L) + EPS && last3 <= Math.max(0.25 * total, 2 * L) + EPS
    );
  }

  /** Moves one session out of window a to the nearest day of its window with room. */
  function moveOut(a: number): boolean {
    for (let d = a; d < a + 7; d++) {
      const own = owners[d] as Int16Array;
      for (let i = 0; i < own.length; i++) {
        const k = own[i] as number;
        if (k < 0 || d === keep[k] || d >= (movableBefore[k] as number)) continue;
        const len = tplOf(d).places[i]?.len ?? 0;
        const h = len / 2;
        own[i] = -1;
        if (!shortPlacesOk(tplOf(d), own) || !runsOk(own, -1)) {
          own[i] = k;
          continue;
        }
        const lim = Math.min(movableBefore[k] as number, owners.length);
        // The new day's room without the session's hours on the day it leaves: a window holding
        // both days keeps its hours. Counted twice, the move was refused and buffer removed
        // instead (found shrinking seed 975,407 #222: 22.5 h on against 24.5 off, M10 totals).
        cap.add(d, -h);
        for (let dist = 1; dist < lim; dist++)
          for (const e of [d - dist, d + dist]) {
            if (e < 0 || e >= lim || (e >= a && e < a + 7)) continue;
            const to = owners[e] as Int16Array;
            if (to.includes(k) || !cap.fits(e, h) || !runsOk(to, k)) continue;
            const places = tplOf(e).places;
            for (let j = 0; j < to.length; j++) {
              if (to[j] !== -1 || places[j]?.len !== len) continue;
              to[j] = k;
              if (shortPlacesOk(tplOf(e), to)) {
                cap.add(e, h);
                return true;
              }
              to[j] = -1;
            }
          }
        cap.add(d, h);
        own[i] = k;
      }
    }
    return false;
  }
}
