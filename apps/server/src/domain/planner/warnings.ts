/** The plan's warnings, with numbers, in a fixed order the metrics recognise (research M2). */
import { dayNumber, formatClock, shortDate, WEEKDAY_NAMES, weekdayOf } from './dates.js';
import { CRAM_DAYS, CRAM_MIN_WINDOW, type DayTemplate, WEEK_LOAD_LIMIT } from './model.js';
import type { PlanModel, RawBlock } from './plan-model.js';
import type { PlannerInput } from './types.js';

const EPS = 1e-9;

/** Hours as shown in messages: whole or one decimal. */
export function fmtHours(h: number): string {
  const r = Math.round(h * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/** The warnings of a plan, in a fixed order; each template is recognised by the metrics. */
export function planWarnings(input: PlannerInput, m: PlanModel, raw: RawBlock[]): string[] {
  const out: string[] = [];
  const L = input.preferences.sessionLength;
  if (m.days === 0) {
    out.push('The study period is invalid: the end date must be on or after the start date.');
    return out;
  }
  const totalCap = m.capacity.reduce((s, c) => s + c, 0);
  const p1 = m.p0 + m.days - 1;
  if (totalCap <= EPS)
    out.push(
      'No study time is available: enable at least one day with hours above 0 and free slots inside its time window.',
    );
  input.subjects.forEach((s) => {
    const D = s.deadline ? dayNumber(s.deadline) : Number.NaN;
    if (!Number.isNaN(D) && D <= m.p0)
      out.push(
        `${s.name}: the deadline ${shortDate(D)} is not after the start of the period (${shortDate(m.p0)}), so there is no time to study for it.`,
      );
    else if (!Number.isNaN(D) && D > p1 + 1)
      out.push(
        `${s.name}: the deadline ${shortDate(D)} is after the end of the period (${shortDate(p1)}); the plan stops there and has no final review before the exam.`,
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
          ? `${s.name} needs about ${fmtHours(need)} h before ${shortDate(D)}, only ${fmtHours(got)} h are available.`
          : `${s.name} needs about ${fmtHours(need)} h in this period, only ${fmtHours(got)} h are available.`,
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
    if ((count[k] as number) < 2 || (fin >= 0 && fin >= D - 6)) return;
    out.push(
      `${s.name}: no free session in the 6 days before the exam (${shortDate(m.p0 + D)}), so the plan has no final review for it.`,
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
        `${s.name}: ${fmtHours(l7)} of its ${fmtHours(total)} h fall in the week before the exam (${shortDate(m.p0 + (exam[k] as number))}), as the other subjects need the time before it.`,
      );
  });
  const seen = new Set<number>();
  for (let d = 0; d < Math.min(7, m.days); d++) seen.add(weekdayOf(m.p0 + d));
  const tight = new Map<string, string[]>();
  for (let w = 0; w < 7; w++) {
    const t = m.templates[w] as DayTemplate;
    if (!seen.has(w) || !t.enabled || t.hours <= EPS || t.packable >= t.hours - EPS) continue;
    const tail = `you allow ${fmtHours(t.hours)} h, but the free slots between ${formatClock(t.windowStart)} and ${formatClock(Math.max(t.windowStart, t.windowEnd))} fit only ${fmtHours(t.packable)} h of ${fmtHours(L)}-h sessions with breaks.`;
    tight.set(tail, [...(tight.get(tail) ?? []), `${WEEKDAY_NAMES[w]}s`]);
  }
  for (const [tail, names] of tight) out.push(`On ${names.join(', ')} ${tail}`);
  const long: string[] = [];
  for (let w = 0; w < 7; w++) {
    const t = m.templates[w] as DayTemplate;
    if (seen.has(w) && t.enabled && t.hours > 6 + EPS) long.push(`${WEEKDAY_NAMES[w]}s`);
  }
  if (long.length > 0)
    out.push(
      `More than 6 h of study a day is hard to sustain (${long.join(', ')}); about 4-5 h of focused study is a realistic ceiling.`,
    );
  if (m.days >= 7) {
    const used = new Float64Array(m.days);
    for (const b of raw) used[b.day] = (used[b.day] as number) + b.len / 2;
    for (let a = 0; a + 6 < m.days; a++) {
      let u = 0;
      let c = 0;
      for (let d = a; d < a + 7; d++) {
        u += used[d] as number;
        c += m.capacity[d] as number;
      }
      if (u > WEEK_LOAD_LIMIT * c + EPS) {
        out.push(
          `Some weeks use more than 90% of your free time (${shortDate(m.p0 + a)} to ${shortDate(m.p0 + a + 6)}: ${fmtHours(u)} of ${fmtHours(c)} h), which leaves little room to make up a missed session.`,
        );
        break;
      }
    }
  }
  return out;
}
