import {
  type BusyTime,
  busyOccurrences,
  SESSION_PLACEMENT_MESSAGES,
  type SessionPlacementProblem,
  type StudySession,
  sessionPlacementProblem,
  type WallTime,
} from '@studybuddy/contracts';
import { addDays, addMilliseconds, addMinutes, lightFormat, startOfDay } from 'date-fns';
import { toDateParam } from './week';

/** Where a moved session would go, as instants. */
export interface MoveTarget {
  start: Date;
  end: Date;
}

/** The session moved to start on `day` at `minute` past local midnight, keeping its length. */
export function moveTo(session: StudySession, day: Date, minute: number): MoveTarget {
  const length = Date.parse(session.endTime) - Date.parse(session.startTime);
  const start = addMinutes(startOfDay(day), minute);
  return { start, end: addMilliseconds(start, length) };
}

/** A moment as the browser's local wall clock. */
export function wallTime(instant: Date): WallTime {
  return { date: toDateParam(instant), time: lightFormat(instant, 'HH:mm') };
}

export interface MoveContext {
  busy: readonly BusyTime[];
  /** The exam day of the session's subject, YYYY-MM-DD, or null. */
  examDate: string | null;
  now: Date;
}

/**
 * Why the session cannot go to `target`, by the rule the server applies to the session form
 * (the contracts' sessionPlacementProblem), so a refused drop is refused at once and explained;
 * null when it may go there. Busy time is read in the browser's zone, where the student made it.
 */
export function moveProblem(
  session: StudySession,
  target: MoveTarget,
  context: MoveContext,
): SessionPlacementProblem | null {
  const busy = busyOccurrences(
    context.busy,
    toDateParam(addDays(target.start, -1)),
    toDateParam(addDays(target.end, 1)),
  );
  const moved = target.start.getTime() !== Date.parse(session.startTime);
  return sessionPlacementProblem({
    start: wallTime(target.start),
    end: wallTime(target.end),
    examDate: context.examDate,
    busy,
    movedIntoPast: moved && target.start.getTime() < context.now.getTime(),
  });
}

/** The placement rule a server refusal names (its message is the contract's text), or null. */
export function problemOfMessage(message: string | undefined): SessionPlacementProblem | null {
  const entry = Object.entries(SESSION_PLACEMENT_MESSAGES).find(([, text]) => text === message);
  return (entry?.[0] as SessionPlacementProblem | undefined) ?? null;
}
