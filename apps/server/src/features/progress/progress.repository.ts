import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function createProgressRepository(db: Kysely<Database>) {
  return {
    listPlans(userId: number) {
      return db
        .selectFrom('studyPlans')
        .select(['id', 'name'])
        .where('userId', '=', userId)
        .where('status', '=', 'active')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Topic counts per subject, empty subjects included. */
    listSubjectTopicCounts(userId: number) {
      return db
        .selectFrom('subjects as sub')
        .leftJoin('topics as t', 't.subjectId', 'sub.id')
        .select((eb) => [
          'sub.id as subjectId',
          'sub.name as subjectName',
          'sub.studyPlanId as planId',
          eb.fn.count<number | string>('t.id').as('topicsTotal'),
          eb.fn
            .coalesce(eb.fn.sum<number | string>('t.completed'), eb.lit(0))
            .as('topicsCompleted'),
        ])
        .where('sub.userId', '=', userId)
        .groupBy(['sub.id', 'sub.name', 'sub.studyPlanId'])
        .orderBy('sub.id')
        .execute();
    },

    /** The sessions of the active plans: their times and their check-ins. */
    listSessionSpans(userId: number) {
      return db
        .selectFrom('studySessions as s')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .select(['s.subjectId', 's.startAt', 's.endAt', 's.checkInStatus', 's.minutesDone'])
        .where('s.userId', '=', userId)
        .where('p.status', '=', 'active')
        .execute();
    },
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
