/**
 * Evens out daily utilisation (hours used over a day's capacity) when one day's use is far above
 * the mean (M7: max/mean at most 1.30 with front-loading off). A plan has the same
 * hours however they are spread, but the same two hours fill a 2-h day and only half of a 4-h
 * one: with few, unequal days, the pace can leave a small day empty beside a big day holding two
 * sessions. This pass moves a session from a bigger day to a free place of the same length on a
 * smaller day nearby, and, when no move helps, fills a free shorter place while the plan stays
 * within half a session of its target total. Final reviews and sessions past a subject's movable
 * limit stay put; every day stays valid (M1) and interleavable (M6). Bounded and deterministic.
 */
import type { DayTemplate } from './model.js';
import { freePlace, hoursBySubject, runsOk, shortPlacesOk } from './repair.js';

/** Where the pass stops: under the M7 limit of 1.30, with a margin for the metric's rounding. */
const TARGET_MAX_MEAN = 1.28;
/** Moves stay within this many days, so each subject keeps its pace and weekly shape. */
const REACH = 3;
const MAX_STEPS = 60;

export function evenLoad(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  capacity: ArrayLike<number>,
  /** Days checked: up to the last exam (or the end of the period). */
  horizon: number,
  movableBefore: ArrayLike<number>,
  /** Each subject's final-review day (-1: none); its sessions there stay. */
  keep: ArrayLike<number>,
  targets: ArrayLike<number>,
  L: number,
): void {
  const days = Math.min(horizon, owners.length);
  const used = new Float64Array(days);
  for (let d = 0; d < days; d++) {
    const own = owners[d] as Int16Array;
    for (let i = 0; i < own.length; i++)
      if ((own[i] as number) >= 0)
        used[d] = (used[d] as number) + (tplOf(d).places[i]?.len ?? 0) / 2;
  }
  const hours = hoursBySubject(tplOf, owners, targets.length);
  let goal = 0;
  let total = 0;
  for (let k = 0; k < targets.length; k++) {
    goal += targets[k] as number;
    total += hours[k] as number;
  }
  const cap = (d: number) => capacity[d] as number;
  for (let step = 0; step < MAX_STEPS; step++) {
    let n = 0;
    let sum = 0;
    let max = 0;
    for (let d = 0; d < days; d++) {
      if (cap(d) <= 1e-9) continue;
      const u = (used[d] as number) / cap(d);
      n++;
      sum += u;
      if (u > max) max = u;
    }
    if (n === 0 || sum <= 1e-9 || (max * n) / sum <= TARGET_MAX_MEAN) return;
    // The move that raises the summed utilisation most without raising the maximum.
    let best = 0;
    let from = -1;
    let src = -1;
    let to = -1;
    let dst = -1;
    for (let a = 0; a < days; a++) {
      const ownA = owners[a] as Int16Array;
      for (let i = 0; i < ownA.length; i++) {
        const k = ownA[i] as number;
        if (k < 0 || a === keep[k] || a >= (movableBefore[k] as number)) continue;
        const h = (tplOf(a).places[i]?.len ?? 0) / 2;
        const lim = Math.min(days, movableBefore[k] as number, a + REACH + 1);
        for (let b = Math.max(0, a - REACH); b < lim; b++) {
          if (b === a || cap(b) >= cap(a) || ((used[b] as number) + h) / cap(b) > max + 1e-9)
            continue;
          const gain = h / cap(b) - h / cap(a);
          if (gain <= best + 1e-9) continue;
          const ownB = owners[b] as Int16Array;
          if (ownB.includes(k) || !runsOk(ownB, k)) continue;
          const x = freePlace(tplOf(b), ownB, h * 2);
          if (x < 0) continue;
          best = gain;
          from = a;
          src = i;
          to = b;
          dst = x;
        }
      }
    }
    if (from >= 0) {
      const ownA = owners[from] as Int16Array;
      const ownB = owners[to] as Int16Array;
      const k = ownA[src] as number;
      const h = (tplOf(from).places[src]?.len ?? 0) / 2;
      ownA[src] = -1;
      ownB[dst] = k;
      if (shortPlacesOk(tplOf(from), ownA) && shortPlacesOk(tplOf(to), ownB)) {
        used[from] = (used[from] as number) - h;
        used[to] = (used[to] as number) + h;
        continue;
      }
      ownA[src] = k;
      ownB[dst] = -1;
      return;
    }
    if (!addShort(max)) return;
  }

  /**
   * Fills a free place shorter than a session on the day it raises most (a full day of its own),
   * for the subject furthest under its target, while the total stays within half a session of
   * the targets' sum.
   */
  function addShort(max: number): boolean {
    let bestGain = 0;
    let day = -1;
    let place = -1;
    let who = -1;
    for (let d = 0; d < days; d++) {
      if (cap(d) <= 1e-9) continue;
      const own = owners[d] as Int16Array;
      const places = tplOf(d).places;
      for (let i = 0; i < own.length; i++) {
        const len = places[i]?.len ?? 0;
        if (own[i] !== -1 || len >= L * 2) continue;
        const h = len / 2;
        if (total + h > goal + L / 2 + 1e-9 || ((used[d] as number) + h) / cap(d) > max + 1e-9)
          continue;
        const gain = h / cap(d);
        if (gain <= bestGain + 1e-9) continue;
        let k = -1;
        for (let j = 0; j < targets.length; j++) {
          if (d >= (movableBefore[j] as number) || own.includes(j) || !runsOk(own, j)) continue;
          const under = (targets[j] as number) - (hours[j] as number);
          if (under > 1e-9 && (k < 0 || under > (targets[k] as number) - (hours[k] as number)))
            k = j;
        }
        if (k < 0) continue;
        own[i] = k;
        const ok = shortPlacesOk(tplOf(d), own);
        own[i] = -1;
        if (!ok) continue;
        bestGain = gain;
        day = d;
        place = i;
        who = k;
      }
    }
    if (day < 0) return false;
    const h = (tplOf(day).places[place]?.len ?? 0) / 2;
    (owners[day] as Int16Array)[place] = who;
    used[day] = (used[day] as number) + h;
    hours[who] = (hours[who] as number) + h;
    total += h;
    return true;
  }
}
