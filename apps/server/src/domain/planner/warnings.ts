/** The plan's warnings, with numbers, in a fixed order the metrics recognise (M2). */
import { formatClock, type Notice, weekdayOf } from '@studybuddy/contracts';
import { fmtHours, notice } from '../notices.js';
import { dayNumber, isoDate } from './dates.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate } from './model.js';
import type { PlanModel, RawBlock } from './plan-model.js';
import type { PlannerInput } from './types.js';

export { fmtHours };

const EPS = 1e-9;
/** Hours a day past which the plan says the day is hard to sustain. */
const LONG_DAY_HOURS = 6;
/** A final review is expected within this many days before the exam. */
const FINAL_REVIEW_DAYS = 6;

/** The warnings of a plan, in a fixed order; the metrics recognise each by its code. */
export function planWarnings(input: PlannerInput, m: PlanModel, raw: RawBlock[]): Notice[] {
  const out: Notice[] = [];
  const L = input.preferences.sessionLength;
  if (m.days === 0) {
    out.push(notice('plan_period_invalid'));
    return out;
  }
  const totalCap = m.capacity.reduce((s, c) => s + c, 0);
  const p1 = m.p0 + m.days - 1;
  if (totalCap <= EPS) out.push(notice('plan_no_study_time'));
  input.subjects.forEach((s) => {
    const D = s.deadline ? dayNumber(s.deadline) : Number.NaN;
    if (!Number.isNaN(D) && D <= m.p0)
      out.push(
        notice('plan_deadline_not_after_start', {
          subject: s.name,
          deadlineDate: isoDate(D),
          startDate: isoDate(m.p0),
        }),
      );
    else if (!Number.isNaN(D) && D > p1 + 1)
      out.push(
        notice('plan_deadline_after_end', {
          subject: s.name,
          deadlineDate: isoDate(D),
          endDate: isoDate(p1),
        }),
      );
  });
  const delivered = new Array<number>(input.subjects.length).fill(0);
  for (const b of raw) delivered[b.subject] = (delivered[b.subject] as number) + b.len / 2;
  if (totalCap > EPS)
    input.subjects.forEach((s, k) => {
      if ((m.windowEnd[k] as number) <= 0) return;
      const need = m.needs[k] as number;
      const got = delivered[k] as number;
      if (got >= need - EPS) return;
      const D = s.deadline ? dayNumber(s.deadline) : Number.NaN;
      out.push(
        !Number.isNaN(D) && D <= p1 + 1
          ? notice('plan_short_before_deadline', {
              subject: s.name,
              needHours: need,
              gotHours: got,
              deadlineDate: isoDate(D),
            })
          : notice('plan_short_in_period', { subject: s.name, needHours: need, gotHours: got }),
      );
    });
  const S = input.subjects.length;
  // Exam day offsets (NaN: none in the plan), then one pass over the blocks for the sessions,
  // the last final review and the hours in the last 3 and 7 days before each exam.
  const exam = input.subjects.map((s, k) =>
    m.examInPlan[k] ? dayNumber(s.deadline as string) - m.p0 : Number.NaN,
  );
  const count = new Int32Array(S);
  const lastFinal = new Int32Array(S).fill(-1);
  const last3 = new Float64Array(S);
  const last7 = new Float64Array(S);
  for (const b of raw) {
    const k = b.subject;
    count[k] = (count[k] as number) + 1;
    if (b.final) lastFinal[k] = Math.max(lastFinal[k] as number, b.day);
    if (b.day >= (exam[k] as number) - CRAM_DAYS) last3[k] = (last3[k] as number) + b.len / 2;
    if (b.day >= (exam[k] as number) - 7) last7[k] = (last7[k] as number) + b.len / 2;
  }
  input.subjects.forEach((s, k) => {
    if (!m.examInPlan[k]) return;
    const D = exam[k] as number;
    const fin = lastFinal[k] as number;
    if ((count[k] as number) < 2 || (fin >= 0 && fin >= D - FINAL_REVIEW_DAYS)) return;
    out.push(
      notice('plan_no_final_review', {
        subject: s.name,
        examDate: isoDate(m.p0 + D),
        count: FINAL_REVIEW_DAYS,
      }),
    );
  });
  // Cramming the plan could not avoid (the repairs move every session they can out of the last
  // week): the other subjects' needs take the time before it, and the student should know (M8).
  // Checked as the metrics check it: the exam day for the last days, the window for the mean.
  input.subjects.forEach((s, k) => {
    const W = m.windowEnd[k] as number;
    if (!m.examInPlan[k] || (count[k] as number) < 4 || W < CRAM_MIN_WINDOW) return;
    const total = delivered[k] as number;
    // A subject short of its need already has a warning that says why.
    if (total < (m.needs[k] as number) - EPS) return;
    const l3 = last3[k] as number;
    const l7 = last7[k] as number;
    if (l3 > Math.max(0.25 * total, 2 * L) + EPS || l7 > Math.max((14 * total) / W, L) + EPS)
      out.push(
        notice('plan_exam_week_crowded', {
          subject: s.name,
          weekHours: l7,
          totalHours: total,
          examDate: isoDate(m.p0 + (exam[k] as number)),
        }),
      );
  });
  const seen = new Set<number>();
  for (let d = 0; d < Math.min(7, m.days); d++) seen.add(weekdayOf(m.p0 + d));
  // Weekdays with the same numbers share one warning.
  const tight = new Map<string, { weekdays: number[]; t: DayTemplate }>();
  for (let w = 0; w < 7; w++) {
    const t = m.templates[w] as DayTemplate;
    if (!seen.has(w) || !t.enabled || t.hours <= EPS || t.packable >= t.hours - EPS) continue;
    const to = Math.max(t.windowStart, t.windowEnd);
    const key = [fmtHours(t.hours), t.windowStart, to, fmtHours(t.packable)].join();
    const group = tight.get(key) ?? { weekdays: [], t };
    group.weekdays.push(w);
    tight.set(key, group);
  }
  for (const { weekdays, t } of tight.values())
    out.push(
      notice('plan_day_slots_too_tight', {
        weekdays,
        allowedHours: t.hours,
        fromTime: formatClock(t.windowStart),
        toTime: formatClock(Math.max(t.windowStart, t.windowEnd)),
        fitHours: t.packable,
        sessionHours: L,
      }),
    );
  const long: number[] = [];
  for (let w = 0; w < 7; w++) {
    const t = m.templates[w] as DayTemplate;
    if (seen.has(w) && t.enabled && t.hours > LONG_DAY_HOURS + EPS) long.push(w);
  }
  if (long.length > 0)
    out.push(notice('plan_days_too_long', { weekdays: long, limitHours: LONG_DAY_HOURS }));
  // The weekly cap (docs/planner.md, Workload): one warning, with the numbers of the window
  // furthest over it. Only the needs make the plan pass it.
  if (m.days >= 7) {
    const used = new Float64Array(m.days);
    for (const b of raw) used[b.day] = (used[b.day] as number) + b.len / 2;
    let worst = -1;
    let worstU = 0;
    let worstC = 0;
    for (let a = 0; a + 6 < m.days; a++) {
      let u = 0;
      let c = 0;
      for (let d = a; d < a + 7; d++) {
        u += used[d] as number;
        c += m.capacity[d] as number;
      }
      if (u > m.maxLoad * c + EPS && (worst < 0 || u * worstC > worstU * c + EPS)) {
        worst = a;
        worstU = u;
        worstC = c;
      }
    }
    if (worst >= 0)
      out.push(
        notice('plan_weeks_too_full', {
          percent: Math.round(m.maxLoad * 100),
          fromDate: isoDate(m.p0 + worst),
          toDate: isoDate(m.p0 + worst + 6),
          usedHours: worstU,
          freeHours: worstC,
        }),
      );
  }
  return out;
}
