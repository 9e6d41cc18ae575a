/**
 * Stage 14c (docs/planner.md, Final-review reservation): the last look at the final reviews. The
 * reservation gives each exam, in exam order, the latest free place 1-3 days before it, else
 * 4-6 days before. By the end of the passes a review left 4-6 days out may have a better place:
 * the days 1-3 before its exam can hold another subject's ordinary session (a subject that got a
 * single session keeps it as a learning session, so its reservation never became a review), or
 * a place the passes freed. Pure, bounded (one scan per subject), deterministic.
 */
import { type DayTemplate, REVIEW_NEAR_DAYS } from './model.js';
import { hoursBySubject, runsOk, shortPlacesOk } from './repair.js';

const EPS = 1e-9;

/** What the pass works on: the plan's places, its final reviews and each subject's need. */
interface FinalReviews {
  tplOf: (d: number) => DayTemplate;
  owners: Int16Array[];
  /** Day and length (half-hours) of each subject's final review; updated by the pass. */
  finalDay: number[];
  finalLen: Int32Array;
  /** Each subject's exam day (NaN: none in the plan) and need in hours. */
  examDay: Float64Array;
  needs: Float64Array;
  byExam: number[];
}

/**
 * Moves each final review that sits 4-6 days before its exam into the 3 days before it: into a
 * free place of its length, else swapping with another subject's ordinary session there, which
 * takes the review's place (earlier, so still inside its own window). Both days keep their
 * sessions; a swap is skipped when it would leave three sessions of one subject in a row, or,
 * for places of different lengths, deliver less of the two subjects' needs than before. A
 * subject with a single session has no review: its reserved place is an ordinary session.
 */
export function pullFinalReviewsIn(plan: FinalReviews): void {
  const { owners, finalDay, examDay, byExam, tplOf } = plan;
  const hours = hoursBySubject(tplOf, owners, finalDay.length);
  const sessions = new Int32Array(finalDay.length);
  for (const own of owners) for (const k of own) if (k >= 0) sessions[k] = (sessions[k] ?? 0) + 1;
  for (const k of byExam) {
    const exam = examDay[k] as number;
    if (Number.isNaN(exam) || (sessions[k] ?? 0) < 2) continue;
    if ((finalDay[k] as number) < 0) giveReview(plan, hours, sessions, k, exam);
    else pullIn(plan, hours, sessions, k, exam, exam - REVIEW_NEAR_DAYS);
  }
}

/**
 * Moves k's review from its day into the days from `lo` to the day before the exam (latest
 * first); returns whether it moved.
 */
function pullIn(
  plan: FinalReviews,
  hours: Float64Array,
  sessions: Int32Array,
  k: number,
  exam: number,
  lo: number,
): boolean {
  const { owners, finalDay, finalLen, tplOf } = plan;
  const from = finalDay[k] as number;
  if (from < 0 || from >= lo) return false;
  const at = placeOf(tplOf(from), owners[from] as Int16Array, k, finalLen[k] as number);
  if (at < 0) return false;
  for (let d = exam - 1; d >= lo && d > from; d--) {
    const i = takePlaceOn(plan, hours, sessions, k, from, at, d);
    if (i < 0) continue;
    const j = (owners[from] as Int16Array)[at] as number;
    // A lone session that was its subject's reservation moves with its day.
    if (j >= 0 && finalDay[j] === d) {
      finalDay[j] = from;
      finalLen[j] = tplOf(from).places[at]?.len ?? 0;
    }
    finalDay[k] = d;
    finalLen[k] = tplOf(d).places[i]?.len ?? 0;
    return true;
  }
  return false;
}

/**
 * A subject with no review reserved (another exam's reservation took the only places before its
 * exam): its latest session within 3, else 6, days of the exam becomes the review; failing that,
 * its latest session moves there as above, and becomes it; else it has none.
 */
function giveReview(
  plan: FinalReviews,
  hours: Float64Array,
  sessions: Int32Array,
  k: number,
  exam: number,
): void {
  const { owners, finalDay, finalLen, tplOf } = plan;
  let latest = -1;
  let latestAt = -1;
  for (let d = 0; d < Math.min(exam, owners.length); d++) {
    const own = owners[d] as Int16Array;
    for (let i = 0; i < own.length; i++)
      if (own[i] === k) {
        latest = d;
        latestAt = i;
      }
  }
  if (latest < 0) return;
  finalDay[k] = latest;
  finalLen[k] = tplOf(latest).places[latestAt]?.len ?? 0;
  for (const lo of [exam - REVIEW_NEAR_DAYS, exam - 2 * REVIEW_NEAR_DAYS])
    if (latest >= lo || pullIn(plan, hours, sessions, k, exam, lo)) return;
  // Nowhere near the exam: no review rather than one weeks before it.
  finalDay[k] = -1;
}

/** Subject k's place of `len` half-hours on the day, or -1. */
function placeOf(tpl: DayTemplate, own: Int16Array, k: number, len: number): number {
  for (let i = 0; i < own.length; i++) if (own[i] === k && tpl.places[i]?.len === len) return i;
  return -1;
}

/**
 * Gives subject k a place on day d for its review at place `at` of day `from`: a free place of
 * the same length first (nobody else moves), else another subject's ordinary session, which
 * moves to `at`. Returns the place taken on day d, or -1.
 */
function takePlaceOn(
  plan: FinalReviews,
  hours: Float64Array,
  sessions: Int32Array,
  k: number,
  from: number,
  at: number,
  d: number,
): number {
  const { tplOf, owners, finalDay, needs } = plan;
  const tpl = tplOf(d);
  const own = owners[d] as Int16Array;
  const fromTpl = tplOf(from);
  const fromOwn = owners[from] as Int16Array;
  const len = fromTpl.places[at]?.len ?? 0;
  const delivered = (j: number, h: number) => Math.min(h, needs[j] as number);
  for (const free of [true, false])
    for (let i = 0; i < own.length; i++) {
      const j = own[i] as number;
      const size = tpl.places[i]?.len ?? 0;
      if (j === k || (free ? j !== -1 || size !== len : j < 0)) continue;
      // Another subject's own final review stays where it is.
      if (j >= 0 && finalDay[j] === d && (sessions[j] ?? 0) >= 2) continue;
      if (j >= 0 && size !== len) {
        // Places of different lengths move hours between the two: never less of their needs.
        const gain = (size - len) / 2;
        const hk = hours[k] as number;
        const hj = hours[j] as number;
        const before = delivered(k, hk) + delivered(j, hj);
        if (delivered(k, hk + gain) + delivered(j, hj - gain) < before - EPS) continue;
      }
      own[i] = k;
      fromOwn[at] = j;
      // A place left free must not leave a shorter place in use beside it (M1).
      if (runsOk(own, -1) && runsOk(fromOwn, -1) && shortPlacesOk(fromTpl, fromOwn)) {
        const gain = (size - len) / 2;
        hours[k] = (hours[k] as number) + gain;
        if (j >= 0) hours[j] = (hours[j] as number) - gain;
        return i;
      }
      own[i] = j;
      fromOwn[at] = k;
    }
  return -1;
}
