/**
 * Placing sessions day by day (docs/planner.md, Stages): final reviews reserved 1-3 days before
 * each exam, pace curves fitted to the targets, the EDF guard on the needs (real deadlines, then
 * the anti-cramming ones), the subject longest overdue on its pace, then the repair and top-up
 * passes of repair.ts and the order within each day. Pure, no I/O.
 */

import { weekdayOf } from '@studybuddy/contracts';
import { LAST_WEEK_DAYS } from './anti-cramming.js';
import { shareBuffer } from './buffer-share.js';
import { chainsToNeeds } from './cram-chain.js';
import { repairCramming } from './cramming-repair.js';
import { dayNumber } from './dates.js';
import { placeDayByDay } from './day-loop.js';
import { orderWithinDays } from './day-order.js';
import { evenLoad } from './even-load.js';
import { placeCrammingExactly } from './exact-cramming.js';
import { pullFinalReviewsIn } from './final-review-pull.js';
import { frontLoadShortfall, keepsFrontLoad, nearerFrontLoad } from './front-load-choice.js';
import { balanceHalves, frontShift } from './front-shift.js';
import { handOverAndTradeBack, tradeFinalReviewLength, tradeLengths } from './length-trades.js';
import { closeLongGaps } from './long-gaps.js';
import { CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import { paceCurves } from './pace-curves.js';
import { placeHours } from './place-hours.js';
import type { PlanModel, RawBlock } from './plan-model.js';
import {
  balanceTotal,
  hoursBySubject,
  rebalanceNeeds,
  repairGaps,
  repairRuns,
  topUp,
} from './repair.js';
import { evenSteadyWeeks } from './steady-weeks.js';
import { twoShorterForOne } from './two-for-one.js';
import { f64, i32, item, num } from './typed.js';
import type { PlannerInput } from './types.js';
import { repairWeekCap, WeekCap } from './week-cap.js';
import { trimPastCeiling } from './workload-ceiling.js';

const EPS = 1e-9;
// The final review (M9): on the latest day with a free place 1-3 days before the exam, else
// 4-6 days before (a review a week before the exam still beats none).
/** Nearest and farthest day before the exam of the final review's first choice of days... */
const FINAL_REVIEW_NEAR = { from: 1, to: 3 };
/** ...and of its second choice. */
const FINAL_REVIEW_FAR = { from: 4, to: 6 };

// Top-ups after the day loop (docs/planner.md, Top-ups): `round` of `topUp`.
/** The need is hard: topped up while any of it is missing. */
const NEED_TOP_UP_ROUND = 0;
/** The soft rest of the target is rounded to the nearest session. */
const SOFT_TOP_UP_ROUND = 0.5;

/**
 * Places sessions day by day; returns raw blocks in day order. With front-loading on, the plan
 * keeps front-loading's promise against the plain plan where one of its two ways of making it
 * can (front-load-choice.ts): the tilted pace first, else the plain pace with the front-loaded
 * repairs.
 */
export function placeSessions(input: PlannerInput, model: PlanModel): RawBlock[] {
  const tilted = placeWith(input, model, 'tilted');
  if (!input.preferences.frontLoad) return tilted;
  const plainInput = { ...input, preferences: { ...input.preferences, frontLoad: false } };
  // Front-loading off, the pace has no tilt either way.
  const plain = placeWith(plainInput, model, 'plain');
  const L = input.preferences.sessionLength;
  const short = frontLoadShortfall(model, L, plain, tilted);
  if (keepsFrontLoad(short)) return tilted;
  const plainPaced = placeWith(input, model, 'plain');
  return nearerFrontLoad(frontLoadShortfall(model, L, plain, plainPaced), short)
    ? plainPaced
    : tilted;
}

/**
 * The pace the day loop follows with front-loading on: tilted towards the first half (stage 4's
 * `frontLoadTilt`), or the plain one, the front shift and the repairs doing the front-loading
 * alone.
 */
type FrontPace = 'tilted' | 'plain';

/** One way of placing the sessions (`placeSessions`). */
function placeWith(input: PlannerInput, model: PlanModel, frontPace: FrontPace): RawBlock[] {
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
  const tplOf = (d: number) => byDay[d] ?? item(templates, weekdayOf(p0 + d));
  const { owners, finalDay, finalHours, finalLen, finalMarked, byExam } = reserveFinalReviews(
    input,
    model,
    tplOf,
    windowEnd,
    targets,
  );
  // The pace stops after the final review: the day after it, else at the window's end.
  const paceEnd = Int32Array.from(windowEnd, (e, k) => {
    const reviewDay = num(finalDay, k);
    return reviewDay >= 0 ? reviewDay + 1 : e;
  });
  const paceTarget = Float64Array.from(targets, (t, k) => Math.max(0, t - f64(finalHours, k)));
  const { freeCap, suffixFree } = freeCapacity(model, capacity, finalDay, finalHours);
  const { pace, refFirst, firstRoom } = paceCurves({
    model,
    frontLoad: frontLoad && frontPace === 'tilted',
    freeCap,
    paceEnd,
    paceTarget,
    targets,
    needs,
    windowEnd,
    finalHours,
  });
  // The weekly cap (docs/planner.md, Workload): only the EDF guard (the needs) may pass it.
  const weekCap = new WeekCap(capacity, model.maxLoad);
  for (let k = 0; k < subjectCount; k++) {
    const reviewDay = num(finalDay, k);
    if (reviewDay >= 0) weekCap.add(reviewDay, f64(finalHours, k));
  }
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
    firstRoom,
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
  for (let k = 0; k < finalDay.length; k++) {
    const reviewDay = num(finalDay, k);
    if (reviewDay >= 0) freeCap[reviewDay] = f64(freeCap, reviewDay) - f64(finalHours, k);
  }
  // When the needs fit under the weekly cap, the guard counts only the cap's share of the days
  // ahead (docs/planner.md, Workload): work that would later have to pass the cap is due now.
  const guardShare = model.needsOverCap ? 1 : model.maxLoad;
  const suffixFree = new Float64Array(model.days + 1);
  for (let d = model.days - 1; d >= 0; d--)
    suffixFree[d] = f64(suffixFree, d + 1) + guardShare * f64(freeCap, d);
  return { freeCap, suffixFree };
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
  // exam, else FINAL_REVIEW_FAR before; conflicts go to the earlier exam, unless its review can
  // move to another day near its own exam (makeRoomNear).
  const owners: Int16Array[] = [];
  for (let d = 0; d < days; d++) owners.push(new Int16Array(tplOf(d).places.length).fill(-1));
  const finalDay = new Array<number>(subjectCount).fill(-1);
  const finalHours = new Float64Array(subjectCount);
  const finalLen = new Int32Array(subjectCount);
  const finalMarked = new Uint8Array(subjectCount);
  const needsShort = model.deliverable.some(
    (x, k) => num(model.windowEnd, k) > 0 && x < num(model.needs, k) - EPS,
  );
  const byExam = [...Array(subjectCount).keys()].sort(
    (a, b) => i32(windowEnd, a) - i32(windowEnd, b) || a - b,
  );
  /** Free hours from the first day to before day d. */
  const capacityUntil = new Float64Array(days + 1);
  for (let d = 0; d < days; d++)
    capacityUntil[d + 1] = f64(capacityUntil, d) + num(model.capacity, d);
  const examDayOf = (k: number) => {
    const deadline = input.subjects[k]?.deadline;
    return deadline ? dayNumber(deadline) - p0 : 0;
  };
  /** Reserves place i of day d for subject k's final review. */
  const reserve = (k: number, d: number, i: number) => {
    item(owners, d)[i] = k;
    finalDay[k] = d;
    finalHours[k] = placeHours(tplOf(d), i);
    finalLen[k] = tplOf(d).places[i]?.len ?? 0;
  };
  // The latest day with a free place (not `skip`); when the needs fit, first a day without
  // another final review, so two exams on one day do not stack their reviews on one day (M7), but
  // only a day by which the subject's need fits (its sessions stay before its final review: an
  // earlier day alone cut a short window's need, M3).
  const pick = (k: number, lo: number, hi: number, skip = -1): boolean =>
    (!needsShort && pickOn(k, lo, hi, true, skip)) || pickOn(k, lo, hi, false, skip);
  const pickOn = (k: number, lo: number, hi: number, alone: boolean, skip: number): boolean => {
    for (let d = Math.min(hi, days - 1); d >= Math.max(lo, 0); d--) {
      if (d === skip) continue;
      const tpl = tplOf(d);
      const own = item(owners, d);
      if (alone && own.some((x) => x !== -1)) continue;
      if (alone && f64(capacityUntil, d + 1) < num(model.needs, k) - EPS) continue;
      for (const i of tpl.order)
        if (own[i] === -1) {
          reserve(k, d, i);
          return true;
        }
    }
    return false;
  };
  const near = (k: number): [lo: number, hi: number] => [
    examDayOf(k) - FINAL_REVIEW_NEAR.to,
    examDayOf(k) - FINAL_REVIEW_NEAR.from,
  ];
  /**
   * Subject k finds no free place near its exam: an earlier exam's review there moves to another
   * day near its own exam, and k takes its place. Seed 53,414,973 #530: H (exam Sunday) took the
   * Friday's first place, B (exam Monday) its second, and F (exam Monday) fell back to Thursday,
   * four days out, while H could have had Thursday, three days before its own exam.
   */
  const makeRoomNear = (k: number): boolean => {
    const [lo, hi] = near(k);
    for (let d = Math.min(hi, days - 1); d >= Math.max(lo, 0); d--) {
      const own = item(owners, d);
      for (const i of tplOf(d).order) {
        const j = own[i] ?? -1;
        if (j < 0) continue;
        const [jLo, jHi] = near(j);
        own[i] = -1;
        if (pick(j, jLo, jHi, d)) {
          reserve(k, d, i);
          return true;
        }
        reserve(j, d, i);
      }
    }
    return false;
  };
  for (const k of byExam) {
    // Every subject with planned work gets its final review reserved: a subject whose target is
    // under two full sessions still ends up with two (shorter places, rounding up), and M9
    // counts sessions, not hours.
    if (!model.examInPlan[k] || f64(targets, k) <= EPS) continue;
    const [lo, hi] = near(k);
    if (!pick(k, lo, hi) && !makeRoomNear(k))
      pick(k, examDayOf(k) - FINAL_REVIEW_FAR.to, examDayOf(k) - FINAL_REVIEW_FAR.from);
  }
  return { owners, finalDay, finalHours, finalLen, finalMarked, byExam };
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
  /** Each front-loaded subject's room in its first half, a share of its hours (NaN: none). */
  firstRoom: Float64Array;
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
  const { refFirst, firstRoom } = state;
  // Sessions stay put from a subject's final review on, and out of its last week before the exam.
  const movableBefore = Int32Array.from(windowEnd, (w, k) => {
    let lim = w;
    const reviewDay = num(finalDay, k);
    if (reviewDay >= 0) lim = Math.min(lim, reviewDay);
    if (model.examInPlan[k] && w >= CRAM_MIN_WINDOW) lim = Math.min(lim, w - LAST_WEEK_DAYS);
    return lim;
  });
  const steady = Uint8Array.from(model.examInPlan, (e, k) =>
    !e && i32(windowEnd, k) >= owners.length ? 1 : 0,
  );
  repairGaps(tplOf, owners, movableBefore, steady, model.weeks);
  const overloaded = deliverable.some((x, k) => i32(windowEnd, k) > 0 && x < f64(needs, k) - EPS);
  // A subject with an exam but nothing planned (EDF gave its hours to earlier exams) has no
  // final review reserved: it gets no sessions from the passes either (M9 would miss one).
  const takes = model.examInPlan.map((inPlan, k) => !inPlan || f64(targets, k) > EPS);
  const short = Float64Array.from(needs, (need, k) =>
    takes[k] ? Math.max(0, need - f64(placed, k) - f64(finalHours, k)) : 0,
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
    Math.max(0, t - f64(placed, k) - num(added, k)),
  );
  topUp(
    tplOf,
    owners,
    movableBefore,
    soft,
    byExam,
    SOFT_TOP_UP_ROUND,
    (k, day) => f64(item(pace, k), day) * f64(paceTarget, k),
    false,
    weekCap,
  );
  // Rounding can leave one subject a little over its need while another is short of its own
  // (every hour counts when the needs fill the plan): hand such a session over.
  rebalanceNeeds(tplOf, owners, needs, windowEnd, finalDay, takes);
  tradeLengths(tplOf, owners, needs, movableBefore, finalDay, takes);
  const examEnd = Int32Array.from(windowEnd, (w, k) => (model.examInPlan[k] ? w : 0));
  tradeFinalReviewLength(
    tplOf,
    owners,
    needs,
    movableBefore,
    { finalDay, finalLen, examEnd },
    takes,
  );
  // Total balancing runs before the buffer share and again after it, as it always did only when no
  // exam's need passes what its window can deliver (an overloaded plan has no spare to balance).
  const balanceUnlessOverloaded = (most?: number) => {
    if (overloaded) return;
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
      examEnd,
      frontLoad,
      most,
      refFirst,
    );
  };
  balanceUnlessOverloaded();
  shareBuffer({
    tplOf,
    owners,
    needs,
    targets,
    movableBefore,
    finalDay,
    steady,
    calendar: model.weeks,
  });
  // The share can leave its givers under their targets, where balancing had stopped while they
  // stood past them: balancing once more gives the plan those hours back (the cap repair then
  // took buffer from the taker's crowded windows, and the front-loaded and plain plans ended more
  // than a session apart, M10's totals; seed 54,321 #421: 66 h off against 70 on, #954).
  balanceUnlessOverloaded();
  const examDay = Float64Array.from(windowEnd, (w, k) => (model.examInPlan[k] ? w : Number.NaN));
  repairRuns(tplOf, owners, movableBefore, finalDay, finalLen, examDay);
  repairCramming(tplOf, owners, examDay, finalDay, finalLen, sessionHours, movableBefore, needs);
  const shiftFront = () => {
    if (!frontLoad || overloaded) return;
    weekCap.recount(tplOf, owners);
    frontShift(
      tplOf,
      owners,
      examEnd,
      finalDay,
      finalLen,
      weekCap,
      steady,
      model.weeks,
      spareUnderTargets(tplOf, owners, targets),
      firstRoom,
      refFirst,
      needs,
    );
  };
  shiftFront();
  // Front-loading shapes the load on purpose; otherwise no day should stand far above the mean.
  const evenOut = !frontLoad && !overloaded;
  const horizon = Math.max(0, ...windowEnd);
  const balanceTheHalves = () =>
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
      steady,
      model.weeks,
      needs,
    );
  const evenTheDays = (keepSteady?: Parameters<typeof evenLoad>[10]) =>
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
      needs,
      keepSteady,
    );
  if (evenOut) {
    weekCap.recount(tplOf, owners);
    balanceTheHalves();
    // The passes since the first gap repair can open a gap of weeks (M4b): once more, before
    // the days are evened out (the gap repair does not look at a day against its week).
    repairGaps(tplOf, owners, movableBefore, steady, model.weeks);
    evenTheDays();
  }
  // Last: windows the passes left over the weekly cap lose buffer sessions or move them out.
  const beforeCapRepair = planHours(tplOf, owners, targets.length);
  // The places as they stand, so the front shift runs again only where the cap repair changed them.
  const beforeCap = frontLoad && !overloaded ? owners.map((o) => o.slice()) : [];
  repairWeekCap(
    tplOf,
    owners,
    weekCap,
    needs,
    finalDay,
    movableBefore,
    examDay,
    sessionHours,
    frontLoad,
    { steady, calendar: model.weeks },
  );
  // The cap repair took buffer from windows the day loop's guard had forced over the cap, where
  // the balancing had added it: the plan then stood more than a session under its targets while
  // other windows had room for them, and the front-loaded plan, whose front shift had moved the
  // late sessions instead, did not (M10 totals; seed 2,386,921 #222: 38 h off against 41 on).
  // Balancing once more books them where the cap has room.
  balanceUnlessOverloaded(beforeCapRepair);
  // The cap repair moves a session out of a full window to the nearest day with room, which with
  // front-loading on is often in its subject's second half (M10, each subject; seed 4,136,058
  // #448: D's two first-half sessions moved to days 53 and 55, D 4.5 of 10 h in its first half on
  // against 5.5 of 10.5 off): the front shift once more, its trades keeping every window's hours.
  if (beforeCap.some((o, d) => !sameOwners(o, owners[d] as Int16Array))) shiftFront();
  // The cap repair moves a session to the nearest day outside a full window, often past the
  // middle of its subject's window: the halves, then the days, once more (M10 off, M7). Then the
  // gaps of weeks the cap repair opened, or the early gap repair could not close (M4b; stage 14b).
  if (evenOut) {
    balanceTheHalves();
    evenTheDays();
    weekCap.recount(tplOf, owners);
    closeLongGaps({
      tplOf,
      owners,
      movableBefore,
      keep: finalDay,
      steady,
      calendar: model.weeks,
      cap: weekCap,
      halves: { windowEnd, refFirst, L: sessionHours },
    });
  }
  // A subject without an exam keeps a steady week: what the exams left it may have piled up in
  // its last weeks (Workload).
  weekCap.recount(tplOf, owners);
  evenSteadyWeeks({
    tplOf,
    owners,
    steady,
    movableBefore,
    cap: weekCap,
    calendar: model.weeks,
    finalDay,
    finalLen,
    sessionHours,
  });
  // A session the steady weeks moved away can leave a day beside it over its line (M7's day
  // against its week; seed 2,999 #144: a day of 3 sessions whose week had held one more): the
  // days once more, keeping the steady weeks.
  if (evenOut) evenTheDays({ steady, calendar: model.weeks });
  // The cap repair can free places before a subject's last week (buffer it removed): a subject
  // the needs forced to cram may use them now, split into shorter sessions if it must (M8).
  const repairCrammingLast = () =>
    repairCramming(
      tplOf,
      owners,
      examDay,
      finalDay,
      finalLen,
      sessionHours,
      movableBefore,
      needs,
      true,
    );
  repairCrammingLast();
  // Last, each final review left 4-6 days before its exam takes a place 1-3 days before (M9).
  pullFinalReviewsIn({ tplOf, owners, finalDay, finalLen, examDay, needs, byExam });
  // The passes since the length trades (cap, cramming, final reviews) move sessions between
  // places of other lengths, and can leave a subject half an hour short again where a trade
  // meets it (seed 12,345 #861: 14.5 of 15 h; seed 60,613 #141): they run once more.
  tradeLengths(tplOf, owners, needs, movableBefore, finalDay, takes, { examEnd, sessionHours });
  // Where no trade of equal sessions meets a need, a spare place handed over and won back by a
  // trade of lengths may (seed 65,537 #670, seed 900,001 #730).
  handOverAndTradeBack(
    tplOf,
    owners,
    needs,
    movableBefore,
    { finalDay, finalLen, examEnd },
    takes,
    sessionHours,
  );
  // Where no trade of one place for one meets a need, two shorter places of a subject over its
  // need for one longer place, handed on through a third subject where the windows ask it
  // (seed 85,440,385 #222).
  twoShorterForOne({
    tplOf,
    owners,
    needs,
    movableBefore,
    finalDay,
    examEnd,
    takes,
    sessionHours,
  });
  // Where none of those meets a need, a chain of exchanges of any lengths through any subjects
  // may, those without an exam keeping steady weeks (cram-chain.ts; seed 5,811,602 #16, 161,803
  // #564).
  const crammed = chainsToNeeds({
    tplOf,
    owners,
    exam: examDay,
    keep: finalDay,
    keepLen: finalLen,
    needs,
    L: sessionHours,
    calendar: model.weeks,
  });
  // A need chain that passed an M8 limit (its last try) may leave more in the last days than the
  // needs force: the cramming repair once more, with every need held (94,589,261 #186).
  if (crammed) repairCrammingLast();
  // Last, no subject past its need plus the buffer and a session: some moves above gain a
  // subject hours that no target counts (stage 14d).
  trimPastCeiling({ tplOf, owners, needs, finalDay, sessionHours, steady, calendar: model.weeks });
  // A subject still over an M8 limit: the nearest plan that holds the least there (stage 14e).
  placeCrammingExactly({
    tplOf,
    owners,
    examDay,
    windowEnd,
    needs,
    finalDay,
    finalLen,
    steady,
    weekLimit: weekCap.limit,
    calendar: model.weeks,
    maxLoad: model.maxLoad,
    capacity,
    sessionHours,
    frontLoad,
  });
}

/** Whether a day's places have the same owners in both. */
function sameOwners(a: Int16Array, b: Int16Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Hours the plan books, all subjects together. */
function planHours(tplOf: (d: number) => DayTemplate, owners: Int16Array[], S: number): number {
  return hoursBySubject(tplOf, owners, S).reduce((a, b) => a + b, 0);
}

/**
 * Hours each subject may still gain before it passes its target, or the plan the sum of the
 * targets (stage 10's goal).
 */
function spareUnderTargets(
  tplOf: (d: number) => DayTemplate,
  owners: Int16Array[],
  targets: Float64Array,
): Float64Array {
  const hours = hoursBySubject(tplOf, owners, targets.length);
  let plan = 0;
  for (let k = 0; k < targets.length; k++) plan += f64(targets, k) - f64(hours, k);
  return Float64Array.from(targets, (t, k) => Math.max(0, Math.min(t - f64(hours, k), plan)));
}
