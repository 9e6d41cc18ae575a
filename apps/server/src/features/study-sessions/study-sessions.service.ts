import {
  type BusyTime,
  type CheckInStatus,
  SESSION_PLACEMENT_MESSAGES,
  type StudySession,
  type sessionFormInputSchema,
  type sessionMoveInputSchema,
  sessionPlacementProblem,
} from '@studybuddy/contracts';
import type { z } from 'zod';
import { addDays, toZoned } from '../../domain/time/zoned.js';
import { AppError } from '../../platform/app-error.js';
import { localBusy } from '../busy-times/index.js';
import type { SessionFields, StudySessionsRepository } from './study-sessions.repository.js';

type SessionForm = z.output<typeof sessionFormInputSchema>;
type SessionMove = z.output<typeof sessionMoveInputSchema>;
type SessionRow = NonNullable<Awaited<ReturnType<StudySessionsRepository['findSession']>>>;

const sessionNotFound = () => AppError.notFound('Study session not found.');

/** Stored in UTC; `day` is the UTC date of the start (the client shows local times). */
function toDto(r: SessionRow): StudySession {
  return {
    id: r.id,
    planId: r.studyPlanId,
    subjectId: r.subjectId,
    topicId: r.topicId,
    title: r.title,
    day: r.startAt.slice(0, 10),
    startTime: r.startAt,
    endTime: r.endAt,
    subjectName: r.subjectName,
    topicName: r.topicName,
    notes: r.notes,
    reminder: r.reminder === 1,
    kind: sessionKind(r.kind),
    checkIn:
      r.checkInStatus && r.checkedInAt
        ? {
            status: r.checkInStatus as CheckInStatus,
            minutesDone: r.minutesDone,
            rating: r.rating,
            at: r.checkedInAt,
          }
        : null,
  };
}

const KINDS = ['learn', 'review', 'final-review', 'catch-up'] as const;
const sessionKind = (kind: string | null) => KINDS.find((k) => k === kind) ?? null;

export interface StudySessionsDeps {
  sessions: StudySessionsRepository;
  /** The student's busy time (the busy-times feature), which a session may not overlap. */
  listBusyTimes(userId: number): Promise<BusyTime[]>;
  /** The clock; tests set "now" to decide what is in the past. */
  now?: () => Date;
}

export function createStudySessionsService(deps: StudySessionsDeps) {
  const { sessions } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The form's fields once its plan, subject and topic are the student's and nested, and its
   * time is allowed (checkPlacement; docs/product.md, Session placement).
   */
  async function fieldsOf(
    userId: number,
    form: SessionForm,
    before?: SessionRow,
  ): Promise<SessionFields> {
    const placement = await sessions.findPlacement(
      userId,
      form.studyPlan,
      form.subject,
      form.topic,
    );
    if (!placement) {
      throw AppError.validation('Choose a subject and topic of the chosen study plan.', [
        { path: 'topic', message: 'Choose a subject and topic of the chosen study plan.' },
      ]);
    }
    const fields: SessionFields = {
      studyPlanId: form.studyPlan,
      subjectId: form.subject,
      topicId: form.topic,
      title: form.title,
      startAt: new Date(form.startDateTime).toISOString(),
      endAt: new Date(form.endDateTime).toISOString(),
      notes: form.notes,
      reminder: form.reminder,
    };
    await checkPlacement(userId, fields, placement, before);
    return fields;
  }

  /**
   * Refuses (400, with the rule's message on startDateTime) a time the session may not have:
   * on or after its subject's exam day, on busy time, or, when `before` is the stored session,
   * moved into the past. A session whose time and subject stay as they are is not checked
   * again, so a past one (or one that busy time added later overlaps) can still be edited.
   */
  async function checkPlacement(
    userId: number,
    fields: Pick<SessionFields, 'subjectId' | 'startAt' | 'endAt'>,
    placement: { timeZone: string | null; examDate: string | null },
    before?: SessionRow,
  ): Promise<void> {
    const startMoved = !before || Date.parse(before.startAt) !== Date.parse(fields.startAt);
    const unchanged =
      before &&
      !startMoved &&
      Date.parse(before.endAt) === Date.parse(fields.endAt) &&
      before.subjectId === fields.subjectId;
    if (unchanged) return;
    const tz = placement.timeZone ?? 'UTC';
    const start = toZoned(new Date(fields.startAt), tz);
    const end = toZoned(new Date(fields.endAt), tz);
    const problem = sessionPlacementProblem({
      start: { date: start.date, time: start.time },
      end: { date: end.date, time: end.time },
      examDate: placement.examDate,
      busy: localBusy(
        await deps.listBusyTimes(userId),
        addDays(start.date, -1),
        addDays(end.date, 1),
        tz,
      ),
      // Logging a session already done is fine; moving one to a time already gone is not.
      movedIntoPast:
        before !== undefined && startMoved && Date.parse(fields.startAt) < now().getTime(),
    });
    if (problem) {
      const message = SESSION_PLACEMENT_MESSAGES[problem];
      throw AppError.validation(message, [{ path: 'startDateTime', message }]);
    }
  }

  async function read(userId: number, id: number): Promise<StudySession> {
    const row = await sessions.findSession(userId, id);
    if (!row) throw sessionNotFound();
    return toDto(row);
  }

  return {
    /** One session of an accepted plan, as the calendar reads it (404 when not the student's). */
    getSession: read,

    async listSessions(userId: number): Promise<StudySession[]> {
      return (await sessions.listSessions(userId)).map(toDto);
    },

    async createSession(userId: number, form: SessionForm): Promise<StudySession> {
      const id = await sessions.insertSession(
        userId,
        await fieldsOf(userId, form),
        now().toISOString(),
      );
      return read(userId, id);
    },

    async updateSession(userId: number, id: number, form: SessionForm): Promise<StudySession> {
      const before = await sessions.findSession(userId, id);
      if (!before) throw sessionNotFound();
      await sessions.updateSession(
        userId,
        id,
        await fieldsOf(userId, form, before),
        now().toISOString(),
      );
      return read(userId, id);
    },

    /**
     * The calendar's drag or move form: a new start and end under the session form's rules
     * (the contract's time checks, then checkPlacement); plan, topic, title and check-in stay.
     */
    async moveSession(userId: number, id: number, move: SessionMove): Promise<StudySession> {
      const before = await sessions.findSession(userId, id);
      if (!before) throw sessionNotFound();
      const placement = await sessions.findSubjectPlacement(userId, before.subjectId);
      if (!placement) throw sessionNotFound();
      const times = {
        startAt: new Date(move.startDateTime).toISOString(),
        endAt: new Date(move.endDateTime).toISOString(),
      };
      await checkPlacement(userId, { subjectId: before.subjectId, ...times }, placement, before);
      await sessions.moveSession(userId, id, times, now().toISOString());
      return read(userId, id);
    },

    async deleteSession(userId: number, id: number): Promise<void> {
      if (!(await sessions.deleteSession(userId, id))) throw sessionNotFound();
    },
  };
}
export type StudySessionsService = ReturnType<typeof createStudySessionsService>;
