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
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { placeHours } from './place-hours.js';
import type { PlanModel } from './plan-model.js';
import { interleavable } from './repair.js';
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
    this.edfOrder = byExam.filter((k) => (paceEnd[k] as number) > 0);
    this.today = new Int32Array(subjectCount);
    this.lastDay = new Int32Array(subjectCount).fill(-1);
    this.rate = paceTarget.map(
      (t, k) => Math.max(t, sessionHours) / Math.max(1, paceEnd[k] as number),
    );
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
    this.dayOwners = this.input.owners[d] as Int16Array;
    const { today, dayOwners } = this;
    today.fill(0);
    for (let i = 0; i < dayOwners.length; i++)
      if ((dayOwners[i] as number) >= 0)
        today[dayOwners[i] as number] = (today[dayOwners[i] as number] ?? 0) + 1;
    this.earnCredit();
    // Stage 5 (docs/planner.md, The EDF guard): the real deadlines, then the virtual ones.
    this.placeMandatory(false);
    this.placeMandatory(true);
    this.placePace();
  }

  /** Hours of subject k's pace target not placed yet. */
  private paceLeft(k: number): number {
    return (this.input.paceTarget[k] as number) - (this.placed[k] as number);
  }

  /** The next free place of the day in its preference order (-1: the day is full). */
  private nextFreePlace(): number {
    const { tpl, dayOwners } = this;
    while (
      this.orderPos < tpl.order.length &&
      (dayOwners[tpl.order[this.orderPos] as number] as number) !== -1
    )
      this.orderPos++;
    return this.orderPos < tpl.order.length ? (tpl.order[this.orderPos] as number) : -1;
  }

  /** Gives a place of the day to subject k, and books it everywhere it counts. */
  private give(k: number, place: number): void {
    const { d, today, placed, credit } = this;
    const { windowEnd, weekCap } = this.input;
    const { cramHours, lastWeekHours } = this.budget;
    this.dayOwners[place] = k;
    this.lastDay[k] = d;
    const hours = placeHours(this.tpl, place);
    today[k] = (today[k] ?? 0) + 1;
    placed[k] = (placed[k] as number) + hours;
    weekCap.add(d, hours);
    credit[k] = (credit[k] as number) - hours;
    if (d >= (windowEnd[k] as number) - CRAM_DAYS) cramHours[k] = (cramHours[k] as number) + hours;
    if (d >= (windowEnd[k] as number) - LAST_WEEK_DAYS)
      lastWeekHours[k] = (lastWeekHours[k] as number) + hours;
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
    const examDay = windowEnd[k] as number;
    if (!model.examInPlan[k] || examDay < CRAM_MIN_WINDOW || d < examDay - LAST_WEEK_DAYS)
      return true;
    const total = (this.placed[k] as number) + (finalHours[k] as number) + hours;
    if (
      (lastWeekHours[k] as number) + hours >
      lastWeekAllowance(total, examDay, sessionHours) + EPS
    )
      return false;
    if (d < examDay - CRAM_DAYS) return true;
    return (cramHours[k] as number) + hours <= cramAllowance(total, sessionHours) + EPS;
  }

  /** Stage 6 (docs/planner.md, The pace): every subject earns its credit for the day. */
  private earnCredit(): void {
    const { d, credit } = this;
    const { subjectCount, paceEnd, pace, sessionHours } = this.input;
    for (let k = 0; k < subjectCount; k++) {
      if (d >= (paceEnd[k] as number)) continue;
      const cum = pace[k] as Float64Array;
      const before = d > 0 ? (cum[d - 1] as number) : 0;
      const left = 1 - before;
      if (left <= EPS) continue;
      const pending = Math.max(0, this.paceLeft(k) - (credit[k] as number));
      const inc = (pending * ((cum[d] as number) - before)) / left;
      // Owed work beyond one and a half sessions (over today's share) is spread again over the
      // days left, so a subject held back catches up gradually.
      credit[k] = Math.min((credit[k] as number) + inc, inc + CREDIT_CAP * sessionHours);
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
    const { d, mandatory, mandatoryEnd, today, pieces, tpl } = this;
    const { suffixFree, sessionHours } = this.input;
    mandatory.fill(0);
    this.collectPieces(virtual);
    sortPiecesByEnd(pieces, this.pieceCount);
    assignDueToday(pieces, this.pieceCount, suffixFree, d, sessionHours, mandatory, mandatoryEnd);
    this.orderPos = 0;
    // Earliest mandatory end first; subjects due together alternate (fewest sessions today).
    for (;;) {
      let k = -1;
      for (const j of this.edfOrder) {
        if ((mandatory[j] as number) <= EPS) continue;
        if (
          k < 0 ||
          (mandatoryEnd[j] as number) < (mandatoryEnd[k] as number) ||
          ((mandatoryEnd[j] as number) === (mandatoryEnd[k] as number) &&
            ((today[j] as number) < (today[k] as number) ||
              ((today[j] as number) === (today[k] as number) &&
                (mandatory[j] as number) > (mandatory[k] as number) + EPS)))
        )
          k = j;
      }
      if (k < 0) break;
      const place = this.nextFreePlace();
      if (place < 0) break;
      this.give(k, place);
      mandatory[k] = (mandatory[k] as number) - placeHours(tpl, place);
    }
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
      const subjectPaceEnd = paceEnd[k] as number;
      if (subjectPaceEnd <= d) continue;
      // Only the need is hard; the rest of the target (a share of spare time) is paced softly.
      const needLeft = Math.max(
        0,
        (deliverable[k] as number) - (finalHours[k] as number) - (placed[k] as number),
      );
      if (needLeft <= EPS) continue;
      // The window's end: the exam day wherever the virtual deadlines below apply (finite caps).
      const examDay = windowEnd[k] as number;
      let done = 0;
      if (virtual) {
        const lastWeekStart = examDay - LAST_WEEK_DAYS;
        const cramStart = examDay - CRAM_DAYS;
        const lastWeek = lastWeekHours[k] as number;
        done = this.dueBefore(k, needLeft, done, lastWeekStart, lastWeekCap[k] as number, lastWeek);
        done = this.dueBefore(
          k,
          needLeft,
          done,
          cramStart,
          cramCap[k] as number,
          cramHours[k] as number,
        );
      }
      if (needLeft > done + EPS) {
        const n = this.pieceCount++;
        pieces.subject[n] = k;
        // The virtual pass, while the needs fit under the cap: the need is due before the final
        // review's day, so that day holds the final review alone (M7's daily shape) unless the
        // days before cannot hold the need.
        pieces.end[n] =
          virtual && !model.needsOverCap && (finalDay[k] as number) > d
            ? (finalDay[k] as number)
            : subjectPaceEnd;
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
    if (!Number.isFinite(cap) || start <= d || start >= (paceEnd[k] as number)) return done;
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
    const { d, tpl, dayOwners } = this;
    const { model, weekCap } = this.input;
    for (;;) {
      const place = this.nextFreePlace();
      if (place < 0) break;
      const hours = placeHours(tpl, place);
      // The pace books a day up to its limit, and only what the weekly cap leaves
      // (docs/planner.md, Workload); when the needs alone pass the cap, a subject still short of
      // its need may pass the cap too.
      let dayHours = 0;
      for (let i = 0; i < dayOwners.length; i++)
        if ((dayOwners[i] as number) >= 0) dayHours += placeHours(tpl, i);
      if (dayHours > EPS && dayHours + hours > (this.dayLimit[d] as number) + EPS) break;
      const capFull = !weekCap.fits(d, hours);
      if (capFull && !model.needsOverCap) break;
      this.countDay();
      const k = this.pickPaceSubject(hours, capFull);
      if (k < 0) break;
      this.give(k, place);
    }
  }

  /** The day so far, for the no-three-in-a-row rule: sessions, the most of one subject, subjects. */
  private countDay(): void {
    const { today } = this;
    const { subjectCount } = this.input;
    let dayTotal = 0;
    let dayMost = 0;
    let dayDistinct = 0;
    for (let j = 0; j < subjectCount; j++) {
      const sessions = today[j] as number;
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
      if (d >= (paceEnd[k] as number)) continue;
      const remaining = this.paceLeft(k);
      // Round to the nearest session: no place that would overshoot the target by half.
      if (
        remaining < OVERSHOOT_MAX * hours - EPS &&
        (placed[k] as number) + (finalHours[k] as number) >= (needs[k] as number) - EPS
      )
        continue;
      if (remaining < EPS) continue;
      if (
        capFull &&
        (placed[k] as number) + (finalHours[k] as number) >= (deliverable[k] as number) - EPS
      )
        continue;
      if (!this.endOk(k, hours)) continue;
      const most = Math.max(dayMost, (today[k] as number) + 1);
      const distinct = dayDistinct + ((today[k] as number) === 0 ? 1 : 0);
      if (!interleavable(dayTotal + 1, most, distinct)) continue;
      const owed = credit[k] as number;
      // Credit needed to take the place: half a session; a whole one for a slow subject's first
      // session (its start is then not a lone session squeezed in before a busy stretch, M4);
      // three quarters for a second session the same day (small days are not left empty while
      // big ones fill up, M7); a quarter after 6 days without one, and such a subject goes
      // first (nobody waits more than a week once started, M4).
      const weekGap =
        (lastDay[k] as number) >= 0 &&
        (today[k] as number) === 0 &&
        d - (lastDay[k] as number) >= WEEK_GAP_DAYS;
      const first =
        (lastDay[k] as number) < 0 && (rate[k] as number) < SLOW_RATE * sessionHours
          ? CREDIT_TO_START_SLOW
          : today[k]
            ? CREDIT_FOR_SECOND
            : CREDIT_TO_TAKE;
      if (owed < (weekGap ? CREDIT_AFTER_WEEK_GAP : first) * hours - EPS) continue;
      // Longest overdue first: hours owed over the subject's mean daily rate is how many days
      // ago it became due, so a slow subject is not starved by fast ones that are always owed
      // more hours. A second session today only after everyone else's first.
      const score =
        (owed - CREDIT_TO_TAKE * hours) / (rate[k] as number) -
        (today[k] ? SECOND_SESSION_PENALTY : 0) +
        (weekGap ? WEEK_GAP_BONUS : 0);
      if (
        bestSubject < 0 ||
        score > bestScore + EPS ||
        (score > bestScore - EPS && (windowEnd[k] as number) < (windowEnd[bestSubject] as number))
      ) {
        bestSubject = k;
        bestScore = score;
      }
    }
    return bestSubject;
  }
}
