import type { Kysely, Selectable } from 'kysely';
import type { Database, SubjectsTable } from '../../db/types.js';

export type SubjectRow = Selectable<SubjectsTable>;

export interface NewSubject {
  studyPlanId: number;
  name: string;
  examDate: string | null;
  priority: number;
}

export interface SubjectChanges {
  name?: string;
  examDate?: string | null;
  priority?: number;
}

export function createSubjectsRepository(db: Kysely<Database>) {
  return {
    async listSubjects(userId: number, planIds: number[]): Promise<SubjectRow[]> {
      if (planIds.length === 0) return [];
      return db
        .selectFrom('subjects')
        .selectAll()
        .where('userId', '=', userId)
        .where('studyPlanId', 'in', planIds)
        .orderBy('id')
        .execute();
    },

    findSubject(userId: number, id: number): Promise<SubjectRow | undefined> {
      return db
        .selectFrom('subjects')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async planExists(userId: number, planId: number): Promise<boolean> {
      const row = await db
        .selectFrom('studyPlans')
        .select('id')
        .where('userId', '=', userId)
        .where('id', '=', planId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The plan's deadline, which a subject added without an exam day takes as its exam. */
    findPlanDeadline(userId: number, planId: number) {
      return db
        .selectFrom('studyPlans')
        .select('deadline')
        .where('userId', '=', userId)
        .where('id', '=', planId)
        .executeTakeFirst();
    },

    insertSubject(userId: number, fields: NewSubject, now: string) {
      return db
        .insertInto('subjects')
        .values({ userId, ...fields, createdAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Fields left undefined keep their value. */
    updateSubject(userId: number, id: number, fields: SubjectChanges) {
      return db
        .updateTable('subjects')
        .set(fields)
        .where('userId', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteSubject(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('subjects')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type SubjectsRepository = ReturnType<typeof createSubjectsRepository>;
