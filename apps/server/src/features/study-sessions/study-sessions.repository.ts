import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface SessionFields {
  studyPlanId: number;
  subjectId: number;
  topicId: number;
  title: string;
  startAt: string;
  endAt: string;
  notes: string | null;
  reminder: boolean;
}

export function createStudySessionsRepository(db: Kysely<Database>) {
  const base = (userId: number) =>
    db
      .selectFrom('studySessions as s')
      .innerJoin('subjects as sub', 'sub.id', 's.subjectId')
      .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
      .leftJoin('topics as t', 't.id', 's.topicId')
      .select([
        's.id',
        's.studyPlanId',
        's.subjectId',
        's.topicId',
        's.title',
        's.startAt',
        's.endAt',
        's.notes',
        's.reminder',
        's.kind',
        's.checkInStatus',
        's.minutesDone',
        's.rating',
        's.checkedInAt',
        'sub.name as subjectName',
        't.name as topicName',
      ])
      .where('s.userId', '=', userId)
      // A smart-scheduler draft is not on the calendar until the student accepts it.
      .where('p.status', '=', 'active');

  return {
    listSessions(userId: number) {
      return base(userId).orderBy('s.startAt').orderBy('s.id').execute();
    },

    findSession(userId: number, id: number) {
      return base(userId).where('s.id', '=', id).executeTakeFirst();
    },

    /**
     * The plan's time zone and the subject's exam day when plan, subject and topic are the
     * student's and nested as claimed; undefined otherwise.
     */
    findPlacement(userId: number, planId: number, subjectId: number, topicId: number) {
      return db
        .selectFrom('topics as t')
        .innerJoin('subjects as sub', 'sub.id', 't.subjectId')
        .innerJoin('studyPlans as p', 'p.id', 'sub.studyPlanId')
        .select(['p.timeZone', 'sub.examDate'])
        .where('t.id', '=', topicId)
        .where('sub.id', '=', subjectId)
        .where('p.id', '=', planId)
        .where('t.userId', '=', userId)
        .where('sub.userId', '=', userId)
        .where('p.userId', '=', userId)
        .executeTakeFirst();
    },

    /** The plan's time zone and the subject's exam day of the student's subject (a move). */
    findSubjectPlacement(userId: number, subjectId: number) {
      return db
        .selectFrom('subjects as sub')
        .innerJoin('studyPlans as p', 'p.id', 'sub.studyPlanId')
        .select(['p.timeZone', 'sub.examDate'])
        .where('sub.id', '=', subjectId)
        .where('sub.userId', '=', userId)
        .where('p.userId', '=', userId)
        .executeTakeFirst();
    },

    async insertSession(userId: number, f: SessionFields, now: string): Promise<number> {
      const row = await db
        .insertInto('studySessions')
        .values({ userId, ...f, reminder: f.reminder ? 1 : 0, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateSession(
      userId: number,
      id: number,
      f: SessionFields,
      now: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('studySessions')
        .set({ ...f, reminder: f.reminder ? 1 : 0, updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** A new start and end only (a move); its check-in and everything else stay. */
    async moveSession(
      userId: number,
      id: number,
      times: { startAt: string; endAt: string },
      now: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('studySessions')
        .set({ ...times, updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteSession(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('studySessions')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type StudySessionsRepository = ReturnType<typeof createStudySessionsRepository>;
