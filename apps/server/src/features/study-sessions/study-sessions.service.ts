import type { CheckInStatus, StudySession, sessionFormInputSchema } from '@studybuddy/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import type { SessionFields, StudySessionsRepository } from './study-sessions.repository.js';

type SessionForm = z.output<typeof sessionFormInputSchema>;
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

export function createStudySessionsService(deps: { sessions: StudySessionsRepository }) {
  const { sessions } = deps;

  async function fieldsOf(userId: number, form: SessionForm): Promise<SessionFields> {
    if (!(await sessions.placementIsValid(userId, form.studyPlan, form.subject, form.topic))) {
      throw AppError.validation('Choose a subject and topic of the chosen study plan.', [
        { path: 'topic', message: 'Choose a subject and topic of the chosen study plan.' },
      ]);
    }
    return {
      studyPlanId: form.studyPlan,
      subjectId: form.subject,
      topicId: form.topic,
      title: form.title,
      startAt: new Date(form.startDateTime).toISOString(),
      endAt: new Date(form.endDateTime).toISOString(),
      notes: form.notes,
      reminder: form.reminder,
    };
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
        new Date().toISOString(),
      );
      return read(userId, id);
    },

    async updateSession(userId: number, id: number, form: SessionForm): Promise<StudySession> {
      if (!(await sessions.findSession(userId, id))) throw sessionNotFound();
      await sessions.updateSession(
        userId,
        id,
        await fieldsOf(userId, form),
        new Date().toISOString(),
      );
      return read(userId, id);
    },

    async deleteSession(userId: number, id: number): Promise<void> {
      if (!(await sessions.deleteSession(userId, id))) throw sessionNotFound();
    },
  };
}
export type StudySessionsService = ReturnType<typeof createStudySessionsService>;
