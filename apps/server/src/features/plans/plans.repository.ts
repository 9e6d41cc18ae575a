import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, StudyPlansTable } from '../../db/types.js';

export type PlanRow = Selectable<StudyPlansTable>;

export interface PlanFields {
  name: string;
  deadline: string | null;
  description: string | null;
}

export function createPlansRepository(db: Kysely<Database>) {
  // Every plan list asks it: compiled once (db/reusable-query.ts).
  const version = reusableQuery<[number], { version: string }>(db, 1, (arg) =>
    db.selectFrom('planVersions').select('version').where('userId', '=', arg(0)),
  );
  return {
    listPlans(userId: number): Promise<PlanRow[]> {
      return db
        .selectFrom('studyPlans')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Changes with anything the plan list shows (triggers keep it); undefined: no row. */
    async listVersion(userId: number): Promise<string | undefined> {
      return (await version(userId))[0]?.version;
    },

    findPlan(userId: number, id: number): Promise<PlanRow | undefined> {
      return db
        .selectFrom('studyPlans')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    insertPlan(userId: number, fields: PlanFields, now: string): Promise<PlanRow> {
      return db
        .insertInto('studyPlans')
        .values({ userId, ...fields, createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updatePlan(userId: number, id: number, fields: PlanFields, now: string) {
      return db
        .updateTable('studyPlans')
        .set({ ...fields, updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Subjects, topics, lessons, reviews and sessions go with it (foreign-key cascades). */
    async deletePlan(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('studyPlans')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
