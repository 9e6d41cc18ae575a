/**
 * The passes that run after the day-by-day placing: moving sessions into over-long gaps, topping
 * up subjects short of their need or target, handing rounding excess to a subject still short,
 * balancing the plan's total and clearing days that cannot be interleaved (the cramming repair
 * is in cramming-repair.ts). Every pass keeps the day's places valid (M1), touches no
 * final review, and is bounded and deterministic.
 */
import { type CalendarWeeks, calendarWeeks, weekIndexOf } from '@studybuddy/contracts';
import { LAST_WEEK_DAYS, m8LimitsPassed } from './anti-cramming.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { addTo, f64, i16, i32, item, num, numLike } from './typed.js';

/** The weekly cap's room (`WeekCap` in week-cap.ts; docs/planner.md, Workload). */
export interface LoadRoom {
  fits(day: number, hours: number): boolean;
  add(day: number, hours: number): void;
}

/**
 * A day's use of its places is valid: a shorter place (the day's hours ran out mid-session) is
 * used only when every full-length place of the day is used too (M1).
 */
export function shortPlacesOk(tpl: DayTemplate, own: Int16Array): boolean {
  let full = 0;
  for (const p of tpl.places) full = Math.max(full, p.len);
  let freeFull = false;
  let usedShort = false;
  tpl.places.forEach((p, i) => {
    if (p.len === full && own[i] === -1) freeFull = true;
    if (p.len < full && own[i] !== -1) usedShort = true;
  });
  return !(freeFull && usedShort);
}

/**
 * A day of `total` sessions, the busiest subject holding `most` of them, among `distinct`
 * subjects, can be ordered without three of one subject in a row (M6): the busiest subject holds
 * at most twice the others' sessions plus two. A day of one subject only is fine (nothing to
 * interleave), and so is a day of fewer than three sessions.
 */
export function interleavable(total: number, most: number, distinct: number): boolean {
  return distinct < 2 || total < 3 || most <= 2 * (total - most + 1);
}

/** Whether the day stays interleavable once subject k has one more session there (k = -1: as it is). */
export function runsOk(own: Int16Array, k: number): boolean {
  // Allocation-free: the repairs call it for many candidate days.
  let total = k >= 0 ? 1 : 0;
  for (let i = 0; i < own.length; i++) if (i16(own, i) >= 0) total++;
  if (total < 3) return true;
  let most = 0;
  let distinct = 0;
  for (let i = -1; i < own.length; i++) {
    const j = i < 0 ? k : i16(own, i);
    if (j < 0) continue;
    let seen = false;
    for (let x = 0; x < i && !seen; x++) if (own[x] === j) seen = true;
    if (i >= 0 && j === k) seen = true;
    if (seen) continue;
    distinct++;
    let c = j === k ? 1 : 0;
    for (let x = 0; x < own.length; x++) if (own[x] === j) c++;
    if (c > most) most = c;
  }
  return interleavable(total, most, distinct);
}

/** The first free place of exactly `len` half-hours on the day, or -1. */
export function freePlace(tpl: DayTemplate, own: Int16Array, len: number): number {
  for (let i = 0; i < own.length; i++) if (own[i] === -1 && tpl.places[i]?.len === len) return i;
  return -1;
}

/**
 * The day's first free place of exactly `len` half-hours when a session of k there keeps the
 * day's places valid (M1: a shorter place only with the full ones), or -1. Judged before the
 * move, so a pass picks a valid move over one that would fail when made.
 */
export function validFreePlace(tpl: DayTemplate, own: Int16Array, len: number, k: number): number {
  const i = freePlace(tpl, own, len);
  if (i < 0) return -1;
  own[i] = k;
  const ok = shortPlacesOk(tpl, own);
  own[i] = -1;
  return ok ? i : -1;
}

/**
 * The place of subject k's final review on its day (-1: none): the last place of the review's
 * length (`len`, half-hours) k holds there, as the repairs read a review that shares its day.
 */
export function reviewPlaceOn(tpl: DayTemplate, own: Int16Array, k: number, len: number): number {
  let at = -1;
  for (let i = 0; i < own.length; i++)
    if (own[i] === k && (tpl.places[i]?.len ?? 0) === len) at = i;
  return at;
}

/** How many sessions of subject k the day holds. */
export function sessionsOn(own: Int16Array, k: number): number {
  let n = 0;
  for (let i = 0; i < own.length; i++) if (own[i] === k) n++;
  return n;
}

/** Hours each subject holds in the plan. */
export function hoursBySubject(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  S: number,
): Float64Array {
  const hours = new Float64Array(S);
  owners.forEach((own, d) => {
    const places = tplOf(d).places;
    for (let i = 0; i < own.length; i++) {
      const k = i16(own, i);
      if (k >= 0) addTo(hours, k, (places[i]?.len ?? 0) / 2);
    }
  });
  return hours;
}

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
    for (const o of item(own, d)) if (o === k) c++;
    if (c > 0) count.set(d, c);
  }
  const list = [...count.keys()];
  const gaps = list.slice(1).map((d, i) => d - num(list, i));
  const sorted = [...gaps].sort((a, b) => a - b);
  const median = sorted.length ? num(sorted, Math.floor((sorted.length - 1) / 2)) : 0;
  return { days: list, count, limit: Math.max(7, 2 * median) };
}

/** The regular gap M4b always allows, in days: a week between study days is regular. */
export const REGULAR_GAP_DAYS = 7;

/**
 * How far the longest gap between sorted study days stands over max(7, twice the median gap),
 * M4b's rule of regular gaps: 0 or less when regular (and with fewer than 3 days).
 */
export function gapExcess(days: readonly number[]): number {
  if (days.length < 3) return 0;
  const gaps = days.slice(1).map((d, i) => d - num(days, i));
  const sorted = [...gaps].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 ? num(sorted, mid) : (num(sorted, mid - 1) + num(sorted, mid)) / 2;
  return Math.max(...gaps) - Math.max(REGULAR_GAP_DAYS, 2 * median);
}

/**
 * Subject k's half-hours on the days before `end` (all of them by default), and of those in the
 * first half of its window, the days d with 2d < W (M10's halves).
 */
export function halfHours(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  W: number,
  end = owners.length,
): { first: number; all: number } {
  let first = 0;
  let all = 0;
  for (let d = 0; d < end; d++) {
    const own = item(owners, d);
    const places = tplOf(d).places;
    for (let i = 0; i < own.length; i++) {
      if (own[i] !== k) continue;
      const h = places[i]?.len ?? 0;
      all += h;
      if (2 * d < W) first += h;
    }
  }
  return { first, all };
}

/** Each subject's study days (days holding a session of it), ascending, in one pass. */
export function studyDaysBySubject(owners: readonly Int16Array[], S: number): number[][] {
  const days: number[][] = Array.from({ length: S }, () => []);
  owners.forEach((own, d) => {
    for (let i = 0; i < own.length; i++) {
      const k = i16(own, i);
      if (k < 0) continue;
      const list = item(days, k);
      if (list[list.length - 1] !== d) list.push(d);
    }
  });
  return days;
}

/** Longest gap of a day list, or 0. */
export function maxGap(days: readonly number[]): number {
  let g = 0;
  for (let i = 1; i < days.length; i++) g = Math.max(g, num(days, i) - num(days, i - 1));
  return g;
}

/** The study days of `g` after moving one session from day `from` to day `to`. */
function moved(g: Gaps, from: number, to: number): number[] {
  // Every day of g.days is a key of g.count; the default is never read.
  const out = g.days.filter((d) => d !== from || (g.count.get(d) ?? 0) > 1);
  out.push(to);
  return out.sort((a, b) => a - b);
}

/**
 * Whether moving h hours of steady subject k from day `from` to day `to` keeps its calendar weeks
 * (7-day blocks from the period start, weeks with places) steady: no week over twice the median
 * week, or no worse than before (docs/planner.md, Workload; the steady-week check). `from` = -1
 * asks about adding h hours on day `to`.
 */
export function steadyWeeksOk(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  from: number,
  to: number,
  h: number,
  /** The plan's calendar weeks (study week); by default weeks from the period's first day. */
  calendar: CalendarWeeks = calendarWeeks(0, owners.length),
): boolean {
  const wf = weekIndexOf(calendar, from);
  const wt = weekIndexOf(calendar, to);
  if (wf === wt) return true;
  const weeks = weekHours(tplOf, owners, k, calendar);
  const before = weekRatio(weeks);
  addToWeek(weeks, wf, -h);
  addToWeek(weeks, wt, h);
  const after = weekRatio(weeks);
  return after <= 2 + 1e-9 || after <= before + 1e-9;
}

/** Hours of subject k in each calendar week (NaN: a week without places). */
export function weekHours(
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  k: number,
  calendar: CalendarWeeks,
): number[] {
  const weeks: number[] = [];
  for (let a = calendar.first; a + 7 <= owners.length; a += 7) {
    let x = 0;
    let open = false;
    for (let d = a; d < a + 7; d++) {
      const own = item(owners, d);
      const places = tplOf(d).places;
      if (places.length > 0) open = true;
      for (let i = 0; i < own.length; i++) if (own[i] === k) x += (places[i]?.len ?? 0) / 2;
    }
    weeks.push(open ? x : Number.NaN);
  }
  return weeks;
}

/** The heaviest week over the median week, of the weeks with places (0: fewer than two). */
export function weekRatio(weeks: readonly number[]): number {
  const w = weeks.filter((x) => !Number.isNaN(x)).sort((p, q) => p - q);
  if (w.length < 2) return 0;
  const mid = w.length >> 1;
  const median = w.length % 2 ? num(w, mid) : (num(w, mid - 1) + num(w, mid)) / 2;
  return median > 1e-9 ? num(w, w.length - 1) / median : Number.POSITIVE_INFINITY;
}

/**
 * Adds h hours to week w of `weeks`, unless w is none of them (NaN: the day lies outside the
 * calendar weeks) or the week has no places (NaN hours).
 */
export function addToWeek(weeks: number[], w: number, h: number): void {
  if (!(w < weeks.length)) return;
  const x = num(weeks, w);
  if (!Number.isNaN(x)) weeks[w] = x + h;
}

/**
 * Moves sessions into over-long gaps. `owners[d][i]` is the subject of place i on day d (-1 when
 * free); `movableBefore[k]` is the first day a session of k may not be moved to or from (its final
 * review, the last week before its exam, or its window's end).
 */
export function repairGaps(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  movableBefore: ArrayLike<number>,
  /**
   * 1 for a steady subject (no exam in the plan): a move must not leave one of its calendar
   * weeks over twice its median week (docs/planner.md, Workload).
   */
  steady?: ArrayLike<number>,
  calendar?: CalendarWeeks,
): void {
  const S = movableBefore.length;
  const steadyOk = (k: number, from: number, to: number, h: number) =>
    !steady?.[k] || steadyWeeksOk(tplOf, owners, k, from, to, h, calendar);
  const studyDays = studyDaysBySubject(owners, S);
  const refresh = (k: number) => {
    const list: number[] = [];
    owners.forEach((own, d) => {
      if (own.includes(k)) list.push(d);
    });
    studyDays[k] = list;
  };
  const has = (d: number, k: number) => item(owners, d).includes(k);
  let moves = 0;
  for (let pass = 0; pass < 3 && moves < MAX_MOVES; pass++) {
    let changed = false;
    for (let k = 0; k < S && moves < MAX_MOVES; k++) {
      // Gaps of a week or less are regular whatever the median: the cheap check first.
      if (maxGap(item(studyDays, k)) <= 7) continue;
      const g = gapsOf(owners, k, item(studyDays, k));
      if (g.days.length < 3 || maxGap(g.days) <= g.limit) continue;
      let sessions = 0;
      for (const c of g.count.values()) sessions += c;
      if (sessions < 4) continue;
      let at = 1;
      for (let i = 1; i < g.days.length; i++)
        if (num(g.days, i) - num(g.days, i - 1) > g.limit) {
          at = i;
          break;
        }
      const a = num(g.days, at - 1);
      const b = num(g.days, at);
      const lim = numLike(movableBefore, k);
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
          const ownFrom = item(owners, from);
          let src = -1;
          for (let i = 0; i < ownFrom.length; i++) if (ownFrom[i] === k) src = i;
          if (src < 0) continue;
          const len = tplFrom.places[src]?.len ?? 0;
          const ownT = item(owners, t);
          const tplT = tplOf(t);
          if (!runsOk(ownT, k) || !steadyOk(k, from, t, len / 2)) continue;
          let dst = freePlace(tplT, ownT, len);
          if (dst >= 0) {
            ownFrom[src] = -1;
            ownT[dst] = k;
            if (!shortPlacesOk(tplFrom, ownFrom) || !shortPlacesOk(tplT, ownT)) {
              ownFrom[src] = k;
              ownT[dst] = -1;
              continue;
            }
          } else {
            // Swap with a subject j on day t whose gaps stay regular with its session on `from`.
            for (let i = 0; i < ownT.length && dst < 0; i++) {
              const j = i16(ownT, i);
              if (j < 0 || j === k || (tplT.places[i]?.len ?? 0) !== len || has(from, j)) continue;
              const lj = numLike(movableBefore, j);
              if (t >= lj || from >= lj || !steadyOk(j, t, from, len / 2)) continue;
              ownFrom[src] = -1;
              const fits = runsOk(ownFrom, j);
              ownFrom[src] = k;
              if (!fits) continue;
              const gj = gapsOf(owners, j, item(studyDays, j));
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

/**
 * Gives free places to subjects still short of hours (their need, when the EDF guard's rounding
 * or a place no one could take that day left them short), in `order` (earliest exam first): the
 * free place before `movableBefore[k]` on a day without a session of k that lies farthest from
 * k's other sessions. Returns the hours added per subject.
 */
export function topUp(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  movableBefore: Int32Array,
  short: Float64Array,
  order: readonly number[],
  /** Rounding: stop once less than this share of a place is missing (0: any shortfall). */
  round = 0,
  /**
   * Where the subject should be by the end of each day (its pace curve, in hours): when given,
   * the place goes to the day on which the subject is furthest behind it, so the plan keeps its
   * shape; otherwise to the day farthest from the subject's other sessions.
   */
  paceOf?: (k: number, day: number) => number,
  /** When no day without the subject has room, a second session on a day is allowed. */
  sameDay = false,
  /** When given, a place is taken only where the weekly cap has room (docs/planner.md, Workload). */
  cap?: LoadRoom,
  /** When given, a place is taken only on a day it accepts (subject, day, hours). */
  accept?: (k: number, day: number, hours: number) => boolean,
): number[] {
  const added = Array.from(short, () => 0);
  for (const k of order) {
    let left = f64(short, k);
    if (left <= 1e-9) continue;
    let allowSame = false;
    // Days k studies, and each day's distance to the nearest of them (two sweeps, not a scan of
    // the study days for every candidate day).
    const studies = new Uint8Array(owners.length);
    for (let d = 0; d < owners.length; d++) if (item(owners, d).includes(k)) studies[d] = 1;
    const near = new Float64Array(owners.length);
    while (left > 1e-9) {
      const lim = Math.min(i32(movableBefore, k), owners.length);
      if (!paceOf) {
        let last = Number.NEGATIVE_INFINITY;
        for (let d = 0; d < owners.length; d++) {
          if (studies[d]) last = d;
          near[d] = d - last;
        }
        let next = Number.POSITIVE_INFINITY;
        for (let d = owners.length - 1; d >= 0; d--) {
          if (studies[d]) next = d;
          near[d] = Math.min(f64(near, d), next - d);
        }
      }
      let bestDay = -1;
      let bestPlace = -1;
      let bestDist = Number.NEGATIVE_INFINITY;
      let had = 0;
      for (let d = 0; d < lim; d++) {
        const before = had;
        const own = item(owners, d);
        for (let i = 0; i < own.length; i++)
          if (own[i] === k) had += (tplOf(d).places[i]?.len ?? 0) / 2;
        if ((!allowSame && own.includes(k)) || !runsOk(own, k)) continue;
        // The longest free place: a shorter one only once the full ones are taken (M1).
        let free = -1;
        const places = tplOf(d).places;
        for (let i = 0; i < own.length; i++)
          if (own[i] === -1 && (free < 0 || (places[i]?.len ?? 0) > (places[free]?.len ?? 0)))
            free = i;
        if (free < 0) continue;
        if (cap && !cap.fits(d, (places[free]?.len ?? 0) / 2)) continue;
        if (accept && !accept(k, d, (places[free]?.len ?? 0) / 2)) continue;
        const dist = paceOf ? paceOf(k, d) - before : f64(near, d);
        if (dist > bestDist) {
          bestDist = dist;
          bestDay = d;
          bestPlace = free;
        }
      }
      if (bestDay < 0) {
        if (!sameDay || allowSame) break;
        allowSame = true;
        continue;
      }
      const h = (tplOf(bestDay).places[bestPlace]?.len ?? 0) / 2;
      // Rounded to whole sessions: a shorter place does not lower the bar (0.6 h missing of a
      // 2-h plan is no session, even where a 1-h place is free).
      let full = 0;
      for (const place of tplOf(bestDay).places) full = Math.max(full, place.len / 2);
      if (left < round * full - 1e-9) break;
      item(owners, bestDay)[bestPlace] = k;
      cap?.add(bestDay, h);
      studies[bestDay] = 1;
      added[k] = num(added, k) + h;
      left -= h;
    }
  }
  return added;
}

/**
 * When the plan cannot hold every need, a session that takes a subject past its need (rounding:
 * its last session was longer than what it still lacked) goes to a subject still short of its
 * need on that day, when that delivers more of the needs in total (M3). Final reviews,
 * days past the other subject's window and second sessions of a day are left alone.
 */
export function rebalanceNeeds(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  needs: Float64Array,
  windowEnd: Int32Array,
  keep: ArrayLike<number>,
  /** Subjects that may receive sessions. */
  takes: ArrayLike<boolean>,
): void {
  const S = needs.length;
  const hours = hoursBySubject(tplOf, owners, S);
  let anyShort = false;
  for (let k = 0; k < S; k++) if (takes[k] && f64(hours, k) < f64(needs, k) - 1e-9) anyShort = true;
  if (!anyShort) return;
  for (let d = owners.length - 1; d >= 0; d--) {
    const own = item(owners, d);
    for (let i = 0; i < own.length; i++) {
      const k = i16(own, i);
      if (k < 0 || d === keep[k]) continue;
      const h = (tplOf(d).places[i]?.len ?? 0) / 2;
      const loss = Math.max(0, f64(needs, k) - (f64(hours, k) - h));
      let best = -1;
      let gain = loss + 1e-9;
      for (let j = 0; j < S; j++) {
        if (j === k || d >= i32(windowEnd, j) || own.includes(j) || !takes[j]) continue;
        own[i] = -1;
        const fits = runsOk(own, j);
        own[i] = k;
        if (!fits) continue;
        const g = Math.min(h, f64(needs, j) - f64(hours, j));
        if (g > gain) {
          best = j;
          gain = g;
        }
      }
      if (best < 0) continue;
      own[i] = best;
      hours[k] = f64(hours, k) - h;
      addTo(hours, best, h);
    }
  }
  // A subject short of its need by less than a session, holding a shorter place on a day where
  // a subject over its need holds a full one: they trade places (same day, same sessions).
  for (let d = 0; d < owners.length; d++) {
    const own = item(owners, d);
    const places = tplOf(d).places;
    for (let x = 0; x < own.length; x++) {
      const j = i16(own, x);
      if (j < 0 || d === keep[j] || f64(hours, j) >= f64(needs, j) - 1e-9) continue;
      for (let i = 0; i < own.length; i++) {
        const k = i16(own, i);
        if (k < 0 || k === j || d === keep[k]) continue;
        const more = ((places[i]?.len ?? 0) - (places[x]?.len ?? 0)) / 2;
        if (more <= 1e-9 || f64(hours, k) - more < f64(needs, k) - 1e-9) continue;
        own[i] = j;
        own[x] = k;
        addTo(hours, j, more);
        hours[k] = f64(hours, k) - more;
        break;
      }
    }
  }
}

/**
 * Days where one subject holds so many sessions (the EDF guard forced them) that no order avoids
 * three in a row: the other subjects' sessions there move to another day of their window (a free
 * place of the same length, on a day without them), leaving that day to the one subject (M6).
 * When no such place is free, such a session trades places with one of the busy subject's
 * sessions on another day; a final review may trade within the 3 days before its exam (its day
 * in `finalDay` follows it).
 */
export function repairRuns(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  movableBefore: ArrayLike<number>,
  finalDay: number[],
  finalLen: ArrayLike<number>,
  /** Exam day offset of each subject (NaN: none in the plan). */
  exam: ArrayLike<number>,
): void {
  owners.forEach((own, d) => {
    for (let guard = 0; guard < own.length; guard++) {
      if (runsOk(own, -1)) return;
      // The busiest subject (the first seen among equals); no Map per day, this runs every day.
      let top = -1;
      let most = 0;
      for (let i = 0; i < own.length; i++) {
        const j = i16(own, i);
        if (j < 0 || own.indexOf(j) < i) continue;
        let c = 0;
        for (let x = i; x < own.length; x++) if (own[x] === j) c++;
        if (c > most) {
          most = c;
          top = j;
        }
      }
      // Move one session of another subject away.
      let moved = false;
      for (let i = 0; i < own.length && !moved; i++) {
        const j = i16(own, i);
        if (j < 0 || j === top) continue;
        const limit = numLike(movableBefore, j);
        if (d >= limit) continue;
        const len = tplOf(d).places[i]?.len ?? 0;
        for (let t = 0; t < limit && !moved; t++) {
          const ownT = item(owners, t);
          if (t === d || ownT.includes(j) || !runsOk(ownT, j)) continue;
          const x = freePlace(tplOf(t), ownT, len);
          if (x < 0) continue;
          ownT[x] = j;
          own[i] = -1;
          if (shortPlacesOk(tplOf(t), ownT) && shortPlacesOk(tplOf(d), own)) moved = true;
          else {
            ownT[x] = -1;
            own[i] = j;
          }
        }
      }
      if (!moved) moved = trade(d, top);
      if (!moved) moved = mixIn(d, top);
      if (!moved) return;
    }
  });

  /** Whether k's session at place i of day d is its final review. */
  function isFinal(k: number, d: number, i: number): boolean {
    return finalDay[k] === d && (tplOf(d).places[i]?.len ?? 0) === finalLen[k];
  }

  /**
   * Whether k's session may move from day `from` to day `to`: both before k's movable limit, or,
   * for a subject with an exam, both before its final review (and exam) with `to` in no later
   * part of its last days than `from` (M8: its last week, its last 3 days): trading within its
   * last week leaves its cramming as it was.
   */
  function mayMove(k: number, from: number, to: number): boolean {
    const limit = numLike(movableBefore, k);
    if (from < limit && to < limit) return true;
    const D = numLike(exam, k);
    if (!(D >= CRAM_MIN_WINDOW)) return false;
    const review = finalDay[k] ?? -1;
    const end = review >= 0 ? review : D;
    if (from >= end || to >= end) return false;
    const part = (day: number) => (day >= D - CRAM_DAYS ? 2 : day >= D - LAST_WEEK_DAYS ? 1 : 0);
    return part(to) <= part(from);
  }

  /** Trades a session of another subject on day d with one of `top`'s elsewhere. */
  function trade(d: number, top: number): boolean {
    const own = item(owners, d);
    for (let i = 0; i < own.length; i++) {
      const j = i16(own, i);
      if (j < 0 || j === top) continue;
      const fin = isFinal(j, d, i);
      const D = numLike(exam, j);
      const lo = fin ? Math.max(0, D - 3) : 0;
      const hi = fin ? D : Math.max(numLike(movableBefore, j), D >= CRAM_MIN_WINDOW ? D : 0);
      const len = tplOf(d).places[i]?.len ?? 0;
      for (let t = lo; t < Math.min(hi, owners.length); t++) {
        const ownT = item(owners, t);
        if (t === d || ownT.includes(j) || (!fin && !mayMove(j, d, t))) continue;
        // top's session may come to d only if that does not move it later into its last days.
        if (!mayMove(top, t, d)) continue;
        for (let x = 0; x < ownT.length; x++) {
          if (ownT[x] !== top || isFinal(top, t, x) || (tplOf(t).places[x]?.len ?? 0) !== len)
            continue;
          ownT[x] = j;
          own[i] = top;
          if (runsOk(own, -1) && runsOk(ownT, -1)) {
            if (fin) finalDay[j] = t;
            return true;
          }
          ownT[x] = top;
          own[i] = j;
        }
      }
    }
    return false;
  }

  /**
   * The other way round, when no other subject can leave day d: a few of `top`'s sessions there
   * trade places with as many sessions of another subject j on another day t (same lengths), so
   * both days end with a mix that interleaves. Two subjects due in the same few days (one 6-0
   * day and one 5-1 day) become 4-2 and 3-3.
   */
  function mixIn(d: number, top: number): boolean {
    const own = item(owners, d);
    const tops: number[] = [];
    for (let i = 0; i < own.length; i++) if (own[i] === top && !isFinal(top, d, i)) tops.push(i);
    for (let t = 0; t < owners.length; t++) {
      const ownT = item(owners, t);
      if (t === d || !mayMove(top, d, t)) continue;
      for (let j = 0; j < finalDay.length; j++) {
        if (j === top || !mayMove(j, t, d)) continue;
        // Pair top's places on d with j's on t of the same length, one more pair at a time,
        // until both days interleave (or the pairs run out: then nothing changes).
        const swaps: Array<[number, number]> = [];
        for (const i of tops) {
          const len = tplOf(d).places[i]?.len ?? 0;
          const x = ownT.findIndex(
            (o, y) =>
              o === j &&
              !isFinal(j, t, y) &&
              (tplOf(t).places[y]?.len ?? 0) === len &&
              !swaps.some(([, z]) => z === y),
          );
          if (x < 0) continue;
          own[i] = j;
          ownT[x] = top;
          swaps.push([i, x]);
          if (runsOk(own, -1) && runsOk(ownT, -1)) return true;
        }
        for (const [i, x] of swaps) {
          own[i] = top;
          ownT[x] = j;
        }
      }
    }
    return false;
  }
}

/**
 * Days on either side of a day whose one free full place, filled by another subject's session
 * from there, lets total balancing use the day's shorter place (seed 223,306 #918: the next day).
 */
const FILL_REACH = 3;

/**
 * Days on either side of a session that total balancing's grow and hand-over look for a free
 * place to move it to: two weeks reach past a rolling 7-day window at the cap and the next one
 * (seed 99 #812: 11 days from A's window to room in C's), and bound the search (Speed).
 */
const MOVE_REACH = 14;

/** Slack in comparing hours summed from half-hours. */
const EPS = 1e-9;

/**
 * The share of its hours front-loading moves into a subject's first half beyond its plain pace
 * (M10): a subject over its reference by more may hand a session of its first half to a subject
 * under its target and take a place in its second half (`balanceTotal`'s hand-over).
 */
export const FRONT_GAIN = 0.1;

/**
 * Brings the plan's total hours to within half a session of the sum of the targets, so a plan
 * has the same size with front-loading on or off (M10): adds a session to the subject
 * furthest under its target, or removes the last non-final session of the one furthest over
 * (never below its need). Returns without change when no such move exists.
 */
export function balanceTotal(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  movableBefore: Int32Array,
  targets: Float64Array,
  needs: Float64Array,
  keep: ArrayLike<number>,
  L: number,
  /** The weekly cap: sessions are added only where it has room (docs/planner.md, Workload). */
  cap?: LoadRoom,
  /** Subjects without an exam keep steady weeks: none over twice its median (Workload). */
  steady?: ArrayLike<number>,
  calendar?: CalendarWeeks,
  /** Each subject's exam day (0: no exam in the plan), where its M8 limits are counted. */
  examEnd?: ArrayLike<number>,
  /**
   * Front-loading on: a session grows only into an earlier day. A later one, even in the same
   * half, took the room under the weekly cap that the front shift moves the late sessions into
   * (seed 3,141,592 #297: a 1-h session of day 4 grown into day 5 kept days 2 and 9 free of A,
   * 8 h of 20 in the first half against 10 off).
   */
  frontLoad = false,
  /**
   * The most hours the plan may reach, when under the sum of the targets: after the weekly cap
   * repair, the plan's total before it (the hours it took back are given back, no more).
   */
  most = Number.POSITIVE_INFINITY,
  /**
   * Front-loading on: each subject's reference first-half share (its plain pace; NaN: none). A
   * subject that keeps FRONT_GAIN over it may hand a session of its first half over into its
   * second half (`handOver`).
   */
  refFirst?: ArrayLike<number>,
): void {
  const S = targets.length;
  // An added session goes to no week that would stand over twice the subject's median week.
  const steadyDay = (k: number, day: number, h: number) =>
    !steady?.[k] || steadyWeeksOk(tplOf, owners, k, -1, day, h, calendar);
  // In a subject's last week, only where its M8 limits (its last week, its last 3 days) hold
  // with the session too.
  const withinM8 = (k: number, day: number, h: number) => {
    const W = numLike(examEnd ?? [], k);
    if (!(W > 0) || day < i32(movableBefore, k)) return steadyDay(k, day, h);
    const after = m8LimitsPassed(tplOf, owners, k, W, L, { day, hours: h });
    return !after.over7 && !after.over3 && steadyDay(k, day, h);
  };
  const hours = hoursBySubject(tplOf, owners, S);
  let goal = 0;
  let total = 0;
  for (let k = 0; k < S; k++) {
    goal += f64(targets, k);
    total += f64(hours, k);
  }
  goal = Math.min(goal, most);
  // Given back after the weekly cap repair (`most` set), a session goes only to a subject at
  // least half a session under its target: the targets are rounded to the nearest session, and
  // a subject a token under its target took a whole session past it. At Low priority a subject
  // then ended over its hours at Medium, whose plan the cap left no room (seed 8,192 #289: 13.5 h
  // at Low against a target of 12.1, 12.5 h at Medium; Workload, Low never over Medium).
  const slack = Number.isFinite(most) ? L / 2 - EPS : 0;
  /** Whether subject k stands under its target (by half a session when giving back). */
  const under = (k: number) => f64(hours, k) + slack < f64(targets, k);
  const byGap = (sign: number) =>
    [...Array(S).keys()].sort(
      (a, b) =>
        sign * (f64(targets, b) - f64(hours, b)) - sign * (f64(targets, a) - f64(hours, a)) ||
        a - b,
    );
  // One session for one subject: topUp with a token shortfall.
  const one = new Float64Array(S);
  /** One session for the subject furthest under its target that can take one; whether any did. */
  const addOne = (
    sameDay: boolean,
    limit: Int32Array = movableBefore,
    accept: (k: number, day: number, h: number) => boolean = steadyDay,
  ): boolean => {
    for (const k of byGap(1)) {
      if (!under(k)) break;
      one.fill(0);
      one[k] = 1e-6;
      const added = topUp(tplOf, owners, limit, one, [k], 0, undefined, sameDay, cap, accept);
      const got = num(added, k);
      if (got > 0) {
        addTo(hours, k, got);
        total += got;
        return true;
      }
    }
    return false;
  };
  /**
   * One session in a day's shorter place for the subject furthest under its target that can take
   * one, once a session of another subject moves into the day's one free full place from a day
   * within `FILL_REACH` (a shorter place is used only with every full one, M1); every window
   * stays under the cap with both. Whether any did.
   */
  const fillThenAdd = (sameDay: boolean): boolean => {
    for (const k of byGap(1)) {
      if (!under(k)) break;
      const lim = Math.min(i32(movableBefore, k), owners.length);
      for (let d = 0; d < lim; d++) {
        const own = item(owners, d);
        if (d === keep[k] || (!sameDay && own.includes(k))) continue;
        const places = tplOf(d).places;
        let full = 0;
        for (const p of places) full = Math.max(full, p.len);
        let freeFull = -1;
        let freeFulls = 0;
        let freeShort = -1;
        for (let i = 0; i < own.length; i++) {
          if (own[i] !== -1) continue;
          const len = places[i]?.len ?? 0;
          if (len === full) {
            freeFull = i;
            freeFulls++;
          } else if (freeShort < 0 || len > (places[freeShort]?.len ?? 0)) freeShort = i;
        }
        if (freeFulls !== 1 || freeShort < 0) continue;
        const fullH = full / 2;
        const shortH = (places[freeShort]?.len ?? 0) / 2;
        if (steady?.[k] && !steadyWeeksOk(tplOf, owners, k, -1, d, shortH, calendar)) continue;
        for (let dist = 1; dist <= FILL_REACH; dist++)
          for (const e of [d - dist, d + dist]) {
            if (e < 0 || e >= owners.length) continue;
            const from = item(owners, e);
            for (let i = 0; i < from.length; i++) {
              const j = i16(from, i);
              if (j < 0 || j === k || e === keep[j] || own.includes(j)) continue;
              if (Math.max(d, e) >= i32(movableBefore, j)) continue;
              if ((tplOf(e).places[i]?.len ?? 0) !== full) continue;
              if (steady?.[j] && !steadyWeeksOk(tplOf, owners, j, e, d, fullH, calendar)) continue;
              from[i] = -1;
              own[freeFull] = j;
              own[freeShort] = k;
              cap?.add(e, -fullH);
              if (
                shortPlacesOk(tplOf(e), from) &&
                runsOk(from, -1) &&
                runsOk(own, -1) &&
                (!cap || cap.fits(d, fullH + shortH))
              ) {
                cap?.add(d, fullH + shortH);
                addTo(hours, k, shortH);
                total += shortH;
                return true;
              }
              cap?.add(e, fullH);
              from[i] = j;
              own[freeFull] = -1;
              own[freeShort] = -1;
            }
          }
      }
    }
    return false;
  };
  // A subject whose final review is what stops its moves (a window under CRAM_MIN_WINDOW days: no
  // last week to keep light) may take its review's day too, beside the review, as the day loop's
  // pace does.
  const toReview = Int32Array.from(movableBefore, (m, k) => {
    const reviewDay = keep[k] ?? -1;
    return reviewDay >= 0 && m === reviewDay ? m + 1 : m;
  });
  // A subject whose last week is what stops its moves may take a day of it, before its final
  // review, where its M8 limits hold: the day loop's pace books the last week up to them, and
  // where the cap left no window before it a session of room, the plan the pace filled one way
  // (front-loading on) stood at its target and the other (off) 2 h under it (seed 7 #922).
  const toLastWeek = Int32Array.from(movableBefore, (m, k) => {
    const reviewDay = keep[k] ?? -1;
    return examEnd && reviewDay > m ? reviewDay : m;
  });
  /** The last day + 1 of subject j's window (the period's end without an exam in the plan). */
  const windowOf = (j: number) => {
    const W = numLike(examEnd ?? [], j);
    return W > 0 ? Math.min(W, owners.length) : owners.length;
  };
  /** Subject j's half-hours in the first half of its window and in all of it. */
  const halvesOf = (j: number) => halfHours(tplOf, owners, j, windowOf(j), windowOf(j));
  /**
   * Whether subject j, front-loaded, keeps FRONT_GAIN of its hours in its first half over its
   * reference share with a session of `len` half-hours less there (the session moves later).
   * `seen`: the halves of the subjects asked about in this search (no place changes hands until
   * it ends), so each is counted once.
   */
  const keepsFrontGain = (
    j: number,
    len: number,
    seen: Map<number, { first: number; all: number }>,
  ): boolean => {
    const ref = refFirst?.[j] ?? Number.NaN;
    if (!frontLoad || !(ref >= 0)) return false;
    let h = seen.get(j);
    if (!h) {
      h = halvesOf(j);
      seen.set(j, h);
    }
    return h.all > 0 && (h.first - len) / h.all >= ref + FRONT_GAIN - EPS;
  };
  /** Day e is in the same half of j's window as day d: a move keeps j's first-half share (M10). */
  const sameHalf = (j: number, d: number, e: number) => {
    const W = windowOf(j);
    return 2 * d < W === 2 * e < W;
  };
  /**
   * The free place of `len` half-hours nearest day `from` (other than it) where subject j may take
   * a session: before its movable limit, in the same half of its window, on a day holding
   * `beside` sessions of j (0: a day without it), within the weekly cap, the day valid and
   * interleavable, a steady subject's weeks kept (its session leaving day `moved`, -1: already
   * gone). `{ day: -1 }` when none. Options: another movable `limit`; `accept` instead of the
   * steady-week check; `earlierOnly`, only days before `from`; `laterHalf`, in the second half of
   * j's window instead, for a session of its first half.
   */
  const nearestFree = (
    j: number,
    from: number,
    len: number,
    beside: number,
    moved: number,
    {
      limit = movableBefore,
      accept,
      earlierOnly = false,
      laterHalf = false,
    }: {
      limit?: Int32Array;
      accept?: ((k: number, day: number, h: number) => boolean) | undefined;
      earlierOnly?: boolean;
      laterHalf?: boolean;
    } = {},
  ) => {
    const lim = Math.min(i32(limit, j), owners.length);
    for (let dist = 1; dist <= MOVE_REACH; dist++) {
      let inRange = false;
      for (const e of [from - dist, from + dist]) {
        if (e < 0 || e >= lim) continue;
        inRange = true;
        if (earlierOnly && e > from) continue;
        if (e === keep[j] || (laterHalf ? 2 * e < windowOf(j) : !sameHalf(j, from, e))) continue;
        const own = item(owners, e);
        if (sessionsOn(own, j) !== beside) continue;
        const place = validFreePlace(tplOf(e), own, len, j);
        if (place < 0 || !runsOk(own, j) || (cap && !cap.fits(e, len / 2))) continue;
        if (
          accept
            ? !accept(j, e, len / 2)
            : steady?.[j] && !steadyWeeksOk(tplOf, owners, j, moved, e, len / 2, calendar)
        )
          continue;
        return { day: e, place };
      }
      if (!inRange) break;
    }
    return { day: -1, place: -1 };
  };
  /**
   * A session of the subject furthest under its target that stands in a day's shorter place
   * moves to a free full place nearby, where the weekly cap has room once it left (it gains the
   * difference): where every window is within a session of the cap, a plan whose day loop used
   * the shorter places (1 h of a 1.5-h plan) could book no more, and the plan the day loop filled
   * with full places stood a session or more larger (M10 totals; seed 77,777 #729: Sundays, a
   * 1.5-h Monday and a 1-h Tuesday, 5.5 h a week under a cap of 6.8, 30.5 h off against 32.5 on;
   * seed 2,025 #350, 21 h off against 24 on). `beside`: the sessions of the subject the day it
   * grows into holds. Last of all, a session of the subject's last week (before its final review)
   * may grow into a day beside two of its sessions, within its M8 limits: a one-subject plan of
   * 1.5-h places whose 1-h place of the last week held every window around it at the cap, where
   * the plan the day loop filled the other way booked a third session on a day (seed 36,174,874
   * #412: 28 h off against 30 on, now 28.5). Whether any did.
   */
  const growShort = (
    beside: number,
    limit: Int32Array = movableBefore,
    accept?: (k: number, day: number, h: number) => boolean,
    /** The first day a session may not grow from (its own last week: `limit`). */
    fromLimit: Int32Array = movableBefore,
  ): boolean => {
    const fullLen = Math.round(2 * L);
    for (const k of byGap(1)) {
      if (!under(k)) break;
      const lim = Math.min(i32(fromLimit, k), owners.length);
      for (let d = 0; d < lim; d++) {
        if (d === keep[k]) continue;
        const own = item(owners, d);
        const places = tplOf(d).places;
        for (let i = 0; i < own.length; i++) {
          const len = places[i]?.len ?? 0;
          if (own[i] !== k || len >= fullLen) continue;
          own[i] = -1;
          cap?.add(d, -len / 2);
          const to = shortPlacesOk(tplOf(d), own)
            ? nearestFree(k, d, fullLen, beside, -1, {
                limit,
                accept,
                earlierOnly: frontLoad && !accept,
              })
            : { day: -1, place: -1 };
          if (to.day >= 0) {
            item(owners, to.day)[to.place] = k;
            cap?.add(to.day, L);
            const gain = L - len / 2;
            addTo(hours, k, gain);
            total += gain;
            return true;
          }
          cap?.add(d, len / 2);
          own[i] = k;
        }
      }
    }
    return false;
  };
  /**
   * The subject furthest under its target takes another subject's place on a day of its own
   * window (in the first half of that subject's window), and that subject's session moves to the
   * nearest free place of the same length in the same half of its own window where the weekly
   * cap has room (the day's load is as it was, the other subject keeps its hours and its
   * first-half share). Where the windows before an exam stand within a session of the cap,
   * filled with a later exam's sessions (its pace front-loaded, or the day loop's), the plan
   * could not grow, and the other plan, filled the other way, stood a session or more larger
   * (M10 totals; seed 99 #812: C's front-loaded pace in A's and B's windows, 60 h on against 62
   * off; seed 31 #742: A's and E's in C's and D's windows, 84 h on against 86 off).
   * `intoSecondHalf` (a last move, front-loading on): the other subject's session moves into the
   * second half of its window instead, nearest the half's start, where it keeps FRONT_GAIN over
   * its plain pace: where its front-loaded first half covered the earlier exam's whole window,
   * no place of that half had room (seed 20,824,187 #327: A, at High, 0.7 of its hours in its
   * first half; B 29 h against a target of 32.2, 69 h on against 72 off). Whether any did.
   */
  const handOver = (sameDay: boolean, intoSecondHalf = false): boolean => {
    const seen = new Map<number, { first: number; all: number }>();
    for (const k of byGap(1)) {
      if (!under(k)) break;
      const lim = Math.min(i32(movableBefore, k), owners.length);
      for (let d = 0; d < lim; d++) {
        if (d === keep[k]) continue;
        const own = item(owners, d);
        const mine = sessionsOn(own, k);
        if (mine > (sameDay ? 1 : 0) || (sameDay && mine === 0)) continue;
        if (steady?.[k] && !steadyWeeksOk(tplOf, owners, k, -1, d, L, calendar)) continue;
        const places = tplOf(d).places;
        for (let i = 0; i < own.length; i++) {
          const j = i16(own, i);
          if (j < 0 || j === k || d === keep[j] || d >= i32(movableBefore, j)) continue;
          // Only a session of j's first half: its pace (front-loaded, or the day loop's) put it
          // early, where an earlier exam needs the room. One of its second half stood near the
          // windows the cap repair empties later, and moving it took the room that repair moves
          // a session to (seed 2,468 #537: B's session from day 29 to 37 beside days 23-28 at
          // 9 h of 8.8; the repair then dropped two of A's, 44 h on against 46 off).
          if (2 * d >= windowOf(j)) continue;
          const len = places[i]?.len ?? 0;
          if (intoSecondHalf && !keepsFrontGain(j, len, seen)) continue;
          // Day d keeps its load (k takes j's place), so the cap counts j's new place alone.
          // Into the second half: the free place nearest its start, so the session stays as
          // early as it can, however far day d is from it.
          const near = intoSecondHalf ? Math.ceil(windowOf(j) / 2) - 1 : d;
          const to = nearestFree(j, near, len, 0, d, { laterHalf: intoSecondHalf });
          own[i] = k;
          if (to.day >= 0 && runsOk(own, -1)) {
            item(owners, to.day)[to.place] = j;
            cap?.add(to.day, len / 2);
            addTo(hours, k, len / 2);
            total += len / 2;
            return true;
          }
          own[i] = j;
        }
      }
    }
    return false;
  };
  for (let guard = 0; guard < 4 * S && total < goal - L / 2 - 1e-9; guard++) {
    // A second session on a day only when no subject has a day without it left: a subject that
    // studies every day of its window otherwise ends short of its target with front-loading
    // off and not with it on, and the two plans differ in size (M10).
    // Then a shorter place behind a moved session, then a session beside the final review: where
    // the weekly cap leaves each window less than a session, the plan the day loop filled
    // differently (front-loading on or off) could not grow, and the two plans stood more than a
    // session apart (M10 totals; seed 223,306 #918: every window 13 h of 14.4 with 2-h
    // sessions, 78 h off and 81 on; seed 975,407 #222: 25 h off, 27 on, the front-loaded plan's
    // pace had put a session beside a 9-day window's final review).
    if (
      !addOne(false) &&
      !addOne(true) &&
      !fillThenAdd(false) &&
      !fillThenAdd(true) &&
      !addOne(true, toReview) &&
      !addOne(false, toLastWeek, withinM8) &&
      !growShort(0) &&
      !growShort(1) &&
      !handOver(false) &&
      !handOver(true) &&
      !growShort(0, toLastWeek, withinM8) &&
      !handOver(false, true) &&
      !handOver(true, true) &&
      !growShort(2, toLastWeek, withinM8, toLastWeek)
    )
      return;
  }
  for (let guard = 0; guard < 4 * S && total > goal + L / 2 + 1e-9; guard++) {
    let done = false;
    for (const k of byGap(-1)) {
      if (f64(hours, k) <= f64(targets, k)) break;
      for (let d = owners.length - 1; d >= 0 && !done; d--) {
        if (d === keep[k]) continue;
        const own = item(owners, d);
        for (let i = own.length - 1; i >= 0; i--) {
          if (own[i] !== k) continue;
          const h = (tplOf(d).places[i]?.len ?? 0) / 2;
          if (f64(hours, k) - h < f64(needs, k) - 1e-9) break;
          own[i] = -1;
          if (!shortPlacesOk(tplOf(d), own)) {
            own[i] = k;
            continue;
          }
          hours[k] = f64(hours, k) - h;
          cap?.add(d, -h);
          total -= h;
          done = true;
          break;
        }
      }
      if (done) break;
    }
    if (!done) return;
  }
}
