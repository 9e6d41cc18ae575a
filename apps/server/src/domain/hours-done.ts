/**
 * Hours done: the one rule that turns a study session and its check-in into hours studied
 * (docs/product.md, Hours done). The progress charts and the readiness both count with it, so a
 * plan shows the same hours done everywhere. Pure: the caller reads the rows.
 */
import type { CheckInStatus } from '@studybuddy/contracts';

export interface CheckedInSession {
  /** The session's length in hours. */
  hours: number;
  /** How it went as the student checked it in; null while nobody has. */
  checkIn: CheckInStatus | null;
  /** The minutes studied of a partial check-in; null otherwise. */
  minutesDone: number | null;
}

/**
 * The hours a session counts as done. Only the student's check-in says a session was studied:
 * `done` counts the whole session, `partial` the minutes reported (never more than the session
 * lasts), `missed` nothing. A session nobody checked in counts nothing, even once it is over,
 * as the re-plan treats it as unfinished work; the clock and a topic ticked completed do not
 * make study time done.
 */
export function hoursDone(session: CheckedInSession): number {
  const length = Math.max(0, session.hours);
  if (session.checkIn === 'done') return length;
  if (session.checkIn === 'partial')
    return Math.min(length, Math.max(0, session.minutesDone ?? 0) / 60);
  return 0;
}
