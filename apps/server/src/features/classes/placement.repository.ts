import type { Insertable, Kysely } from 'kysely';
import type { Database, StudySessionsTable } from '../../db/types.js';

/** A study session a placement adds. */
export type PlacementRow = Insertable<StudySessionsTable>;

/** What placing a class's subjects reads of one student's plan, and its one write. */
export function createPlacementRepository(db: Kysely<Database>) {
  return {
    findPlan(userId: number, planId: number) {
      return db
        .selectFrom('studyPlans')
        .select(['name', 'status', 'sourceInput', 'timeZone'])
        .where('id', '=', planId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** The student's newest plan made by the smart scheduler: its week and zone. */
    latestWizardPlan(userId: number) {
      return db
        .selectFrom('studyPlans')
        .select(['sourceInput', 'timeZone'])
        .where('userId', '=', userId)
        .where('sourceInput', 'is not', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /**
     * Gives a plan made by hand the student's week (its wizard input and zone); false when the
     * plan has one already (or is not theirs), so a week is never overwritten.
     */
    async setWeek(
      userId: number,
      planId: number,
      week: { sourceInput: string; timeZone: string },
      now: string,
    ) {
      const result = await db
        .updateTable('studyPlans')
        .set({ sourceInput: week.sourceInput, timeZone: week.timeZone, updatedAt: now })
        .where('id', '=', planId)
        .where('userId', '=', userId)
        .where('sourceInput', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The subjects of a member's copy still in the plan (the student may have deleted some). */
    async copySubjects(userId: number, memberId: number, planId: number) {
      return db
        .selectFrom('classCopies as c')
        .innerJoin('subjects as s', 's.id', 'c.localId')
        .select(['s.id', 's.examDate'])
        .where('c.memberId', '=', memberId)
        .where('c.userId', '=', userId)
        .where('c.kind', '=', 'subject')
        .where('s.userId', '=', userId)
        .where('s.studyPlanId', '=', planId)
        .orderBy('s.id')
        .execute();
    },

    listSubjects(userId: number, planId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('subjects')
        .select(['id', 'name', 'examDate', 'priority', 'hoursNeeded', 'weeklyHours'])
        .where('userId', '=', userId)
        .where('studyPlanId', '=', planId)
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
    },

    /** The subjects' topics the student has not dropped, in the order they were made. */
    listTopics(userId: number, subjectIds: readonly number[]) {
      return db
        .selectFrom('topics')
        .select(['id', 'subjectId', 'name'])
        .where('userId', '=', userId)
        .where('subjectId', 'in', [...subjectIds])
        .where('dropped', '=', 0)
        .orderBy('id')
        .execute();
    },

    listSubjectSessions(userId: number, subjectIds: readonly number[]) {
      return db
        .selectFrom('studySessions')
        .select(['id', 'subjectId', 'startAt', 'endAt', 'checkInStatus', 'minutesDone'])
        .where('userId', '=', userId)
        .where('subjectId', 'in', [...subjectIds])
        .execute();
    },

    /** Every session of the student (any plan) touching [from, to). */
    listSessionsBetween(userId: number, from: string, to: string) {
      return db
        .selectFrom('studySessions')
        .select(['id', 'startAt', 'endAt'])
        .where('userId', '=', userId)
        .where('endAt', '>', from)
        .where('startAt', '<', to)
        .execute();
    },

    /** Deletes the replaced sessions and adds the new ones, together. */
    async replaceSessions(userId: number, ids: number[], rows: PlacementRow[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (ids.length > 0)
          await trx
            .deleteFrom('studySessions')
            .where('userId', '=', userId)
            .where('id', 'in', ids)
            .execute();
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto('studySessions')
            .values(rows.slice(i, i + 200))
            .execute();
      });
    },
  };
}
export type PlacementRepository = ReturnType<typeof createPlacementRepository>;
