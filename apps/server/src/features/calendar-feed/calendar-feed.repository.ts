import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A study session as a calendar event needs it, with its plan's time zone. */
export interface FeedSessionRow {
  id: number;
  planId: number;
  planTimeZone: string | null;
  subjectName: string;
  topicId: number | null;
  topicName: string | null;
  /** The topic's first lesson, when it has one. */
  lessonId: number | null;
  title: string;
  startAt: string;
  endAt: string;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A subject's exam day as an all-day calendar event needs it. */
export interface FeedExamRow {
  subjectId: number;
  subjectName: string;
  planName: string;
  /** YYYY-MM-DD in the plan's zone. */
  examDate: string;
  createdAt: string;
}

/**
 * The calendar feed's token and the sessions it shows. Every query is scoped by the student's
 * id, save `findUserIdByToken`, which is how the public feed learns whose it is.
 */
export function createCalendarFeedRepository(db: Kysely<Database>) {
  const sessions = (userId: number) =>
    db
      .selectFrom('studySessions as s')
      .innerJoin('subjects as sub', 'sub.id', 's.subjectId')
      .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
      .leftJoin('topics as t', 't.id', 's.topicId')
      .select((eb) => [
        's.id',
        's.studyPlanId as planId',
        'p.timeZone as planTimeZone',
        'sub.name as subjectName',
        's.topicId',
        't.name as topicName',
        eb
          .selectFrom('lessons as l')
          .select((l) => l.fn.min('l.id').as('id'))
          .whereRef('l.topicId', '=', 's.topicId')
          .where('l.userId', '=', userId)
          .as('lessonId'),
        's.title',
        's.startAt',
        's.endAt',
        's.notes',
        's.createdAt',
        's.updatedAt',
      ])
      .where('s.userId', '=', userId)
      .where('p.userId', '=', userId)
      .orderBy('s.startAt')
      .orderBy('s.id');

  const exams = (userId: number) =>
    db
      .selectFrom('subjects as sub')
      .innerJoin('studyPlans as p', 'p.id', 'sub.studyPlanId')
      .select([
        'sub.id as subjectId',
        'sub.name as subjectName',
        'p.name as planName',
        'sub.examDate',
        'sub.createdAt',
      ])
      .where('sub.userId', '=', userId)
      .where('p.userId', '=', userId)
      .where('sub.examDate', 'is not', null)
      .orderBy('sub.examDate')
      .orderBy('sub.id');
  /** The rows with an exam day (the query keeps only those; the type says so here). */
  const withDate = (rows: Array<Omit<FeedExamRow, 'examDate'> & { examDate: string | null }>) =>
    rows.flatMap((r) => (r.examDate ? [{ ...r, examDate: r.examDate }] : []));

  return {
    /** The exam days of the student's accepted plans, earliest first. */
    async listActiveExams(userId: number): Promise<FeedExamRow[]> {
      return withDate(await exams(userId).where('p.status', '=', 'active').execute());
    },

    /** One plan's exam days (the plan is the student's: see findPlan). */
    async listPlanExams(userId: number, planId: number): Promise<FeedExamRow[]> {
      return withDate(await exams(userId).where('sub.studyPlanId', '=', planId).execute());
    },

    async getToken(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('calendarToken')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.calendarToken ?? null;
    },

    /** Replaces the token: the old one finds nobody from now on. */
    async setToken(userId: number, token: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ calendarToken: token })
        .where('id', '=', userId)
        .execute();
    },

    async clearToken(userId: number): Promise<void> {
      await db.updateTable('users').set({ calendarToken: null }).where('id', '=', userId).execute();
    },

    /** The student whose feed this token opens; undefined for any other token. */
    async findUserIdByToken(token: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('calendarToken', '=', token)
        .executeTakeFirst();
      return row?.id;
    },

    /** The sessions of the student's accepted plans (a draft is not on the calendar), earliest first. */
    listActiveSessions(userId: number): Promise<FeedSessionRow[]> {
      return sessions(userId).where('p.status', '=', 'active').execute();
    },

    findPlan(userId: number, planId: number) {
      return db
        .selectFrom('studyPlans')
        .select(['id', 'name', 'timeZone'])
        .where('userId', '=', userId)
        .where('id', '=', planId)
        .executeTakeFirst();
    },

    /** Every session of every plan of the student, drafts included, earliest first. */
    listAllSessions(userId: number): Promise<FeedSessionRow[]> {
      return sessions(userId).execute();
    },

    /** One plan's sessions, earliest first (the plan is the student's: see findPlan). */
    listPlanSessions(userId: number, planId: number): Promise<FeedSessionRow[]> {
      return sessions(userId).where('s.studyPlanId', '=', planId).execute();
    },
  };
}
export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
