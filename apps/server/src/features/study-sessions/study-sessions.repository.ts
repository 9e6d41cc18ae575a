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

    /** True when plan, subject and topic are the student's and nested as claimed. */
    async placementIsValid(userId: number, planId: number, subjectId: number, topicId: number) {
      const row = await db
        .selectFrom('topics as t')
        .innerJoin('subjects as sub', 'sub.id', 't.subjectId')
        .innerJoin('studyPlans as p', 'p.id', 'sub.studyPlanId')
        .select('t.id')
        .where('t.id', '=', topicId)
        .where('sub.id', '=', subjectId)
        .where('p.id', '=', planId)
        .where('t.userId', '=', userId)
        .where('sub.userId', '=', userId)
        .where('p.userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
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
