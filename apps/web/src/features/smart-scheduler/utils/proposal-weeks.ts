import { type Proposal, type WeekStart, weekStartDate } from '@studybuddy/contracts';
import { addDays } from './dates';

type Day = Proposal['schedule'][number];

/** One calendar week of a proposal, from the student's week start (Sunday or Monday). */
export interface ProposalWeek {
  /** 1 for the week of the first session, and so on. */
  number: number;
  /** The week's first and last day, 'YYYY-MM-DD'. */
  start: string;
  end: string;
  /** The seven dates, the week start first, each with its blocks (none on a free day). */
  days: { date: string; blocks: Day['blocks'] }[];
  /** The proposal's days in this week, as the list shows them. */
  scheduled: Day[];
  /** Hours per subject this week, by subject name (0 when none). */
  hours: Record<string, number>;
  total: number;
}

/**
 * The proposal's schedule as calendar weeks from the first session's week to the last's, each
 * starting on the student's week start (the study week's weekStartDate), with the hours per
 * subject of each; `subjects` names every subject (so a week without one shows 0).
 */
export function proposalWeeks(
  schedule: Proposal['schedule'],
  subjects: readonly string[],
  weekStart: WeekStart,
): ProposalWeek[] {
  const first = schedule[0];
  const last = schedule.at(-1);
  if (!first || !last) return [];
  const byDate = new Map(schedule.map((d) => [d.date, d]));
  const weeks: ProposalWeek[] = [];
  for (
    let start = weekStartDate(first.date, weekStart);
    start <= last.date;
    start = addDays(start, 7)
  ) {
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = addDays(start, i);
      return { date, blocks: byDate.get(date)?.blocks ?? [] };
    });
    const hours: Record<string, number> = Object.fromEntries(subjects.map((s) => [s, 0]));
    let total = 0;
    for (const day of days)
      for (const b of day.blocks) {
        hours[b.subject] = (hours[b.subject] ?? 0) + b.duration;
        total += b.duration;
      }
    weeks.push({
      number: weeks.length + 1,
      start,
      end: addDays(start, 6),
      days,
      scheduled: days.flatMap((d) => {
        const day = byDate.get(d.date);
        return day ? [day] : [];
      }),
      hours,
      total,
    });
  }
  return weeks;
}
