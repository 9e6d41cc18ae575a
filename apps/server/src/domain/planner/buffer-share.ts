/**
 * Stage 10b (docs/planner.md, Buffer sharing): the buffer spread in proportion to the targets.
 * The passes before it place the buffer wherever a place was free, so one subject could end on
 * its bare need while another sat past its target: a High-priority subject, whose buffer is the
 * largest, lost it most often and ended under 1.2x its hours at Medium (Workload). Pure, no I/O.
 */
import type { CalendarWeeks } from '@studybuddy/contracts';
import type { DayTemplate } from './model.js';
import {
  gapExcess,
  hoursBySubject,
  runsOk,
  sessionsOn,
  steadyWeeksOk,
  studyDaysBySubject,
} from './repair.js';
import { f64, i16, i32, item, num, numLike } from './typed.js';

/** Tolerance on hours and shares (sums of half-hours). */
const EPS = 1e-9;

/** What the sharing reads and changes. */
export interface BufferShareInput {
  tplOf: (day: number) => DayTemplate;
  /** `owners[d][i]`: the subject of place i on day d (-1 when free); changed in place. */
  owners: Int16Array[];
  needs: Float64Array;
  targets: Float64Array;
  /** The first day a session of a subject may not be moved to or from. */
  movableBefore: Int32Array;
  /** Each subject's final-review day (-1: none): that session stays. */
  finalDay: ArrayLike<number>;
  /** 1 for a steady subject (no exam in the plan): its calendar weeks stay steady. */
  steady: ArrayLike<number>;
  calendar: CalendarWeeks;
}

/**
 * Hands sessions over, place for place on the same day (so no day, week or cap changes), from
 * the subject that holds the largest share of its target to the one that holds the smallest,
 * while the giver keeps its need and at least the taker's share afterwards. The taker gets the
 * day farthest from its own sessions; days stay interleavable, final reviews and the last week
 * before an exam stay as they are.
 */
export function shareBuffer(p: BufferShareInput): void {
  const { tplOf, owners, needs, targets, movableBefore, finalDay, steady, calendar } = p;
  const S = needs.length;
  const hours = hoursBySubject(tplOf, owners, S);
  // Each subject's study days, kept up to date as sessions change hands.
  const days = studyDaysBySubject(owners, S);
  const fill = (k: number, extra = 0) => (f64(hours, k) + extra) / Math.max(f64(targets, k), EPS);
  // Subjects that found no giver: not asked again.
  const settled = new Uint8Array(S);
  for (let moves = 0; moves < 4 * S; moves++) {
    let a = -1;
    for (let k = 0; k < S; k++)
      if (!settled[k] && f64(hours, k) < f64(targets, k) - EPS && (a < 0 || fill(k) < fill(a)))
        a = k;
    if (a < 0) return;
    if (!handOver(a, false) && !handOver(a, true)) settled[a] = 1;
  }

  /**
   * One session to subject a from the fullest subject that can give one; whether it moved. First
   * on a day without a; where none is found, on a day holding a already (`join`), fewer of its
   * sessions than its fullest day holds, so no day holds more of it than before: a High-priority
   * subject studied on every day of its window found no day without it and kept its bare need
   * beside subjects past their targets (seed 1,700 #215: A 34 h at High against 30 at Medium, C
   * and D 9 and 10 h of 8 needed).
   */
  function handOver(a: number, join: boolean): boolean {
    const givers = [...Array(S).keys()]
      .filter((b) => b !== a && fill(b) > fill(a) + EPS)
      .sort((x, y) => fill(y) - fill(x) || x - y);
    const studied = item(days, a);
    const takerBefore = gapExcess(studied);
    const gapTo = distances(studied, owners.length);
    const most = join ? mostOnADay(owners, a) : 0;
    for (const b of givers) {
      const given = item(days, b);
      const giverBefore = gapExcess(given);
      const until = Math.min(i32(movableBefore, a), i32(movableBefore, b), owners.length);
      // The cheap tests first, for every place; the costly ones (gaps, steady weeks) only in
      // order of preference until one passes.
      const candidates: Array<{ d: number; i: number; gap: number }> = [];
      for (let d = 0; d < until; d++) {
        const own = item(owners, d);
        if (d === numLike(finalDay, b)) continue;
        if (join ? sessionsOn(own, a) === 0 || sessionsOn(own, a) >= most : own.includes(a))
          continue;
        for (let i = 0; i < own.length; i++) {
          if (i16(own, i) !== b) continue;
          const h = (tplOf(d).places[i]?.len ?? 0) / 2;
          // The giver keeps its need and ends no emptier than the taker.
          if (f64(hours, b) - h < f64(needs, b) - EPS) continue;
          if (fill(b, -h) < fill(a, h) - EPS) continue;
          own[i] = a;
          const interleaves = runsOk(own, -1);
          own[i] = b;
          if (interleaves) candidates.push({ d, i, gap: f64(gapTo, d) });
        }
      }
      candidates.sort((x, y) => y.gap - x.gap || x.d - y.d);
      for (const { d, i } of candidates) {
        const own = item(owners, d);
        const h = (tplOf(d).places[i]?.len ?? 0) / 2;
        // Both subjects' sessions stay as regular as they were (M4b): a day taken away can
        // open a gap, and a day added can shorten the median gap.
        const left = own.indexOf(b) === own.lastIndexOf(b) ? given.filter((x) => x !== d) : given;
        if (gapExcess(left) > Math.max(0, giverBefore) + EPS) continue;
        const withD = join ? studied : [...studied, d].sort((x, y) => x - y);
        if (gapExcess(withD) > Math.max(0, takerBefore) + EPS) continue;
        if (steady[a] && !steadyWeeksOk(tplOf, owners, a, -1, d, h, calendar)) continue;
        if (steady[b] && !steadyWeeksOk(tplOf, owners, b, d, -1, h, calendar)) continue;
        own[i] = a;
        hours[a] = f64(hours, a) + h;
        hours[b] = f64(hours, b) - h;
        days[a] = withD;
        days[b] = left;
        return true;
      }
    }
    return false;
  }
}

/** For each day, the days to the nearest of `days` (sorted; all infinite when there are none). */
function distances(days: readonly number[], length: number): Float64Array {
  const out = new Float64Array(length).fill(Number.POSITIVE_INFINITY);
  let last = Number.NEGATIVE_INFINITY;
  let next = 0;
  for (let d = 0; d < length; d++) {
    while (next < days.length && num(days, next) < d) next++;
    if (next > 0) last = num(days, next - 1);
    const ahead = next < days.length ? num(days, next) - d : Number.POSITIVE_INFINITY;
    out[d] = Math.min(d - last, ahead);
  }
  return out;
}

/** The most sessions of subject k any day holds. */
function mostOnADay(owners: readonly Int16Array[], k: number): number {
  let most = 0;
  for (const own of owners) most = Math.max(most, sessionsOn(own, k));
  return most;
}
