/** Replanning after a missed session (M12): the past stays, the missed work moves. */
import { formatClock, parseClock, SLOT_MINUTES, weekdayOf } from '@studybuddy/contracts';
import { notice } from '../notices.js';
import { dayNumber, isoDate } from './dates.js';
import type { DayTemplate } from './model.js';
import { planModel } from './plan-model.js';
import type { PlannedBlock, PlannerInput, PlannerOutput } from './types.js';

const EPS = 1e-9;

/**
 * Replans after one missed block: everything before it stays, the missed block is dropped and
 * its content moves to the first free place after it (before the subject's final review or
 * exam), preferring days without another session of that subject; the rest is untouched.
 */
export function replanAfterMiss(
  input: PlannerInput,
  plan: PlannerOutput,
  missedIndex: number,
): PlannerOutput {
  const missed = plan.blocks[missedIndex];
  if (!missed) return plan;
  const m = planModel(input);
  const k = missed.subjectIndex;
  const dayOf = (b: PlannedBlock) => dayNumber(b.date) - m.p0;
  const startOf = (b: PlannedBlock) => parseClock(b.start) / SLOT_MINUTES;
  const blocks = plan.blocks.filter((_, i) => i !== missedIndex);
  const md = dayOf(missed);
  const finalDays = blocks
    .filter((b) => b.subjectIndex === k && b.kind === 'final-review')
    .map(dayOf);
  const limit = Math.min(
    m.windowEnd[k] as number,
    ...(missed.kind === 'final-review' ? [] : finalDays),
  );
  const byDay = new Map<number, PlannedBlock[]>();
  for (const b of blocks) {
    const d = dayOf(b);
    if (!byDay.has(d)) byDay.set(d, []);
    byDay.get(d)?.push(b);
  }
  const minutesOf = (b: PlannedBlock) => parseClock(b.end) - parseClock(b.start);
  const durOf = (b: PlannedBlock) => minutesOf(b) / 60;
  const want = minutesOf(missed);
  for (const pass of [0, 1]) {
    for (let d = md + 1; d < limit; d++) {
      // The day's own template: busy time takes half-hours from some days.
      const tpl = m.byDay[d] ?? (m.templates[weekdayOf(m.p0 + d)] as DayTemplate);
      const mine = byDay.get(d) ?? [];
      if (pass === 0 && mine.some((b) => b.subjectIndex === k)) continue;
      const usedH = mine.reduce((s, b) => s + durOf(b), 0);
      const taken = new Set(mine.map(startOf));
      for (const i of tpl.order) {
        const p = tpl.places[i];
        if (!p || taken.has(p.start) || p.len * 30 < want || usedH + p.len / 2 > tpl.hours + EPS)
          continue;
        const block: PlannedBlock = {
          ...missed,
          date: isoDate(m.p0 + d),
          start: formatClock(p.start * 30),
          end: formatClock((p.start + p.len) * 30),
        };
        const next = [...blocks, block].sort(
          (a, b) => dayOf(a) - dayOf(b) || startOf(a) - startOf(b),
        );
        const extra = p.len / 2 - want / 60;
        return {
          ...plan,
          blocks: next,
          summary: plan.summary.map((s, i) =>
            i === k ? { ...s, totalHours: s.totalHours + extra } : s,
          ),
        };
      }
    }
  }
  const name = input.subjects[k]?.name ?? '';
  return {
    ...plan,
    blocks,
    summary: plan.summary.map((s, i) =>
      i === k ? { ...s, totalHours: s.totalHours - want / 60 } : s,
    ),
    warnings: [
      ...plan.warnings,
      notice('plan_missed_session_not_made_up', { subject: name, missedDate: missed.date }),
    ],
  };
}
