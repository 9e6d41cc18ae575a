/**
 * A bounded repair pass over placed sessions (research note section 5): a subject whose longest
 * gap between study days exceeds max(7 days, twice its median gap) has one session moved into
 * that gap - to a free place of the same length, or swapped with another subject's session when
 * that subject's own gaps stay regular. Hours per subject never change, nor final reviews, the
 * last week before an exam, or one session per subject per day. Pure, deterministic.
 */
import type { DayTemplate } from './model.js';

/** Most moves in one plan, so the pass stays well inside the speed budget. */
const MAX_MOVES = 200;

interface Gaps {
  /** Distinct study days, ascending. */
  days: number[];
  /** Sessions per study day. */
  count: Map<number, number>;
  limit: number;
}

function gapsOf(own: readonly Int16Array[], k: number, days: readonly number[]): Gaps {
  const count = new Map<number, number>();
  for (const d of days) {
    let c = 0;
    for (const o of own[d] as Int16Array) if (o === k) c++;
    if (c > 0) count.set(d, c);
  }
  const list = [...count.keys()];
  const gaps = list.slice(1).map((d, i) => d - (list[i] as number));
  const sorted = [...gaps].sort((a, b) => a - b);
  const median = sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : 0;
  return { days: list, count, limit: Math.max(7, 2 * median) };
}

/** Longest gap of a day list, or 0. */
function maxGap(days: readonly number[]): number {
  let g = 0;
  for (let i = 1; i < days.length; i++)
    g = Math.max(g, (days[i] as number) - (days[i - 1] as number));
  return g;
}

/** The study days of `g` after moving one session from day `from` to day `to`. */
function moved(g: Gaps, from: number, to: number): number[] {
  const out = g.days.filter((d) => d !== from || (g.count.get(d) as number) > 1);
  out.push(to);
  return out.sort((a, b) => a - b);
}

/**
 * Moves sessions into over-long gaps. `owners[d][i]` is the subject of place i on day d (-1 when
 * free); `movableBefore[k]` is the first day a session of k may not be moved to or from (its final
 * review, the last week before its exam, or its window's end).
 */
export function repairGaps(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  movableBefore: readonly number[],
): void {
  const S = movableBefore.length;
  const studyDays: number[][] = Array.from({ length: S }, () => []);
  const refresh = (k: number) => {
    const list: number[] = [];
    owners.forEach((own, d) => {
      if (own.includes(k)) list.push(d);
    });
    studyDays[k] = list;
  };
  for (let k = 0; k < S; k++) refresh(k);
  const has = (d: number, k: number) => (owners[d] as Int16Array).includes(k);
  let moves = 0;
  for (let pass = 0; pass < 3 && moves < MAX_MOVES; pass++) {
    let changed = false;
    for (let k = 0; k < S && moves < MAX_MOVES; k++) {
      const g = gapsOf(owners, k, studyDays[k] as number[]);
      if (g.days.length < 3 || maxGap(g.days) <= g.limit) continue;
      let sessions = 0;
      for (const c of g.count.values()) sessions += c;
      if (sessions < 4) continue;
      let at = 1;
      for (let i = 1; i < g.days.length; i++)
        if ((g.days[i] as number) - (g.days[i - 1] as number) > g.limit) {
          at = i;
          break;
        }
      const a = g.days[at - 1] as number;
      const b = g.days[at] as number;
      const lim = movableBefore[k] as number;
      // Targets nearest the middle of the gap first.
      const mid = (a + b) / 2;
      const targets: number[] = [];
      for (let t = a + 1; t < b && t < lim; t++) targets.push(t);
      targets.sort((x, y) => Math.abs(x - mid) - Math.abs(y - mid) || x - y);
      let done = false;
      for (const from of [a, b]) {
        if (from >= lim || done) continue;
        for (const t of targets) {
          if (has(t, k)) continue;
          const after = moved(g, from, t);
          if (maxGap(after) > g.limit && maxGap(after) >= maxGap(g.days)) continue;
          const tplFrom = tplOf(from);
          const ownFrom = owners[from] as Int16Array;
          let src = -1;
          for (let i = 0; i < ownFrom.length; i++) if (ownFrom[i] === k) src = i;
          if (src < 0) continue;
          const len = tplFrom.places[src]?.len ?? 0;
          const ownT = owners[t] as Int16Array;
          const tplT = tplOf(t);
          let dst = -1;
          for (let i = 0; i < ownT.length && dst < 0; i++)
            if (ownT[i] === -1 && (tplT.places[i]?.len ?? 0) === len) dst = i;
          if (dst >= 0) {
            ownFrom[src] = -1;
            ownT[dst] = k;
          } else {
            // Swap with a subject j on day t whose gaps stay regular with its session on `from`.
            for (let i = 0; i < ownT.length && dst < 0; i++) {
              const j = ownT[i] as number;
              if (j < 0 || j === k || (tplT.places[i]?.len ?? 0) !== len || has(from, j)) continue;
              const lj = movableBefore[j] as number;
              if (t >= lj || from >= lj) continue;
              const gj = gapsOf(owners, j, studyDays[j] as number[]);
              const afterJ = moved(gj, t, from);
              if (maxGap(afterJ) > Math.max(gj.limit, maxGap(gj.days))) continue;
              dst = i;
              ownT[i] = k;
              ownFrom[src] = j;
              refresh(j);
            }
          }
          if (dst < 0) continue;
          refresh(k);
          moves++;
          changed = true;
          done = true;
          break;
        }
      }
    }
    if (!changed) break;
  }
}
