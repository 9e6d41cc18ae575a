/**
 * Checks of hand-edited study blocks (an accepted proposal's edits) against the study week the
 * plan was made in: its period, the exam days, and the study week's allowed-slot rule (the
 * student's availability, the plan's wishes and their busy time: docs/planner.md, The study
 * week). Pure.
 */
import {
  busyHalfHours,
  formatClock,
  NO_SLOT_LIMITS,
  type Notice,
  parseClock,
  type SlotDay,
  type SlotLimits,
  slotProblems,
  touchedHalfHours,
  type WizardAvailability,
  weekdayOfDate,
} from '@studybuddy/contracts';
import { notice } from '../notices.js';

/** Busy time on a dated local day, 'HH:MM' times ('24:00' ends the day). */
export interface DatedBusy {
  date: string;
  start: string;
  end: string;
}

export interface BlockRules {
  period: { start: string; end: string };
  availability: WizardAvailability;
  deadlines: Map<string, string | undefined>; // subject name -> YYYY-MM-DD
  /** The plan's wishes as the planner applied them (blocked days, time bounds, a daily cap). */
  limits?: SlotLimits;
  /** The student's busy time over the period: no block may touch it. */
  busy?: readonly DatedBusy[];
}

export interface EditedBlock {
  id: number;
  subject: string;
  date: string;
  start: string;
  end: string;
}

type Label = { subject: string; blockDate: string; startTime: string; endTime: string };

export const MAX_BLOCK_MINUTES = 180;

/** Every rule an edited block breaks, as notices naming the block; empty when all hold. */
export function validateBlocks(blocks: EditedBlock[], rules: BlockRules): Notice[] {
  const busyOn = new Map<string, DatedBusy[]>();
  for (const b of rules.busy ?? []) busyOn.set(b.date, [...(busyOn.get(b.date) ?? []), b]);
  const days = new Map<string, SlotDay>();
  const dayOf = (date: string): SlotDay => {
    let day = days.get(date);
    if (!day) {
      const busy = busyHalfHours(busyOn.get(date) ?? []);
      const limits = rules.limits ?? NO_SLOT_LIMITS;
      day = slotProblems(rules.availability, weekdayOfDate(date), limits, busy);
      days.set(date, day);
    }
    return day;
  };
  const problems: Notice[] = [];
  const byDate = new Map<string, EditedBlock[]>();
  for (const b of blocks) {
    problems.push(...blockProblems(b, rules, dayOf(b.date), busyOn.get(b.date) ?? []));
    byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  }
  for (const [date, list] of byDate) problems.push(...dayProblems(date, list, dayOf(date)));
  return problems;
}

/** The rules one block breaks on its own: times, period, exam day, the allowed slots. */
function blockProblems(
  b: EditedBlock,
  rules: BlockRules,
  day: SlotDay,
  busy: readonly DatedBusy[],
): Notice[] {
  const out: Notice[] = [];
  const label: Label = {
    subject: b.subject,
    blockDate: b.date,
    startTime: b.start,
    endTime: b.end,
  };
  const start = parseClock(b.start);
  const end = parseClock(b.end);
  if (end <= start) out.push(notice('block_end_not_after_start', label));
  else if (end - start > MAX_BLOCK_MINUTES)
    out.push(notice('block_too_long', { ...label, maxHours: MAX_BLOCK_MINUTES / 60 }));
  if (b.date < rules.period.start || b.date > rules.period.end) {
    out.push(notice('block_outside_period', label));
  }
  const deadline = rules.deadlines.get(b.subject);
  if (deadline && b.date >= deadline) out.push(notice('block_on_or_after_exam', label));
  const slot = slotNotice(label, start, end, day, busy);
  if (slot) out.push(slot);
  return out;
}

/**
 * What the allowed-slot rule says of a block, the first of: not a study day, outside the day's
 * window (in minutes, after the wishes), a clock hour it touches is not free, busy time touches
 * one of its half-hours (the half-hour grid the planner uses: busy 10:15-11:00 takes 10:00-11:00).
 */
function slotNotice(
  label: Label,
  start: number,
  end: number,
  day: SlotDay,
  busy: readonly DatedBusy[],
): Notice | undefined {
  if (!day.enabled) return notice('block_not_study_day', label);
  if (start < day.start || end > day.end) return notice('block_outside_study_hours', label);
  const { from, to } = touchedHalfHours(start, end);
  for (let h = from; h < to; h++)
    if (day.problems[h] === 'hour-not-free')
      return notice('block_hour_not_free', { ...label, hourTime: formatClock((h >> 1) * 60) });
  for (let h = from; h < to; h++) {
    if (day.problems[h] !== 'busy') continue;
    const taken = busy.find((x) => {
      const t = touchedHalfHours(parseClock(x.start), parseClock(x.end));
      return t.from <= h && h < t.to;
    });
    return notice('block_on_busy_time', {
      ...label,
      busyStartTime: taken?.start ?? formatClock(h * 30),
      busyEndTime: taken?.end ?? formatClock(h * 30 + 30),
    });
  }
  return undefined;
}

/** The rules a day's blocks break together: overlaps, and more hours than the day allows. */
function dayProblems(date: string, list: EditedBlock[], day: SlotDay): Notice[] {
  const out: Notice[] = [];
  const sorted = [...list].sort((a, b) => parseClock(a.start) - parseClock(b.start));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as EditedBlock;
    const cur = sorted[i] as EditedBlock;
    if (parseClock(cur.start) < parseClock(prev.end)) {
      out.push(
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
  if (day.enabled && total > day.hours) {
    out.push(
      notice('block_day_over_hours', {
        blockDate: date,
        plannedHours: total,
        availableHours: day.hours,
      }),
    );
  }
  return out;
}
