/** Checks of hand-edited study blocks against the student's availability; pure. */
import {
  formatClock,
  type Notice,
  parseClock,
  type WizardAvailability,
  weekdayOfDate,
} from '@studybuddy/contracts';
import { notice } from '../notices.js';

export interface BlockRules {
  period: { start: string; end: string };
  availability: WizardAvailability;
  deadlines: Map<string, string | undefined>; // subject name -> YYYY-MM-DD
}

export interface EditedBlock {
  id: number;
  subject: string;
  date: string;
  start: string;
  end: string;
}

export const MAX_BLOCK_MINUTES = 180;

/** Every rule an edited block breaks, as notices naming the block; empty when all hold. */
export function validateBlocks(blocks: EditedBlock[], rules: BlockRules): Notice[] {
  const problems: Notice[] = [];
  const byDate = new Map<string, EditedBlock[]>();
  for (const b of blocks) {
    const label = { subject: b.subject, blockDate: b.date, startTime: b.start, endTime: b.end };
    const start = parseClock(b.start);
    const end = parseClock(b.end);
    if (end <= start) problems.push(notice('block_end_not_after_start', label));
    else if (end - start > MAX_BLOCK_MINUTES)
      problems.push(notice('block_too_long', { ...label, maxHours: MAX_BLOCK_MINUTES / 60 }));
    if (b.date < rules.period.start || b.date > rules.period.end) {
      problems.push(notice('block_outside_period', label));
    }
    const deadline = rules.deadlines.get(b.subject);
    if (deadline && b.date >= deadline) problems.push(notice('block_on_or_after_exam', label));
    const day = rules.availability[weekdayOfDate(b.date)];
    if (!day?.enabled) problems.push(notice('block_not_study_day', label));
    else if (start < parseClock(day.startTime) || end > parseClock(day.endTime)) {
      problems.push(notice('block_outside_study_hours', label));
    } else {
      for (let h = Math.floor(start / 60); h * 60 < end; h++) {
        if (!day.slots[h]) {
          const hourTime = formatClock(h * 60);
          problems.push(notice('block_hour_not_free', { ...label, hourTime }));
          break;
        }
      }
    }
    byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  }
  for (const [date, list] of byDate) {
    const sorted = [...list].sort((a, b) => parseClock(a.start) - parseClock(b.start));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] as EditedBlock;
      const cur = sorted[i] as EditedBlock;
      if (parseClock(cur.start) < parseClock(prev.end)) {
        problems.push(
          notice('block_overlap', {
            blockDate: date,
            subject: prev.subject,
            startTime: prev.start,
            endTime: prev.end,
            otherSubject: cur.subject,
            otherStartTime: cur.start,
            otherEndTime: cur.end,
          }),
        );
      }
    }
    const total =
      sorted.reduce((acc, b) => acc + Math.max(0, parseClock(b.end) - parseClock(b.start)), 0) / 60;
    const day = rules.availability[weekdayOfDate(date)];
    if (day?.enabled && total > day.hours) {
      problems.push(
        notice('block_day_over_hours', {
          blockDate: date,
          plannedHours: total,
          availableHours: day.hours,
        }),
      );
    }
  }
  return problems;
}
