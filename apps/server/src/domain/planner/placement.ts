/**
 * Placing sessions day by day (docs/planner.md, Stages): final reviews reserved 1-3 days before
 * each exam, pace curves fitted to the targets, the EDF guard on the needs (real deadlines, then
 * the anti-cramming ones), the subject longest overdue on its pace, then the repair and top-up
 * passes of repair.ts and the order within each day. Pure, no I/O.
 */

import { DAYS_PER_WEEK, HALF_HOURS, type Place, weekdayOf } from '@studybuddy/contracts';
import { dayNumber } from './dates.js';
import { evenLoad } from './even-load.js';
import { pullFinalReviewsIn } from './final-review-pull.js';
import { balanceHalves, frontShift } from './front-shift.js';
import { tradeLengths } from './length-trades.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { type PlanModel, paceWeights, type RawBlock } from './plan-model.js';
import {
  balanceTotal,
  interleavable,
  rebalanceNeeds,
  repairCramming,
  repairGaps,
  repairRuns,
  topUp,
} from './repair.js';
import type { PlannerInput } from './types.js';
import { repairWeekCap, WeekCap } from './week-cap.js';

const EPS = 1e-9;
/** A subject's pace never asks for more than this multiple of its mean share of a day. */
const PACE_CLIP = 1.5;
/** Most a subject can be owed, in sessions; beyond it the pace is spread over the days left. */
const CREDIT_CAP = 1.5;
/** Most a day's booking may exceed the pace's expected share of it (docs/planner.md, Workload). */
const DAY_LIMIT = 1.3;
/** Share of the last-week allowance (twice the mean week, M8) kept free for rounding. */
const LAST_WEEK_MARGIN = 0.1;

// Anti-cramming (M8): the last days before an exam hold only a share of the subject's hours.
/** Days before the exam that make its last week (M8, and sessions stay put in it). */
const LAST_WEEK_DAYS = DAYS_PER_WEEK;
/** The last week holds at most this many mean weeks of the subject's hours (M8). */
const LAST_WEEK_MEAN_WEEKS = 2;
/** The last CRAM_DAYS hold at most this share of the subject's hours (M8)... */
const CRAM_SHARE = 0.25;
/** ...or this many sessions, whichever is more: a short plan still has room for its last ones. */
const CRAM_MIN_SESSIONS = 2;

// The final review (M9): on the latest day with a free place 1-3 days before the exam, else
// 4-6 days before (a review a week before the exam still beats none).
/** Nearest and farthest day before the exam of the final review's first choice of days... */
const FINAL_REVIEW_NEAR = { from: 1, to: 3 };
/** ...and of its second choice. */
const FINAL_REVIEW_FAR = { from: 4, to: 6 };

/**
 * The EDF guard cuts each subject's remaining need into at most this many pieces: what must
 * come before its last week, before its last CRAM_DAYS, and the rest by its real deadline.
 */
const PIECES_PER_SUBJECT = 3;

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

/** Days on each side of a day whose expected load sets its limit (the 7 days around it, M7). */
const DAY_LIMIT_REACH = 3;

// The pace curves (docs/planner.md, Pace curves).
/** Rounds of the fixed point of the PACE_CLIP clip: it settles within a few. */
const CLIP_ROUNDS = 6;
/**
 * Most of a subject's pace target the first half of its window gets (front-load tilt, final
 * review moved ahead): the second half keeps some pace before the exam, and the tilt
 * f s2 / ((1 - f) s1) stays finite (it has no bound as f nears 1).
 */
const FRONT_LOAD_MAX_FIRST = 0.95;
/**
 * Share of its room in the first half that the front-load tilt aims at: a margin under all of
 * it, since that room is counted in hours before any rounding to whole sessions.
 */
const FRONT_LOAD_AIM = 0.98;

// Top-ups after the day loop (docs/planner.md, Top-ups): `round` of `topUp`.
/** The need is hard: topped up while any of it is missing. */
const NEED_TOP_UP_ROUND = 0;
/** The soft rest of the target is rounded to the nearest session. */
const SOFT_TOP_UP_ROUND = 0.5;

// The order within a day (M6).
/** Sessions of one subject in a row that make a run (M6a): never that many when avoidable. */
const RUN_LENGTH = 3;
/** Taken from a subject's sessions left per neighbour of the same subject: apart if possible. */
const NEIGHBOUR_PENALTY = 0.5;

/** Places are counted in half-hours. */
const HALF_HOURS_PER_HOUR = 2;

/** Hours of place i of a day (0 when there is none). */
function placeHours(tpl: DayTemplate, i: number): number {
  return (tpl.places[i]?.len ?? 0) / HALF_HOURS_PER_HOUR;
}

/** Most hours a subject's last week may hold (M8): twice its mean week, or one session. */
function lastWeekAllowance(total: number, examDay: number, sessionHours: number): number {
  return Math.max((LAST_WEEK_MEAN_WEEKS * DAYS_PER_WEEK * total) / examDay, sessionHours);
}

/** Most hours a subject's last CRAM_DAYS may hold (M8). */
function cramAllowance(total: number, sessionHours: number): number {
  return Math.max(CRAM_SHARE * total, CRAM_MIN_SESSIONS * sessionHours);
}

/** Places sessions day by day; returns raw blocks in day order. */
export function placeSessions(input: PlannerInput, model: PlanModel): RawBlock[] {
  const sessionHours = input.preferences.sessionLength;
  const frontLoad = input.preferences.frontLoad;
  const subjectCount = input.subjects.length;
  const { p0, templates } = model;
  // Typed copies: plain arrays switch element kinds (integers, then fractions) between plans,
  // which makes V8 throw away the optimised code of this function (and of the passes it calls)
  // again and again. Every array of numbers from the model is copied, and none is passed on.
  const capacity = Float64Array.from(model.capacity);
  const windowEnd = Int32Array.from(model.windowEnd);
  const targets = Float64Array.from(model.targets);
  const needs = Float64Array.from(model.needs);
  const deliverable = Float64Array.from(model.deliverable);
  // Each day's own template: busy time takes half-hours from some days (busy.ts).
  const { byDay } = model;
  const tplOf = (d: number) => byDay[d] ?? (templates[weekdayOf(p0 + d)] as DayTemplate);
  const { owners, finalDay, finalHours, finalLen, finalMarked, byExam } = reserveFinalReviews(
    input,
    model,
    tplOf,
    windowEnd,
    targets,
  );
  const paceEnd = Int32Array.from(windowEnd, (e, k) =>
    (finalDay[k] as number) >= 0 ? (finalDay[k] as number) + 1 : e,
  );
  const paceTarget = Float64Array.from(targets, (t, k) =>
    Math.max(0, t - (finalHours[k] as number)),
  );
  const { freeCap, suffixFree } = freeCapacity(model, capacity, finalDay, finalHours);
  /** Each subject's reference share of hours in the first half of its window (M10). */
  const refFirst = new Float64Array(subjectCount).fill(Number.NaN);
  const pace = paceCurves(
    model,
    frontLoad,
    freeCap,
    paceEnd,
    paceTarget,
    targets,
    needs,
    windowEnd,
    finalHours,
    refFirst,
  );
  // The weekly cap (docs/planner.md, Workload): only the EDF guard (the needs) may pass it.
  const weekCap = new WeekCap(capacity, model.maxLoad);
  for (let k = 0; k < subjectCount; k++)
    if ((finalDay[k] as number) >= 0) weekCap.add(finalDay[k] as number, finalHours[k] as number);
  const placed = placeDayByDay({
    model,
    subjectCount,
    sessionHours,
    tplOf,
    owners,
    capacity,
    windowEnd,
    needs,
    deliverable,
    finalDay,
    finalHours,
    byExam,
    paceEnd,
    paceTarget,
    suffixFree,
    pace,
    weekCap,
  });
  repairPasses({
    model,
    sessionHours,
    frontLoad,
    tplOf,
    owners,
    capacity,
    windowEnd,
    targets,
    needs,
    deliverable,
    finalDay,
    finalHours,
    finalLen,
    byExam,
    paceTarget,
    pace,
    refFirst,
    placed,
    weekCap,
  });
  return orderWithinDays(tplOf, owners, finalDay, finalLen, finalMarked);
}

/**
 * Free capacity per day after the final-review reservations, and its suffix sums for the EDF
 * guard (`suffixFree[d]`: the free capacity from day d on that the guard may count).
 */
function freeCapacity(
  model: PlanModel,
  capacity: Float64Array,
  finalDay: number[],
  finalHours: Float64Array,
): { freeCap: Float64Array; suffixFree: Float64Array } {
  const freeCap = capacity.slice();
  for (let k = 0; k < finalDay.length; k++)
    if ((finalDay[k] as number) >= 0)
      freeCap[finalDay[k] as number] =
        (freeCap[finalDay[k] as number] as number) - (finalHours[k] as number);
  // When the needs fit under the weekly cap, the guard counts only the cap's share of the days
  // ahead (docs/planner.md, Workload): work that would later have to pass the cap is due now.
  const guardShare = model.needsOverCap ? 1 : model.maxLoad;
  const suffixFree = new Float64Array(model.days + 1);
  for (let d = model.days - 1; d >= 0; d--)
    suffixFree[d] = (suffixFree[d + 1] as number) + guardShare * (freeCap[d] as number);
  return { freeCap, suffixFree };
}

/** What the day loop works on (docs/planner.md, Stages 5-6). */
interface DayLoopState {
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
 * The EDF guard's pieces (docs/planner.md, The EDF guard): one subject's remaining need with one
 * (real or virtual) deadline, indexed by piece.
 */
interface Pieces {
  subject: Int32Array;
  end: Int32Array;
  hours: Float64Array;
  /** How much of the piece is due today. */
  due: Float64Array;
  /** Piece indexes sorted by end (`sortPiecesByEnd`). */
  order: Int32Array;
}

/**
 * Stages 5-6 (docs/planner.md, The EDF guard; The pace): day by day, every subject earns its
 * credit, the guard places what the deadlines force onto the day, then the pace gives the places
 * left to the subjects longest overdue. Fills `owners`, books `weekCap`; returns the hours placed
 * per subject (final reviews aside).
 */
function placeDayByDay(state: DayLoopState): Float64Array {
  const { model, subjectCount, sessionHours, tplOf, owners, capacity, windowEnd, needs } = state;
  const { deliverable, finalDay, finalHours, byExam, paceEnd, paceTarget, suffixFree } = state;
  const { pace, weekCap } = state;
  const { days } = model;
  const placed = new Float64Array(subjectCount);
  const { cramHours, lastWeekHours, lastWeekCap, cramCap } = lastDaysBudget(
    model,
    subjectCount,
    sessionHours,
    windowEnd,
    finalDay,
    finalHours,
  );
  const dayLimit = dayLimits(
    pace,
    paceTarget,
    paceEnd,
    finalDay,
    finalHours,
    capacity,
    sessionHours,
  );
  const edfOrder = byExam.filter((k) => (paceEnd[k] as number) > 0);
  const today = new Int32Array(subjectCount);
  const lastDay = new Int32Array(subjectCount).fill(-1);
  /** Mean hours a day of each subject's pace. */
  const rate = paceTarget.map(
    (t, k) => Math.max(t, sessionHours) / Math.max(1, paceEnd[k] as number),
  );
  /** Hours each subject is owed by its pace curve and not yet given (negative when ahead). */
  const credit = new Float64Array(subjectCount);
  const mandatory = new Float64Array(subjectCount);
  const mandatoryEnd = new Int32Array(subjectCount);
  const pieceSubject = new Int32Array(PIECES_PER_SUBJECT * subjectCount);
  const pieceEnd = new Int32Array(PIECES_PER_SUBJECT * subjectCount);
  const pieceHours = new Float64Array(PIECES_PER_SUBJECT * subjectCount);
  const pieceDue = new Float64Array(PIECES_PER_SUBJECT * subjectCount);
  const pieceOrder = new Int32Array(PIECES_PER_SUBJECT * subjectCount);
  const pieces: Pieces = {
    subject: pieceSubject,
    end: pieceEnd,
    hours: pieceHours,
    due: pieceDue,
    order: pieceOrder,
  };

  let d = 0;
  let tpl = tplOf(0);
  let dayOwners: Int16Array = new Int16Array(0);
  let orderPos = 0;
  const paceLeft = (k: number) => (paceTarget[k] as number) - (placed[k] as number);
  const nextFreePlace = (): number => {
    while (
      orderPos < tpl.order.length &&
      (dayOwners[tpl.order[orderPos] as number] as number) !== -1
    )
      orderPos++;
    return orderPos < tpl.order.length ? (tpl.order[orderPos] as number) : -1;
  };
  const give = (k: number, place: number) => {
    dayOwners[place] = k;
    lastDay[k] = d;
    const hours = placeHours(tpl, place);
    today[k] = (today[k] ?? 0) + 1;
    placed[k] = (placed[k] as number) + hours;
    weekCap.add(d, hours);
    credit[k] = (credit[k] as number) - hours;
    if (d >= (windowEnd[k] as number) - CRAM_DAYS) cramHours[k] = (cramHours[k] as number) + hours;
    if (d >= (windowEnd[k] as number) - LAST_WEEK_DAYS)
      lastWeekHours[k] = (lastWeekHours[k] as number) + hours;
  };
  /**
   * Anti-cramming (M8) on what the subject has so far: one more session in its last 3 days keeps
   * them at most a quarter of its hours (or 2 sessions), in its last week at most twice its mean
   * week (or the one session of the final review). Later sessions there only raise those shares.
   */
  const endOk = (k: number, hours: number): boolean => {
    const examDay = windowEnd[k] as number;
    if (!model.examInPlan[k] || examDay < CRAM_MIN_WINDOW || d < examDay - LAST_WEEK_DAYS)
      return true;
    const total = (placed[k] as number) + (finalHours[k] as number) + hours;
    if (
      (lastWeekHours[k] as number) + hours >
      lastWeekAllowance(total, examDay, sessionHours) + EPS
    )
      return false;
    if (d < examDay - CRAM_DAYS) return true;
    return (cramHours[k] as number) + hours <= cramAllowance(total, sessionHours) + EPS;
  };
  /** Stage 6 (docs/planner.md, The pace): every subject earns its credit for day d. */
  const earnCredit = () => {
    for (let k = 0; k < subjectCount; k++) {
      if (d >= (paceEnd[k] as number)) continue;
      const cum = pace[k] as Float64Array;
      const before = d > 0 ? (cum[d - 1] as number) : 0;
      const left = 1 - before;
      if (left <= EPS) continue;
      const pending = Math.max(0, paceLeft(k) - (credit[k] as number));
      const inc = (pending * ((cum[d] as number) - before)) / left;
      // Owed work beyond one and a half sessions (over today's share) is spread again over the
      // days left, so a subject held back catches up gradually.
      credit[k] = Math.min((credit[k] as number) + inc, inc + CREDIT_CAP * sessionHours);
    }
  };
  // Mandatory: what must happen today for every exam's demand to fit in the days left. Each
  // subject's remaining hours are split into pieces with virtual deadlines: what its last week
  // (twice the mean week, M8) and its last 3 days cannot hold must be done before them, so the
  // guard spreads that work out instead of leaving it for the days before the exam.
  // First with the real deadlines only (what EDF needs to deliver every need), then with the
  // virtual ones too, on the places left: moving a subject's own work earlier never takes a
  // place another exam needed, since the first pass already secured those.
  const placeMandatory = (virtual: boolean) => {
    mandatory.fill(0);
    let pieceCount = 0;
    for (const k of edfOrder) {
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
      // A virtual deadline at `start`: what the days from `start` to the exam cannot hold (their
      // cap less what they already have, in whole sessions: a forced place is a whole one) is
      // due before `start`.
      const dueBefore = (start: number, cap: number, booked: number) => {
        if (!virtual || !Number.isFinite(cap) || start <= d || start >= subjectPaceEnd) return;
        const room = Math.max(0, cap - booked);
        const before = Math.max(0, needLeft - sessionHours * Math.floor(room / sessionHours + EPS));
        if (before <= done + EPS) return;
        pieceSubject[pieceCount] = k;
        pieceEnd[pieceCount] = start;
        pieceHours[pieceCount++] = before - done;
        done = before;
      };
      dueBefore(examDay - LAST_WEEK_DAYS, lastWeekCap[k] as number, lastWeekHours[k] as number);
      dueBefore(examDay - CRAM_DAYS, cramCap[k] as number, cramHours[k] as number);
      if (needLeft > done + EPS) {
        pieceSubject[pieceCount] = k;
        // The virtual pass, while the needs fit under the cap: the need is due before the final
        // review's day, so that day holds the final review alone (M7's daily shape) unless the
        // days before cannot hold the need.
        pieceEnd[pieceCount] =
          virtual && !model.needsOverCap && (finalDay[k] as number) > d
            ? (finalDay[k] as number)
            : subjectPaceEnd;
        pieceHours[pieceCount++] = needLeft - done;
      }
    }
    sortPiecesByEnd(pieces, pieceCount);
    assignDueToday(pieces, pieceCount, suffixFree, d, sessionHours, mandatory, mandatoryEnd);
    orderPos = 0;
    // Earliest mandatory end first; subjects due together alternate (fewest sessions today).
    for (;;) {
      let k = -1;
      for (const j of edfOrder) {
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
      const place = nextFreePlace();
      if (place < 0) break;
      give(k, place);
      mandatory[k] = (mandatory[k] as number) - placeHours(tpl, place);
    }
  };
  // Pace: each subject earns credit every day, its remaining target (less what it is already
  // owed) spread over its pace curve from today on; a place goes to the subject owed most,
  // once it is owed at least half a session. Re-spreading from today means a subject held back
  // (by exams before it) catches up over the rest of its window instead of in one burst, so
  // subjects stay interleaved and evenly spaced. A second session the same day only when a
  // subject is still owed a whole session after its first.
  const placePace = () => {
    for (;;) {
      const place = nextFreePlace();
      if (place < 0) break;
      const hours = placeHours(tpl, place);
      // The pace books a day up to its limit, and only what the weekly cap leaves
      // (docs/planner.md, Workload); when the needs alone pass the cap, a subject still short of
      // its need may pass the cap too.
      let dayHours = 0;
      for (let i = 0; i < dayOwners.length; i++)
        if ((dayOwners[i] as number) >= 0) dayHours += placeHours(tpl, i);
      if (dayHours > EPS && dayHours + hours > (dayLimit[d] as number) + EPS) break;
      const capFull = !weekCap.fits(d, hours);
      if (capFull && !model.needsOverCap) break;
      // The day so far, for the no-three-in-a-row rule (kept as counts: this is the hot loop).
      let dayTotal = 0;
      let dayMost = 0;
      let dayDistinct = 0;
      for (let j = 0; j < subjectCount; j++) {
        const sessions = today[j] as number;
        dayTotal += sessions;
        if (sessions > dayMost) dayMost = sessions;
        if (sessions > 0) dayDistinct++;
      }
      let bestSubject = -1;
      let bestScore = 0;
      for (let k = 0; k < subjectCount; k++) {
        if (d >= (paceEnd[k] as number)) continue;
        const remaining = paceLeft(k);
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
        if (!endOk(k, hours)) continue;
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
      if (bestSubject < 0) break;
      give(bestSubject, place);
    }
  };
  for (d = 0; d < days; d++) {
    tpl = tplOf(d);
    dayOwners = owners[d] as Int16Array;
    today.fill(0);
    for (let i = 0; i < dayOwners.length; i++)
      if ((dayOwners[i] as number) >= 0)
        today[dayOwners[i] as number] = (today[dayOwners[i] as number] ?? 0) + 1;
    earnCredit();
    // Stage 5 (docs/planner.md, The EDF guard): the real deadlines, then the virtual ones.
    placeMandatory(false);
    placeMandatory(true);
    placePace();
  }
  return placed;
}

/**
 * Anti-cramming budgets (M8) of each subject: its hours so far in its last 3 days and last 7
 * days before the exam (the final review when it falls there), and their caps.
 */
function lastDaysBudget(
  model: PlanModel,
  subjectCount: number,
  sessionHours: number,
  windowEnd: Int32Array,
  finalDay: number[],
  finalHours: Float64Array,
) {
  const cramHours = new Float64Array(subjectCount);
  // Hours in the last 7 days before the exam, and their cap: twice the mean week (M8), or the one
  // session of the final review. Computed on the need (the part of the target that is sure to be
  // placed), so the guard's virtual deadlines hold whatever the soft rest of the target becomes.
  const lastWeekHours = new Float64Array(subjectCount);
  const lastWeekCap = Float64Array.from(model.deliverable, (t, k) =>
    model.examInPlan[k] && (windowEnd[k] as number) >= CRAM_MIN_WINDOW
      ? lastWeekAllowance(t, windowEnd[k] as number, sessionHours)
      : Number.POSITIVE_INFINITY,
  );
  const cramCap = Float64Array.from(model.deliverable, (t, k) =>
    model.examInPlan[k] && (windowEnd[k] as number) >= CRAM_MIN_WINDOW
      ? cramAllowance(t, sessionHours)
      : Number.POSITIVE_INFINITY,
  );
  for (let k = 0; k < subjectCount; k++) {
    const reviewDay = finalDay[k] as number;
    if (reviewDay >= 0 && reviewDay >= (windowEnd[k] as number) - CRAM_DAYS)
      cramHours[k] = finalHours[k] as number;
    if (reviewDay >= 0 && reviewDay >= (windowEnd[k] as number) - LAST_WEEK_DAYS)
      lastWeekHours[k] = finalHours[k] as number;
  }
  return { cramHours, lastWeekHours, lastWeekCap, cramCap };
}

/**
 * Sorts the first `pieceCount` pieces by end into `pieces.order` (insertion sort: a few dozen
 * pieces, and no comparator closure per day); pieces ending together keep their order.
 */
function sortPiecesByEnd(pieces: Pieces, pieceCount: number): void {
  const { end: pieceEnd, order: pieceOrder } = pieces;
  for (let x = 0; x < pieceCount; x++) pieceOrder[x] = x;
  const byEnd = pieceOrder; // the first pieceCount entries
  for (let a = 1; a < pieceCount; a++) {
    const x = byEnd[a] as number;
    let b = a - 1;
    while (b >= 0 && (pieceEnd[byEnd[b] as number] as number) > (pieceEnd[x] as number)) {
      byEnd[b + 1] = byEnd[b] as number;
      b--;
    }
    byEnd[b + 1] = x;
  }
}

/**
 * The EDF guard's demand-bound step for day d: going through the pieces by end, what the free
 * capacity from tomorrow to a piece's end cannot hold is due today (`pieces.due`), and adds to
 * `mandatory[k]` (with `mandatoryEnd[k]`, its earliest end).
 */
function assignDueToday(
  pieces: Pieces,
  pieceCount: number,
  suffixFree: Float64Array,
  d: number,
  sessionHours: number,
  mandatory: Float64Array,
  mandatoryEnd: Int32Array,
): void {
  const {
    subject: pieceSubject,
    end: pieceEnd,
    hours: pieceHours,
    due: pieceDue,
    order: byEnd,
  } = pieces;
  let prefixDemand = 0;
  let assigned = 0;
  for (let i = 0; i < pieceCount; ) {
    const end = pieceEnd[byEnd[i] as number] as number;
    let j = i;
    while (j < pieceCount && pieceEnd[byEnd[j] as number] === end) j++;
    for (let g = i; g < j; g++) {
      prefixDemand += pieceHours[byEnd[g] as number] as number;
      pieceDue[byEnd[g] as number] = 0;
    }
    const future = (suffixFree[d + 1] as number) - (suffixFree[Math.max(end, d + 1)] as number);
    let need = prefixDemand - future - assigned;
    // Earliest end first; pieces ending together share the hours a session at a time, the one
    // with most left first, so subjects due together alternate instead of going one by one.
    while (need > EPS) {
      let piece = -1;
      let pieceLeft = 0;
      for (let g = 0; g < j; g++) {
        const candidate = byEnd[g] as number;
        const left = (pieceHours[candidate] as number) - (pieceDue[candidate] as number);
        if (left <= EPS) continue;
        if (piece >= 0 && (pieceEnd[candidate] as number) > (pieceEnd[piece] as number)) break;
        if (piece < 0 || left > pieceLeft + EPS) {
          piece = candidate;
          pieceLeft = left;
        }
      }
      if (piece < 0) break;
      const portion = Math.min(need, pieceLeft, sessionHours);
      pieceDue[piece] = (pieceDue[piece] as number) + portion;
      const k = pieceSubject[piece] as number;
      if ((mandatory[k] as number) <= EPS) mandatoryEnd[k] = pieceEnd[piece] as number;
      mandatory[k] = (mandatory[k] as number) + portion;
      need -= portion;
      assigned += portion;
    }
    i = j;
  }
}

/**
 * Stage 3 (docs/planner.md, Final-review reservation): every subject with its exam in the plan
 * and a target reserves one place for its final review, in exam order.
 */
function reserveFinalReviews(
  input: PlannerInput,
  model: PlanModel,
  tplOf: (d: number) => DayTemplate,
  windowEnd: Int32Array,
  targets: Float64Array,
) {
  const subjectCount = input.subjects.length;
  const { days, p0 } = model;
  // Reserve the final review: the latest day with a free place FINAL_REVIEW_NEAR before the
  // exam, else FINAL_REVIEW_FAR before; conflicts go to the earlier exam.
  const owners: Int16Array[] = [];
  for (let d = 0; d < days; d++) owners.push(new Int16Array(tplOf(d).places.length).fill(-1));
  const finalDay = new Array<number>(subjectCount).fill(-1);
  const finalHours = new Float64Array(subjectCount);
  const finalLen = new Int32Array(subjectCount);
  const finalMarked = new Uint8Array(subjectCount);
  const needsShort = model.deliverable.some(
    (x, k) => (model.windowEnd[k] as number) > 0 && x < (model.needs[k] as number) - EPS,
  );
  const byExam = [...Array(subjectCount).keys()].sort(
    (a, b) => (windowEnd[a] as number) - (windowEnd[b] as number) || a - b,
  );
  /** Free hours from the first day to before day d. */
  const capacityUntil = new Float64Array(days + 1);
  for (let d = 0; d < days; d++)
    capacityUntil[d + 1] = (capacityUntil[d] as number) + (model.capacity[d] as number);
  for (const k of byExam) {
    // Every subject with planned work gets its final review reserved: a subject whose target is
    // under two full sessions still ends up with two (shorter places, rounding up), and M9
    // counts sessions, not hours.
    if (!model.examInPlan[k] || (targets[k] as number) <= EPS) continue;
    const examDay = input.subjects[k]?.deadline
      ? dayNumber(input.subjects[k]?.deadline as string) - p0
      : 0;
    // The latest day with a free place; when the needs fit, first a day without another final
    // review, so two exams on one day do not stack their reviews on one day (M7), but only a day
    // by which the subject's need fits (its sessions stay before its final review: an earlier
    // day alone cut a short window's need, M3).
    const pick = (lo: number, hi: number): boolean =>
      (!needsShort && pickOn(lo, hi, true)) || pickOn(lo, hi, false);
    const pickOn = (lo: number, hi: number, alone: boolean): boolean => {
      for (let d = Math.min(hi, days - 1); d >= Math.max(lo, 0); d--) {
        const tpl = tplOf(d);
        if (alone && (owners[d] as Int16Array).some((x) => x !== -1)) continue;
        if (alone && (capacityUntil[d + 1] as number) < (model.needs[k] as number) - EPS) continue;
        for (const i of tpl.order)
          if ((owners[d] as Int16Array)[i] === -1) {
            (owners[d] as Int16Array)[i] = k;
            finalDay[k] = d;
            finalHours[k] = placeHours(tpl, i);
            finalLen[k] = tpl.places[i]?.len ?? 0;
            return true;
          }
      }
      return false;
    };
    if (!pick(examDay - FINAL_REVIEW_NEAR.to, examDay - FINAL_REVIEW_NEAR.from))
      pick(examDay - FINAL_REVIEW_FAR.to, examDay - FINAL_REVIEW_FAR.from);
  }
  return { owners, finalDay, finalHours, finalLen, finalMarked, byExam };
}

/**
 * Stage 4 (docs/planner.md, Pace curves): for each subject, the fraction of its pace target due
 * by the end of each day (0 to 1).
 */
function paceCurves(
  model: PlanModel,
  frontLoad: boolean,
  freeCap: Float64Array,
  paceEnd: Int32Array,
  paceTarget: Float64Array,
  targets: Float64Array,
  needs: Float64Array,
  windowEnd: Int32Array,
  finalHours: Float64Array,
  /** Out: each exam subject's reference first-half share (M10; NaN when not measured). */
  refFirst: Float64Array,
): Float64Array[] {
  const subjectCount = paceEnd.length;
  const { days } = model;
  // Pace curves: cumulative share of each subject's fair share of capacity, tilted to the first
  // half of its window when front-loading (which moves the unused buffer to the end). A subject
  // without an exam in the plan is paced in proportion to capacity (a steady weekly amount,
  // docs/planner.md, Workload); the subjects with exams share what it leaves of each day.
  // When every subject's steady pace fits under the cap on every day, every subject is paced so
  // (the plan then has room for all of them at once; M10's reference).
  const flatCap = new Float64Array(subjectCount);
  for (let k = 0; k < subjectCount; k++)
    for (let d = 0; d < (paceEnd[k] as number); d++)
      flatCap[k] = (flatCap[k] as number) + (freeCap[d] as number);
  const density = new Float64Array(days);
  for (let k = 0; k < subjectCount; k++)
    if ((flatCap[k] as number) > EPS)
      for (let d = 0; d < (paceEnd[k] as number); d++)
        density[d] = (density[d] as number) + (paceTarget[k] as number) / (flatCap[k] as number);
  let allFlat = true;
  for (let d = 0; d < days && allFlat; d++)
    if ((density[d] as number) > model.maxLoad + EPS && (freeCap[d] as number) > EPS)
      allFlat = false;
  // The reference pace of a subject with an exam (M10): in proportion to capacity when every
  // steady pace fits, else its need-weighted share of the days among the subjects with exams.
  for (let k = 0; k < subjectCount; k++) {
    const examDay = windowEnd[k] as number;
    if (!model.examInPlan[k] || examDay < CRAM_MIN_WINDOW) continue;
    let c1 = 0;
    let c = 0;
    for (let d = 0; d < Math.min(examDay, days); d++) {
      let we = 0;
      if (!allFlat)
        for (let j = 0; j < subjectCount; j++)
          if (model.examInPlan[j] && d < (windowEnd[j] as number)) we += needs[j] as number;
      const cap = model.capacity[d] as number;
      const ref = allFlat ? cap : we > EPS ? (cap * (needs[k] as number)) / we : 0;
      c += ref;
      if (2 * d < examDay) c1 += ref;
    }
    if (c > EPS) refFirst[k] = c1 / c;
  }
  const flat = Uint8Array.from(model.examInPlan, (e, k) =>
    (allFlat || !e) && (paceEnd[k] as number) > 0 ? 1 : 0,
  );
  const restCap = freeCap.slice();
  for (let k = 0; k < subjectCount; k++)
    if (flat[k] && (flatCap[k] as number) > EPS)
      for (let d = 0; d < (paceEnd[k] as number); d++)
        restCap[d] = Math.max(
          0,
          (restCap[d] as number) -
            ((paceTarget[k] as number) * (freeCap[d] as number)) / (flatCap[k] as number),
        );
  const examPaceEnd = Int32Array.from(paceEnd, (e, k) => (flat[k] ? 0 : e));
  const weight = paceWeights(restCap, examPaceEnd, paceTarget, model.needs);
  const activeWeight = new Float64Array(days);
  for (let j = 0; j < subjectCount; j++)
    for (let d = 0; d < Math.min(days, examPaceEnd[j] as number); d++)
      activeWeight[d] = (activeWeight[d] as number) + (weight[j] as number);
  // Need-weighted shares of each day, only for the front-load tilt.
  const needWeight = new Float64Array(frontLoad ? days : 0);
  for (let j = 0; j < subjectCount && frontLoad; j++)
    for (let d = 0; d < Math.min(days, windowEnd[j] as number); d++)
      needWeight[d] = (needWeight[d] as number) + (needs[j] as number);
  const pace: Float64Array[] = [];
  for (let k = 0; k < subjectCount; k++) {
    const end = paceEnd[k] as number;
    const cum = new Float64Array(days);
    pace.push(cum);
    if (end <= 0) continue;
    const share = new Float64Array(end);
    for (let d = 0; d < end; d++) {
      const w = activeWeight[d] as number;
      share[d] = flat[k]
        ? ((freeCap[d] as number) * (paceTarget[k] as number)) / (flatCap[k] as number)
        : w > 0
          ? ((restCap[d] as number) * (weight[k] as number)) / w
          : 0;
    }
    // A subject's share of each day grows as earlier exams pass; paced on that share alone, the
    // last weeks would hold several times the mean week (M8). Clip the share of capacity at
    // PACE_CLIP times its capacity-weighted mean (a fixed point, found in a few rounds). Only for
    // subjects with an exam: a subject without one may follow its share to the end (M10).
    let capSum = 0;
    for (let d = 0; d < end; d++) capSum += freeCap[d] as number;
    if (capSum > EPS && model.examInPlan[k] && !flat[k]) {
      let shareSum = 0;
      for (let d = 0; d < end; d++) shareSum += share[d] as number;
      let c = (PACE_CLIP * shareSum) / capSum;
      for (let round = 0; round < CLIP_ROUNDS; round++) {
        let s = 0;
        for (let d = 0; d < end; d++) {
          const cd = freeCap[d] as number;
          s += Math.min(share[d] as number, c * cd);
        }
        c = (PACE_CLIP * s) / capSum;
      }
      for (let d = 0; d < end; d++)
        share[d] = Math.min(share[d] as number, c * (freeCap[d] as number));
    }
    // The last 7 days before the exam hold at most twice the mean week (M8), final review
    // included: scale the pace there down to what is left of that allowance.
    const examDay = windowEnd[k] as number;
    if (model.examInPlan[k] && examDay >= CRAM_MIN_WINDOW && (paceTarget[k] as number) > EPS) {
      const allowance =
        ((1 - LAST_WEEK_MARGIN) * LAST_WEEK_MEAN_WEEKS * DAYS_PER_WEEK * (targets[k] as number)) /
          examDay -
        (finalHours[k] as number);
      const fLast = Math.max(0, allowance) / (paceTarget[k] as number);
      let sAll = 0;
      let sLast = 0;
      for (let d = 0; d < end; d++) {
        sAll += share[d] as number;
        if (d >= examDay - LAST_WEEK_DAYS) sLast += share[d] as number;
      }
      if (sLast > EPS && sLast / sAll > fLast && fLast < 1) {
        const x = (fLast * (sAll - sLast)) / (sLast * (1 - fLast));
        for (let d = Math.max(0, examDay - LAST_WEEK_DAYS); d < end; d++)
          share[d] = (share[d] as number) * x;
      }
    }
    const half = windowEnd[k] as number;
    let s1 = 0;
    let s2 = 0;
    for (let d = 0; d < end; d++) {
      if (2 * d < half) s1 += share[d] as number;
      else s2 += share[d] as number;
    }
    let tilt = 1;
    const target = paceTarget[k] as number;
    // The final review sits in the second half of the window (M9), outside the pace: the pace
    // puts that much more in the first half, so the subject's hours, final review included,
    // follow its share of the window (M10's reference) rather than fall behind it.
    const finalReviewHours = finalHours[k] as number;
    const f0 =
      s1 + s2 > EPS
        ? finalReviewHours > EPS && 2 * (end - 1) >= half
          ? Math.min(
              FRONT_LOAD_MAX_FIRST,
              ((s1 / (s1 + s2)) * (target + finalReviewHours)) / Math.max(target, EPS),
            )
          : s1 / (s1 + s2)
        : 0;
    // A subject without an exam books a steady weekly amount, front-loading or not (Workload).
    if (frontLoad && model.examInPlan[k] && s1 > EPS && s2 > EPS && target > EPS) {
      // Aim at what the subject's fair share of the first half could hold (FRONT_LOAD_AIM of it),
      // even where an early exam keeps its fitted share lower: front-loading takes from that
      // exam's slack.
      // A steady subject aims at its part of what the cap leaves in the first half: its steady
      // share scaled by the room every steady subject has there (docs/planner.md, Workload).
      let fair1 = 0;
      for (let d = 0; 2 * d < half && d < end; d++)
        fair1 += flat[k]
          ? ((share[d] as number) * model.maxLoad) / Math.max(density[d] as number, EPS)
          : ((freeCap[d] as number) * (needs[k] as number)) / (needWeight[d] as number);
      const f = Math.max(
        f0,
        Math.min(FRONT_LOAD_MAX_FIRST, (FRONT_LOAD_AIM * Math.max(s1, fair1)) / target),
      );
      tilt = (f * s2) / ((1 - f) * s1);
    }
    let acc = 0;
    for (let d = 0; d < end; d++) {
      acc += (share[d] as number) * (2 * d < half ? tilt : 1);
      cum[d] = acc;
    }
    for (let d = 0; d < days; d++)
      cum[d] = acc > EPS ? (d < end ? (cum[d] as number) / acc : 1) : 1;
  }
  return pace;
}

/** Most hours the pace books on each day (docs/planner.md, Workload; see DAY_LIMIT). */
function dayLimits(
  pace: Float64Array[],
  paceTarget: Float64Array,
  paceEnd: Int32Array,
  finalDay: number[],
  finalHours: Float64Array,
  capacity: Float64Array,
  sessionHours: number,
): Float64Array {
  const subjectCount = paceEnd.length;
  const days = capacity.length;
  // Most hours the pace books on a day (docs/planner.md, Workload): 1.3 times the share of
  // capacity the pace curves (and final reviews) expect over the 7 days around it, rounded up to
  // whole sessions (M7's daily shape). A plan that books needs, not all free time, then spreads its sessions over the days
  // instead of stacking subjects that fall due together on one day.
  const expect = new Float64Array(days);
  for (let k = 0; k < subjectCount; k++) {
    const cum = pace[k] as Float64Array;
    const target = paceTarget[k] as number;
    for (let d = 0; d < Math.min(days, paceEnd[k] as number); d++)
      expect[d] =
        (expect[d] as number) +
        target * ((cum[d] as number) - (d > 0 ? (cum[d - 1] as number) : 0));
    if ((finalDay[k] as number) >= 0)
      expect[finalDay[k] as number] =
        (expect[finalDay[k] as number] as number) + (finalHours[k] as number);
  }
  const dayLimit = new Float64Array(days);
  for (let d = 0; d < days; d++) {
    let e = 0;
    let c = 0;
    for (
      let x = Math.max(0, d - DAY_LIMIT_REACH);
      x <= Math.min(days - 1, d + DAY_LIMIT_REACH);
      x++
    ) {
      e += expect[x] as number;
      c += capacity[x] as number;
    }
    const expected = c > EPS ? (e * (capacity[d] as number)) / c : 0;
    dayLimit[d] = sessionHours * Math.ceil((DAY_LIMIT * expected) / sessionHours - EPS);
  }
  return dayLimit;
}

/** What the passes after the day loop work on (docs/planner.md, Stages 7-14b). */
interface RepairState {
  model: PlanModel;
  sessionHours: number;
  frontLoad: boolean;
  tplOf: (d: number) => DayTemplate;
  owners: Int16Array[];
  capacity: Float64Array;
  windowEnd: Int32Array;
  targets: Float64Array;
  needs: Float64Array;
  deliverable: Float64Array;
  finalDay: number[];
  finalHours: Float64Array;
  finalLen: Int32Array;
  byExam: number[];
  paceTarget: Float64Array;
  pace: Float64Array[];
  /** Reference first-half share of each subject with an exam (M10; NaN: none). */
  refFirst: Float64Array;
  /** Hours the day loop placed per subject (final reviews aside). */
  placed: Float64Array;
  weekCap: WeekCap;
}

/**
 * Stages 7-14b (docs/planner.md): gap repair, top-ups, need rebalancing, total balancing, run
 * and cramming repair, front shift or even load, and last the weekly-cap repair.
 */
function repairPasses(state: RepairState): void {
  const {
    model,
    sessionHours,
    frontLoad,
    tplOf,
    owners,
    capacity,
    windowEnd,
    targets,
    needs,
    deliverable,
  } = state;
  const { finalDay, finalHours, finalLen, byExam, paceTarget, pace, placed, weekCap } = state;
  const { refFirst } = state;
  // Sessions stay put from a subject's final review on, and out of its last week before the exam.
  const movableBefore = Int32Array.from(windowEnd, (w, k) => {
    let lim = w;
    if ((finalDay[k] as number) >= 0) lim = Math.min(lim, finalDay[k] as number);
    if (model.examInPlan[k] && w >= CRAM_MIN_WINDOW) lim = Math.min(lim, w - LAST_WEEK_DAYS);
    return lim;
  });
  const steady = Uint8Array.from(model.examInPlan, (e, k) =>
    !e && (windowEnd[k] as number) >= owners.length ? 1 : 0,
  );
  repairGaps(tplOf, owners, movableBefore, steady, model.weeks);
  const overloaded = deliverable.some(
    (x, k) => (windowEnd[k] as number) > 0 && x < (needs[k] as number) - EPS,
  );
  // A subject with an exam but nothing planned (EDF gave its hours to earlier exams) has no
  // final review reserved: it gets no sessions from the passes either (M9 would miss one).
  const takes = model.examInPlan.map((inPlan, k) => !inPlan || (targets[k] as number) > EPS);
  const short = Float64Array.from(needs, (need, k) =>
    takes[k] ? Math.max(0, need - (placed[k] as number) - (finalHours[k] as number)) : 0,
  );
  // When the needs cannot all fit, a subject short of its need may take a second session a day.
  const added = topUp(
    tplOf,
    owners,
    movableBefore,
    short,
    byExam,
    NEED_TOP_UP_ROUND,
    undefined,
    overloaded,
  );
  // Then the soft rest of each target, rounded to the nearest session, so a plan reaches its
  // targets whether or not it is front-loaded (places left when the pace ran late).
  const soft = Float64Array.from(paceTarget, (t, k) =>
    Math.max(0, t - (placed[k] as number) - (added[k] as number)),
  );
  topUp(
    tplOf,
    owners,
    movableBefore,
    soft,
    byExam,
    SOFT_TOP_UP_ROUND,
    (k, day) => ((pace[k] as Float64Array)[day] as number) * (paceTarget[k] as number),
    false,
    weekCap,
  );
  // Rounding can leave one subject a little over its need while another is short of its own
  // (every hour counts when the needs fill the plan): hand such a session over.
  rebalanceNeeds(tplOf, owners, needs, windowEnd, finalDay, takes);
  tradeLengths(tplOf, owners, needs, movableBefore, finalDay, takes);
  if (!overloaded)
    balanceTotal(
      tplOf,
      owners,
      movableBefore,
      targets,
      needs,
      finalDay,
      sessionHours,
      weekCap,
      steady,
      model.weeks,
    );
  const examDay = Float64Array.from(windowEnd, (w, k) => (model.examInPlan[k] ? w : Number.NaN));
  repairRuns(tplOf, owners, movableBefore, finalDay, finalLen, examDay);
  repairCramming(tplOf, owners, examDay, finalDay, finalLen, sessionHours, movableBefore);
  if (frontLoad && !overloaded) {
    weekCap.recount(tplOf, owners);
    const examEnd = Int32Array.from(windowEnd, (w, k) => (model.examInPlan[k] ? w : 0));
    frontShift(tplOf, owners, examEnd, finalDay, finalLen, weekCap, steady, model.weeks);
  }
  // Front-loading shapes the load on purpose; otherwise no day should stand far above the mean.
  if (!frontLoad && !overloaded) {
    const horizon = Math.max(0, ...windowEnd);
    weekCap.recount(tplOf, owners);
    balanceHalves(
      tplOf,
      owners,
      windowEnd,
      refFirst,
      movableBefore,
      finalDay,
      finalLen,
      sessionHours,
      weekCap,
    );
    evenLoad(
      tplOf,
      owners,
      capacity,
      horizon,
      movableBefore,
      finalDay,
      sessionHours,
      weekCap,
      examDay,
    );
  }
  // Last: windows the passes left over the weekly cap lose buffer sessions or move them out.
  repairWeekCap(tplOf, owners, weekCap, needs, finalDay, movableBefore, examDay, sessionHours);
  // The cap repair can free places before a subject's last week (buffer it removed): a subject
  // the needs forced to cram may use them now, split into shorter sessions if it must (M8).
  repairCramming(tplOf, owners, examDay, finalDay, finalLen, sessionHours, movableBefore, true);
  // Last, each final review left 4-6 days before its exam takes a place 1-3 days before (M9).
  pullFinalReviewsIn({ tplOf, owners, finalDay, finalLen, examDay, needs, byExam });
}

/**
 * Stage 15 (docs/planner.md, Order within the day): each day's sessions in an order that
 * interleaves subjects, as raw blocks in day order; the final review is marked.
 */
function orderWithinDays(
  tplOf: (d: number) => DayTemplate,
  owners: Int16Array[],
  finalDay: number[],
  finalLen: Int32Array,
  finalMarked: Uint8Array,
): RawBlock[] {
  const days = owners.length;
  const subjectCount = finalDay.length;
  const blocks: RawBlock[] = [];
  // A day has fewer places than half-hours: room for any day's places and subjects.
  const slotAt = new Int32Array(HALF_HOURS);
  const seqAt = new Int32Array(HALF_HOURS);
  const forced = new Int32Array(HALF_HOURS);
  const subsToday = new Int32Array(HALF_HOURS);
  const sessionsLeft = new Int32Array(subjectCount);
  let tpl: DayTemplate;
  let dayOwners: Int16Array;
  for (let d = 0; d < days; d++) {
    tpl = tplOf(d);
    dayOwners = owners[d] as Int16Array;
    // Within the day: no two adjacent sessions of one subject when the mix allows it. Subjects
    // trade only places of the day's full length, so each keeps exactly the hours it was given
    // (a shorter place stays with its owner; the EDF guard and the final review count on that).
    let nSlots = 0;
    let maxLen = 0;
    for (let i = 0; i < dayOwners.length; i++)
      if ((dayOwners[i] as number) >= 0) {
        slotAt[nSlots++] = i;
        const l = (tpl.places[i] as Place).len;
        if (l > maxLen) maxLen = l;
      }
    let nSubs = 0;
    for (let n = 0; n < nSlots; n++) {
      const i = slotAt[n] as number;
      const k = dayOwners[i] as number;
      if ((tpl.places[i] as Place).len !== maxLen) {
        forced[n] = k;
        continue;
      }
      forced[n] = -1;
      if ((sessionsLeft[k] as number) === 0) subsToday[nSubs++] = k;
      sessionsLeft[k] = (sessionsLeft[k] as number) + 1;
    }
    // Most sessions left first (a repeat only when it has at least one more than the next), and
    // never a third in a row: the fewest same-subject neighbours with no run of 3 (M6).
    let prev = -1;
    let run = 0;
    for (let n = 0; n < nSlots; n++) {
      let pick = forced[n] as number;
      if (pick < 0) {
        const after = n + 1 < nSlots ? (forced[n + 1] as number) : -1;
        let bestBad = 0;
        let bestScore = 0;
        for (let x = 0; x < nSubs; x++) {
          const k = subsToday[x] as number;
          const c = sessionsLeft[k] as number;
          if (c === 0) continue;
          const len = (k === prev ? run : 0) + 1 + (k === after ? 1 : 0);
          const bad = len >= RUN_LENGTH ? 1 : 0;
          const score =
            c - (k === prev ? NEIGHBOUR_PENALTY : 0) - (k === after ? NEIGHBOUR_PENALTY : 0);
          if (
            pick < 0 ||
            bad < bestBad ||
            (bad === bestBad && (score > bestScore || (score === bestScore && k < pick)))
          ) {
            pick = k;
            bestBad = bad;
            bestScore = score;
          }
        }
        sessionsLeft[pick] = (sessionsLeft[pick] as number) - 1;
      }
      run = pick === prev ? run + 1 : 1;
      seqAt[n] = pick;
      prev = pick;
    }
    for (let x = 0; x < nSubs; x++) sessionsLeft[subsToday[x] as number] = 0;
    const firstBlock = blocks.length;
    for (let n = 0; n < nSlots; n++) {
      const p = tpl.places[slotAt[n] as number] as Place;
      blocks.push({
        day: d,
        start: p.start,
        len: p.len,
        subject: seqAt[n] as number,
        final: false,
      });
    }
    for (let n = nSlots - 1; n >= 0; n--) {
      const b = blocks[firstBlock + n] as RawBlock;
      const k = b.subject;
      if (finalDay[k] === d && !finalMarked[k] && b.len === finalLen[k]) {
        b.final = true;
        finalMarked[k] = 1;
      }
    }
  }
  return blocks;
}
