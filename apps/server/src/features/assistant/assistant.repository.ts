import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function createAssistantRepository(db: Kysely<Database>) {
  return {
    /** The latest messages, oldest first. */
    async listHistory(userId: number, limit: number) {
      const rows = await db
        .selectFrom('chatMessages')
        .select(['id', 'role', 'text', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    /** The question and its answer, both or neither. */
    async insertExchange(userId: number, question: string, answer: string, now: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('chatMessages')
          .values({ userId, role: 'user', text: question, createdAt: now })
          .execute();
        await trx
          .insertInto('chatMessages')
          .values({ userId, role: 'model', text: answer, createdAt: now })
          .execute();
      });
    },

    async clearHistory(userId: number): Promise<void> {
      await db.deleteFrom('chatMessages').where('userId', '=', userId).execute();
    },

    /** Subjects of the student's active plans with topic counts (drafts are not the schedule). */
    listSubjectProgress(userId: number) {
      return db
        .selectFrom('subjects as s')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .leftJoin('topics as t', (j) =>
          j.onRef('t.subjectId', '=', 's.id').on('t.userId', '=', userId),
        )
        .select((eb) => [
          's.id',
          's.name',
          'p.id as planId',
          'p.name as planName',
          's.examDate as deadline',
          'p.timeZone',
          eb.fn.count<string | number>('t.id').as('topicsTotal'),
          eb.fn
            .coalesce(eb.fn.sum<string | number>('t.completed'), eb.val(0))
            .as('topicsCompleted'),
        ])
        .where('s.userId', '=', userId)
        .where('p.userId', '=', userId)
        .where('p.status', '=', 'active')
        .groupBy(['s.id', 's.name', 's.examDate', 'p.id', 'p.name', 'p.timeZone'])
        .orderBy('s.id')
        .execute();
    },

    listActiveSessions(userId: number) {
      return db
        .selectFrom('studySessions as ss')
        .innerJoin('studyPlans as p', 'p.id', 'ss.studyPlanId')
        .innerJoin('subjects as s', 's.id', 'ss.subjectId')
        .leftJoin('topics as t', 't.id', 'ss.topicId')
        .select([
          'ss.title',
          's.name as subjectName',
          't.name as topicName',
          'ss.startAt',
          'ss.endAt',
        ])
        .where('ss.userId', '=', userId)
        .where('p.status', '=', 'active')
        .orderBy('ss.startAt')
        .execute();
    },
  };
}
export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
