/**
 * Readiness per subject (docs/product.md, The living plan): hours needed against hours done (by
 * the one rule of `../hours-done.ts`) and still planned before the deadline, topics covered, and
 * predicted flashcard recall on the deadline. Pure: the service reads the rows, the clock and the
 * free time and passes them in.
 */
import type { SubjectReadiness } from '@studybuddy/contracts';
import { hoursDone } from '../hours-done.js';
import { notice } from '../notices.js';
import { dayNumber } from './dates.js';

const EPS = 1e-6;

export interface ReadinessSession {
  /** Length in hours. */
  hours: number;
  topicId: number | null;
  kind: string | null;
  checkIn: 'done' | 'partial' | 'missed' | null;
  minutesDone: number | null;
  /** Starts now or later. */
  future: boolean;
  /** Starts before the subject's deadline (its exam day, else after the period). */
  beforeDeadline: boolean;
}

export interface ReadinessInput {
  subjectId: number;
  subject: string;
  /** The exam day, YYYY-MM-DD, or null. */
  examDate: string | null;
  /** The plan's period, YYYY-MM-DD inclusive; `end` is the deadline of a subject without exam. */
  period: { start: string; end: string };
  hoursNeeded: number | null;
  weeklyHours: number | null;
  sessions: ReadinessSession[];
  topics: Array<{ id: number; dropped: boolean }>;
  /** Free study hours left before the deadline (0 when the plan has no availability). */
  freeHours: number;
  /** Mean predicted recall of the subject's cards on the deadline; undefined without cards. */
  recall?: number | undefined;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The hours a subject needs: stored, or weekly hours over the period, or its sessions' hours. */
export function hoursNeededOf(input: ReadinessInput): number {
  if (input.hoursNeeded !== null && input.hoursNeeded > 0) return input.hoursNeeded;
  const days = dayNumber(input.period.end) - dayNumber(input.period.start) + 1;
  if (!input.examDate && input.weeklyHours !== null && input.weeklyHours > 0 && days > 0)
    return (input.weeklyHours * days) / 7;
  // Catch-up sessions re-place hours already counted, so they do not add to the need.
  return input.sessions.filter((s) => s.kind !== 'catch-up').reduce((a, s) => a + s.hours, 0);
}

export function subjectReadiness(input: ReadinessInput): SubjectReadiness {
  const needed = hoursNeededOf(input);
  let done = 0;
  let planned = 0;
  const covered = new Set<number>();
  for (const s of input.sessions) {
    const isPlanned = s.future && s.checkIn === null && s.beforeDeadline;
    done += hoursDone(s);
    if (isPlanned) planned += s.hours;
    if (s.topicId !== null && (s.checkIn === 'done' || s.checkIn === 'partial' || isPlanned))
      covered.add(s.topicId);
  }
  const topicsCovered = input.topics.filter((t) => !t.dropped && covered.has(t.id)).length;
  const more = Math.max(0, needed - done - planned);
  const deadlineDate = input.examDate ?? input.period.end;
  const note =
    more <= EPS
      ? notice('readiness_on_track', { doneHours: done, needHours: needed })
      : input.freeHours + EPS >= more
        ? notice('readiness_needs_more', { moreHours: more, deadlineDate })
        : notice('readiness_behind', {
            moreHours: more,
            deadlineDate,
            freeHours: input.freeHours,
          });
  return {
    subjectId: input.subjectId,
    subject: input.subject,
    deadline: input.examDate,
    hoursNeeded: round2(needed),
    hoursDone: round2(done),
    hoursPlanned: round2(planned),
    topicsCovered,
    topicsTotal: input.topics.length,
    ...(input.recall !== undefined ? { recall: round2(input.recall) } : {}),
    status: more <= EPS ? 'on-track' : input.freeHours + EPS >= more ? 'at-risk' : 'behind',
    message: note.message,
    notice: note,
  };
}
