import type { Kysely, Selectable } from 'kysely';
import type { Database, TopicsTable } from '../../db/types.js';

export type TopicRow = Selectable<TopicsTable>;
export interface LessonRef {
  id: number;
  topicId: number;
  title: string;
}

export interface TopicChanges {
  name?: string;
  deepDiveContent?: string | null;
  completed?: boolean;
}

export function createTopicsRepository(db: Kysely<Database>) {
  return {
    async listTopics(userId: number, subjectIds: number[]): Promise<TopicRow[]> {
      if (subjectIds.length === 0) return [];
      return db
        .selectFrom('topics')
        .selectAll()
        .where('userId', '=', userId)
        .where('subjectId', 'in', subjectIds)
        .orderBy('id')
        .execute();
    },

    async listLessonRefs(userId: number, topicIds: number[]): Promise<LessonRef[]> {
      if (topicIds.length === 0) return [];
      return db
        .selectFrom('lessons')
        .select(['id', 'topicId', 'title'])
        .where('userId', '=', userId)
        .where('topicId', 'in', topicIds)
        .orderBy('id')
        .execute();
    },

    /** The names of a topic's sibling topics in its subject, in order. */
    async listSiblingNames(userId: number, subjectId: number, topicId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('topics')
        .select('name')
        .where('userId', '=', userId)
        .where('subjectId', '=', subjectId)
        .where('id', '!=', topicId)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.name);
    },

    findTopic(userId: number, id: number): Promise<TopicRow | undefined> {
      return db
        .selectFrom('topics')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The student's subject with its name (topics are only added to one's own subjects). */
    findSubjectName(userId: number, subjectId: number): Promise<{ name: string } | undefined> {
      return db
        .selectFrom('subjects')
        .select('name')
        .where('userId', '=', userId)
        .where('id', '=', subjectId)
        .executeTakeFirst();
    },

    /** A topic and its first lesson, both or neither. */
    insertTopicWithLesson(
      userId: number,
      topic: { subjectId: number; name: string; deepDiveContent: string | null },
      lesson: { title: string; latexContent: string },
      now: string,
    ): Promise<TopicRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('topics')
          .values({ ...topic, userId, completed: 0, createdAt: now, updatedAt: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('lessons')
          .values({ userId, topicId: row.id, ...lesson, createdAt: now })
          .execute();
        return row;
      });
    },

    updateTopic(userId: number, id: number, c: TopicChanges, now: string) {
      return db
        .updateTable('topics')
        .set({
          ...(c.name !== undefined ? { name: c.name } : {}),
          ...(c.deepDiveContent !== undefined ? { deepDiveContent: c.deepDiveContent } : {}),
          ...(c.completed !== undefined ? { completed: c.completed ? 1 : 0 } : {}),
          updatedAt: now,
        })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteTopic(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('topics')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type TopicsRepository = ReturnType<typeof createTopicsRepository>;
