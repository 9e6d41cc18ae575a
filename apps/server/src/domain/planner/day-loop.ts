/**
 * Stages 5-6 (docs/planner.md, The EDF guard; The pace): the day-by-day loop. Each day every
 * subject earns its credit (`earnCredit`), the EDF guard places what the deadlines force onto
 * the day (`placeMandatory`, real deadlines then virtual ones), then the pace gives the places
 * left to the subjects longest overdue (`placePace`). Pure, no I/O.
 */
import {
  cramAllowance,
  LAST_WEEK_DAYS,
  type LastDaysBudget,
  lastDaysBudget,
  lastWeekAllowance,
} from './anti-cramming.js';
import { dayLimits } from './day-limits.js';
import { assignDueToday, type Pieces, piecesFor, sortPiecesByEnd } from './edf-guard.js';
import { shortPlaceBlocksFull } from './full-room.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { placeHours } from './place-hours.js';
import type { PlanModel } from './plan-model.js';
import { interleavable } from './repair.js';
import { addTo, f64, i16, i32, item, num } from './typed.js';
import type { WeekCap } from './week-cap.js';

const EPS = 1e-9;
/** Most a subject can be owed, in sessions; beyond it the pace is spread over the days left. */
const CREDIT_CAP = 1.5;

// Credit a subject must be owed to take a place in the pace, as a share of the place.
/** The usual: half a session, so rounding goes to the nearest session. */
const CREDIT_TO_TAKE = 0.5;
/**
 * A slow subject's first session needs a whole one, so its start is not a lone session squeezed
 * in before a busy stretch (M4).
 */
const CREDIT_TO_START_SLOW = 1;
/** A subject is slow while its pace asks less than this share of a session a day. */
const SLOW_RATE = 0.5;
/**
 * A second session the same day needs three quarters, so small days are not left empty while
 * big ones fill up (M7).
 */
const CREDIT_FOR_SECOND = 0.75;
/**
 * After WEEK_GAP_DAYS without a session a quarter is enough (and that subject goes first), so
 * nobody waits more than a week once started (M4).
 */
const CREDIT_AFTER_WEEK_GAP = 0.25;
/** Days since a subject's last session after which it is owed a session within the week. */
const WEEK_GAP_DAYS = 6;
/**
 * Most of a place a subject may overshoot its target by once its need is met: half a place,
 * so the target is rounded to the nearest session.
 */
const OVERSHOOT_MAX = 0.5;
// The pace's score is in days overdue, so offsets far above any plan's length rank groups.
/** Taken from a second session's score: a second session only after everyone's first. */
const SECOND_SESSION_PENALTY = 1e6;
/** Added after a week's gap: such a subject goes before every other first session. */
const WEEK_GAP_BONUS = 1e5;

/** What the day loop is given (docs/planner.md, Stages 5-6). */
export interface DayLoopInput {
  model: PlanModel;
  subjectCount: number;
  sessionHours: number;
  tplOf: (d: number) => DayTemplate;
  /** Filled in place: the subject of each place on each day. */
  owners: Int16Array[];
  capacity: Float64Array;
  windowEnd: Int32Array;
  needs: Float64Array;
  deliverable: Float64Array;
  finalDay: number[];
  finalHours: Float64Array;
  byExam: number[];
  paceEnd: Int32Array;
  paceTarget: Float64Array;
  suffixFree: Float64Array;
  pace: Float64Array[];
  /** Books every session placed. */
  weekCap: WeekCap;
}

/**
 * Runs the day loop over the period: fills `owners`, books `weekCap`; returns the hours placed
 * per subject (final reviews aside).
 */
export function placeDayByDay(input: DayLoopInput): Float64Array {
  const loop = new DayLoop(input);
  for (let d = 0; d < input.model.days; d++) loop.placeDay(d);
  return loop.placed;
}

/** The day loop's state: what each subject has and is owed, and the day being filled. */
class DayLoop {
  private readonly input: DayLoopInput;
  /** Hours placed per subject so far (final reviews aside). */
  readonly placed: Float64Array;
  /** The anti-cramming budgets (M8), booked as sessions are placed. */
  private readonly budget: LastDaysBudget;
  /** Most hours the pace books on each day (day-limits.ts). */
  private readonly dayLimit: Float64Array;
  /** Subjects still pacing, by exam: the order in which the guard serves them. */
  private readonly edfOrder: number[];
  /** Sessions of each subject on the day being filled. */
  private readonly today: Int32Array;
  /** Each subject's last day with a session (-1: none yet). */
  private readonly lastDay: Int32Array;
  /** Mean hours a day of each subject's pace. */
  private readonly rate: Float64Array;
  /** Hours each subject is owed by its pace curve and not yet given (negative when ahead). */
  private readonly credit: Float64Array;
  /** Hours the EDF guard forces onto today, per subject, and the earliest deadline behind them. */
  private readonly mandatory: Float64Array;
  private readonly mandatoryEnd: Int32Array;
  /** The EDF guard's pieces of the day (edf-guard.ts), and how many are in use. */
  private readonly pieces: Pieces;
  private pieceCount = 0;
  /** The day being filled, its template and its places' owners. */
  private d = 0;
  private tpl: DayTemplate;
  private dayOwners: Int16Array = new Int16Array(0);
  /** Position in the day's preference order before which every place is taken. */
  private orderPos = 0;
  /** The day so far, for the no-three-in-a-row rule (`countDay`; counts: the hot loop). */
  private dayTotal = 0;
  private dayMost = 0;
  private dayDistinct = 0;

  constructor(input: DayLoopInput) {
    this.input = input;
    const { model, subjectCount, sessionHours, tplOf, capacity, windowEnd, finalDay } = input;
    const { finalHours, byExam, paceEnd, paceTarget, pace } = input;
    this.placed = new Float64Array(subjectCount);
    this.budget = lastDaysBudget(
      model,
      subjectCount,
      sessionHours,
      windowEnd,
      finalDay,
      finalHours,
    );
    this.dayLimit = dayLimits(
      pace,
      paceTarget,
      paceEnd,
      finalDay,
      finalHours,
      capacity,
      sessionHours,
    );
    this.edfOrder = byExam.filter((k) => i32(paceEnd, k) > 0);
    this.today = new Int32Array(subjectCount);
    this.lastDay = new Int32Array(subjectCount).fill(-1);
    this.rate = paceTarget.map((t, k) => Math.max(t, sessionHours) / Math.max(1, i32(paceEnd, k)));
    this.credit = new Float64Array(subjectCount);
    this.mandatory = new Float64Array(subjectCount);
    this.mandatoryEnd = new Int32Array(subjectCount);
    this.pieces = piecesFor(subjectCount);
    this.tpl = tplOf(0);
  }

  /** Fills day d: credit, then the guard's real and virtual deadlines, then the pace. */
  placeDay(d: number): void {
    this.d = d;
    this.tpl = this.input.tplOf(d);
    this.dayOwners = item(this.input.owners, d);
    const { today, dayOwners } = this;
    today.fill(0);
    for (const k of dayOwners) if (k >= 0) today[k] = i32(today, k) + 1;
    this.earnCredit();
    // Stage 5 (docs/planner.md, The EDF guard): the real deadlines, then the virtual ones.
    this.placeMandatory(false);
    this.placeMandatory(true);
    this.placePace();
  }

  /** Hours of subject k's pace target not placed yet. */
  private paceLeft(k: number): number {
    return f64(this.input.paceTarget, k) - f64(this.placed, k);
  }

  /** The next free place of the day in its preference order (-1: the day is full). */
  private nextFreePlace(): number {
    const { tpl, dayOwners } = this;
    while (this.orderPos < tpl.order.length && i16(dayOwners, num(tpl.order, this.orderPos)) !== -1)
      this.orderPos++;
    return this.orderPos < tpl.order.length ? num(tpl.order, this.orderPos) : -1;
  }

  /** Gives a place of the day to subject k, and books it everywhere it counts. */
  private give(k: number, place: number): void {
    const { d, today, placed, credit } = this;
    const { windowEnd, weekCap } = this.input;
    const { cramHours, lastWeekHours } = this.budget;
    this.dayOwners[place] = k;
    this.lastDay[k] = d;
    const hours = placeHours(this.tpl, place);
    today[k] = i32(today, k) + 1;
    addTo(placed, k, hours);
    weekCap.add(d, hours);
    credit[k] = f64(credit, k) - hours;
    if (d >= i32(windowEnd, k) - CRAM_DAYS) addTo(cramHours, k, hours);
    if (d >= i32(windowEnd, k) - LAST_WEEK_DAYS) addTo(lastWeekHours, k, hours);
  }

  /**
   * Anti-cramming (M8) on what the subject has so far: one more session in its last 3 days keeps
   * them at most a quarter of its hours (or 2 sessions), in its last week at most twice its mean
   * week (or the one session of the final review). Later sessions there only raise those shares.
   */
  private endOk(k: number, hours: number): boolean {
    const { d } = this;
    const { model, windowEnd, finalHours, sessionHours } = this.input;
    const { cramHours, lastWeekHours } = this.budget;
    const examDay = i32(windowEnd, k);
    if (!model.examInPlan[k] || examDay < CRAM_MIN_WINDOW || d < examDay - LAST_WEEK_DAYS)
      return true;
    const total = f64(this.placed, k) + f64(finalHours, k) + hours;
    if (f64(lastWeekHours, k) + hours > lastWeekAllowance(total, examDay, sessionHours) + EPS)
      return false;
    if (d < examDay - CRAM_DAYS) return true;
    return f64(cramHours, k) + hours <= cramAllowance(total, sessionHours) + EPS;
  }

  /** Stage 6 (docs/planner.md, The pace): every subject earns its credit for the day. */
  private earnCredit(): void {
    const { d, credit } = this;
    const { subjectCount, paceEnd, pace, sessionHours } = this.input;
    for (let k = 0; k < subjectCount; k++) {
      if (d >= i32(paceEnd, k)) continue;
      const cum = item(pace, k);
      const before = d > 0 ? f64(cum, d - 1) : 0;
      const left = 1 - before;
      if (left <= EPS) continue;
      const pending = Math.max(0, this.paceLeft(k) - f64(credit, k));
      const inc = (pending * (f64(cum, d) - before)) / left;
      // Owed work beyond one and a half sessions (over today's share) is spread again over the
      // days left, so a subject held back catches up gradually.
      credit[k] = Math.min(f64(credit, k) + inc, inc + CREDIT_CAP * sessionHours);
    }
  }

  /**
   * Mandatory: what must happen today for every exam's demand to fit in the days left. Each
   * subject's remaining hours are split into pieces with virtual deadlines: what its last week
   * (twice the mean week, M8) and its last 3 days cannot hold must be done before them, so the
   * guard spreads that work out instead of leaving it for the days before the exam.
   * First with the real deadlines only (what EDF needs to deliver every need), then with the
   * virtual ones too, on the places left: moving a subject's own work earlier never takes a
   * place another exam needed, since the first pass already secured those.
   */
  private placeMandatory(virtual: boolean): void {
    const { d, mandatory, mandatoryEnd, pieces, tpl } = this;
    const { suffixFree, sessionHours } = this.input;
    mandatory.fill(0);
    this.collectPieces(virtual);
    sortPiecesByEnd(pieces, this.pieceCount);
    assignDueToday(pieces, this.pieceCount, suffixFree, d, sessionHours, mandatory, mandatoryEnd);
    this.orderPos = 0;
    // Earliest mandatory end first; subjects due together alternate (fewest sessions today).
    for (;;) {
      let k = -1;
      for (const j of this.edfOrder)
        if (f64(mandatory, j) > EPS && (k < 0 || this.mandatoryBefore(j, k))) k = j;
      if (k < 0) break;
      const place = this.nextFreePlace();
      if (place < 0) break;
      this.give(k, place);
      mandatory[k] = f64(mandatory, k) - placeHours(tpl, place);
    }
  }

  /**
   * Whether subject j's mandatory hours go before k's: the earlier mandatory end, then the fewer
   * sessions today, then the more mandatory hours.
   */
  private mandatoryBefore(j: number, k: number): boolean {
    const { mandatory, mandatoryEnd, today } = this;
    const endJ = i32(mandatoryEnd, j);
    const endK = i32(mandatoryEnd, k);
    if (endJ !== endK) return endJ < endK;
    const todayJ = i32(today, j);
    const todayK = i32(today, k);
    if (todayJ !== todayK) return todayJ < todayK;
    return f64(mandatory, j) > f64(mandatory, k) + EPS;
  }

  /**
   * The guard's pieces of the day (`pieces`, `pieceCount`): each subject's need left, cut at
   * its virtual deadlines when `virtual`, else whole by its window's end.
   */
  private collectPieces(virtual: boolean): void {
    const { d, placed, pieces } = this;
    const { model, windowEnd, paceEnd, deliverable, finalHours, finalDay } = this.input;
    const { cramHours, lastWeekHours, lastWeekCap, cramCap } = this.budget;
    this.pieceCount = 0;
    for (const k of this.edfOrder) {
      const subjectPaceEnd = i32(paceEnd, k);
      if (subjectPaceEnd <= d) continue;
      // Only the need is hard; the rest of the target (a share of spare time) is paced softly.
      const needLeft = Math.max(0, f64(deliverable, k) - f64(finalHours, k) - f64(placed, k));
      if (needLeft <= EPS) continue;
      // The window's end: the exam day wherever the virtual deadlines below apply (finite caps).
      const examDay = i32(windowEnd, k);
      let done = 0;
      if (virtual) {
        const lastWeekStart = examDay - LAST_WEEK_DAYS;
        const cramStart = examDay - CRAM_DAYS;
        done = this.dueBefore(
          k,
          needLeft,
          done,
          lastWeekStart,
          f64(lastWeekCap, k),
          f64(lastWeekHours, k),
        );
        done = this.dueBefore(k, needLeft, done, cramStart, f64(cramCap, k), f64(cramHours, k));
      }
      if (needLeft > done + EPS) {
        const n = this.pieceCount++;
        const reviewDay = num(finalDay, k);
        pieces.subject[n] = k;
        // The virtual pass, while the needs fit under the cap: the need is due before the final
        // review's day, so that day holds the final review alone (M7's daily shape) unless the
        // days before cannot hold the need.
        pieces.end[n] =
          virtual && !model.needsOverCap && reviewDay > d ? reviewDay : subjectPaceEnd;
        pieces.hours[n] = needLeft - done;
      }
    }
  }

  /**
   * A virtual deadline of subject k at `start`: what the days from `start` to the exam cannot
   * hold (their cap less what they already have, in whole sessions: a forced place is a whole
   * one) is due before `start`. Returns how much of `needLeft` the pieces so far hold.
   */
  private dueBefore(
    k: number,
    needLeft: number,
    done: number,
    start: number,
    cap: number,
    booked: number,
  ): number {
    const { sessionHours, paceEnd } = this.input;
    const { d, pieces } = this;
    if (!Number.isFinite(cap) || start <= d || start >= i32(paceEnd, k)) return done;
    const room = Math.max(0, cap - booked);
    const before = Math.max(0, needLeft - sessionHours * Math.floor(room / sessionHours + EPS));
    if (before <= done + EPS) return done;
    const n = this.pieceCount++;
    pieces.subject[n] = k;
    pieces.end[n] = start;
    pieces.hours[n] = before - done;
    return before;
  }

  /**
   * Pace: each subject earns credit every day, its remaining target (less what it is already
   * owed) spread over its pace curve from today on; a place goes to the subject owed most,
   * once it is owed at least half a session. Re-spreading from today means a subject held back
   * (by exams before it) catches up over the rest of its window instead of in one burst, so
   * subjects stay interleaved and evenly spaced. A second session the same day only when a
   * subject is still owed a whole session after its first.
   */
  private placePace(): void {
    const { d, tpl } = this;
    const { model, weekCap, tplOf, owners, sessionHours } = this.input;
    for (;;) {
      const place = this.nextFreePlace();
      if (place < 0) break;
      const hours = placeHours(tpl, place);
      // The pace books a day up to its limit, and only what the weekly cap leaves
      // (docs/planner.md, Workload); when the needs alone pass the cap, a subject still short of
      // its need may pass the cap too.
      const dayHours = this.bookedHours();
      if (dayHours > EPS && dayHours + hours > f64(this.dayLimit, d) + EPS) break;
      const capFull = !weekCap.fits(d, hours);
      if (capFull && !model.needsOverCap) break;
      // A shorter place that would take a window's room for a full session a later day of it
      // has free is left free, as a place the cap refuses: the day's pace ends (a shorter place
      // is used after the day's full ones, M1).
      if (shortPlaceBlocksFull(weekCap, tplOf, owners, d, hours, sessionHours)) break;
      this.countDay();
      const k = this.pickPaceSubject(hours, capFull);
      if (k < 0) break;
      this.give(k, place);
    }
  }

  /** Hours booked on the day so far. */
  private bookedHours(): number {
    const { tpl, dayOwners } = this;
    let hours = 0;
    for (let i = 0; i < dayOwners.length; i++)
      if (i16(dayOwners, i) >= 0) hours += placeHours(tpl, i);
    return hours;
  }

  /** The day so far, for the no-three-in-a-row rule: sessions, the most of one subject, subjects. */
  private countDay(): void {
    const { today } = this;
    const { subjectCount } = this.input;
    let dayTotal = 0;
    let dayMost = 0;
    let dayDistinct = 0;
    for (let j = 0; j < subjectCount; j++) {
      const sessions = i32(today, j);
      dayTotal += sessions;
      if (sessions > dayMost) dayMost = sessions;
      if (sessions > 0) dayDistinct++;
    }
    this.dayTotal = dayTotal;
    this.dayMost = dayMost;
    this.dayDistinct = dayDistinct;
  }

  /**
   * The subject the pace gives a place of `hours` to (-1: none qualifies, the place stays free
   * as buffer): longest overdue first, among those with target left, within the anti-cramming
   * budget, keeping the day interleavable and owed enough credit.
   */
  private pickPaceSubject(hours: number, capFull: boolean): number {
    const { d, today, placed, credit, lastDay, rate, dayTotal, dayMost, dayDistinct } = this;
    const { subjectCount, sessionHours, windowEnd, needs, deliverable } = this.input;
    const { finalHours, paceEnd } = this.input;
    let bestSubject = -1;
    let bestScore = 0;
    for (let k = 0; k < subjectCount; k++) {
      if (d >= i32(paceEnd, k)) continue;
      const remaining = this.paceLeft(k);
      const withReview = f64(placed, k) + f64(finalHours, k);
      // Round to the nearest session: no place that would overshoot the target by half.
      if (remaining < OVERSHOOT_MAX * hours - EPS && withReview >= f64(needs, k) - EPS) continue;
      if (remaining < EPS) continue;
      if (capFull && withReview >= f64(deliverable, k) - EPS) continue;
      if (!this.endOk(k, hours)) continue;
      const sessionsToday = i32(today, k);
      const most = Math.max(dayMost, sessionsToday + 1);
      const distinct = dayDistinct + (sessionsToday === 0 ? 1 : 0);
      if (!interleavable(dayTotal + 1, most, distinct)) continue;
      const owed = f64(credit, k);
      const last = i32(lastDay, k);
      // Credit needed to take the place: half a session; a whole one for a slow subject's first
      // session (its start is then not a lone session squeezed in before a busy stretch, M4);
      // three quarters for a second session the same day (small days are not left empty while
      // big ones fill up, M7); a quarter after 6 days without one, and such a subject goes
      // first (nobody waits more than a week once started, M4).
      const weekGap = last >= 0 && sessionsToday === 0 && d - last >= WEEK_GAP_DAYS;
      const first =
        last < 0 && f64(rate, k) < SLOW_RATE * sessionHours
          ? CREDIT_TO_START_SLOW
          : sessionsToday > 0
            ? CREDIT_FOR_SECOND
            : CREDIT_TO_TAKE;
      if (owed < (weekGap ? CREDIT_AFTER_WEEK_GAP : first) * hours - EPS) continue;
      // Longest overdue first: hours owed over the subject's mean daily rate is how many days
      // ago it became due, so a slow subject is not starved by fast ones that are always owed
      // more hours. A second session today only after everyone else's first.
      const score =
        (owed - CREDIT_TO_TAKE * hours) / f64(rate, k) -
        (sessionsToday > 0 ? SECOND_SESSION_PENALTY : 0) +
        (weekGap ? WEEK_GAP_BONUS : 0);
      if (
        bestSubject < 0 ||
        score > bestScore + EPS ||
        (score > bestScore - EPS && i32(windowEnd, k) < i32(windowEnd, bestSubject))
      ) {
        bestSubject = k;
        bestScore = score;
      }
    }
    return bestSubject;
  }
}
