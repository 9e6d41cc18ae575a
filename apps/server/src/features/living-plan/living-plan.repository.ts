import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface CheckInFields {
  checkInStatus: string;
  minutesDone: number | null;
  rating: number | null;
  checkedInAt: string;
}

/** A catch-up session a re-plan adds. */
export interface NewCatchUp {
  subjectId: number;
  topicId: number | null;
  title: string;
  startAt: string;
  endAt: string;
}

/** A session a re-plan moves (it was covered by busy time): its new start and end. */
export interface SessionMove {
  id: number;
  startAt: string;
  endAt: string;
}

export interface ReplanWrites {
  sessions: NewCatchUp[];
  moves: SessionMove[];
  carried: number[];
  droppedTopics: number[];
  examMoves: Array<{ subjectId: number; examDate: string }>;
}

/** Rolls a re-plan back when its sessions were carried over meanwhile. */
class ConcurrentReplan extends Error {}

/** Every query is scoped by the student's id. */
export function createLivingPlanRepository(db: Kysely<Database>) {
  return {
    /** A session of one of the student's accepted plans. */
    findActiveSession(userId: number, id: number) {
      return db
        .selectFrom('studySessions as s')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .select(['s.id', 's.startAt', 's.endAt'])
        .where('s.userId', '=', userId)
        .where('p.userId', '=', userId)
        .where('p.status', '=', 'active')
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    async checkIn(userId: number, id: number, f: CheckInFields): Promise<void> {
      await db
        .updateTable('studySessions')
        .set({ ...f, updatedAt: f.checkedInAt })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    findPlan(userId: number, planId: number) {
      return db
        .selectFrom('studyPlans')
        .select(['id', 'status', 'sourceInput', 'timeZone', 'deadline'])
        .where('userId', '=', userId)
        .where('id', '=', planId)
        .executeTakeFirst();
    },

    listSubjects(userId: number, planId: number) {
      return db
        .selectFrom('subjects')
        .select(['id', 'name', 'examDate', 'hoursNeeded', 'weeklyHours'])
        .where('userId', '=', userId)
        .where('studyPlanId', '=', planId)
        .orderBy('id')
        .execute();
    },

    listTopics(userId: number, planId: number) {
      return db
        .selectFrom('topics as t')
        .innerJoin('subjects as sub', 'sub.id', 't.subjectId')
        .select(['t.id', 't.subjectId', 't.name', 't.dropped'])
        .where('t.userId', '=', userId)
        .where('sub.userId', '=', userId)
        .where('sub.studyPlanId', '=', planId)
        .orderBy('t.id')
        .execute();
    },

    listPlanSessions(userId: number, planId: number) {
      return db
        .selectFrom('studySessions')
        .select([
          'id',
          'subjectId',
          'topicId',
          'title',
          'startAt',
          'endAt',
          'kind',
          'checkInStatus',
          'minutesDone',
          'carriedOver',
        ])
        .where('userId', '=', userId)
        .where('studyPlanId', '=', planId)
        .orderBy('startAt')
        .orderBy('id')
        .execute();
    },

    /**
     * The student's sessions of accepted plans that start after `from`, not checked in nor
     * carried over, earliest first, with their plan's name and zone and their subject's name.
     */
    listSessionsAhead(userId: number, from: string, limit: number) {
      return db
        .selectFrom('studySessions as s')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .leftJoin('subjects as sub', 'sub.id', 's.subjectId')
        .select([
          's.id',
          's.studyPlanId as planId',
          'p.name as planName',
          'p.timeZone',
          'p.sourceInput',
          'sub.name as subject',
          's.subjectId',
          's.topicId',
          's.title',
          's.startAt',
          's.endAt',
          's.checkInStatus',
          's.minutesDone',
          's.carriedOver',
        ])
        .where('s.userId', '=', userId)
        .where('p.userId', '=', userId)
        .where('p.status', '=', 'active')
        .where('s.startAt', '>=', from)
        .where('s.checkInStatus', 'is', null)
        .where('s.carriedOver', '=', 0)
        .orderBy('s.startAt')
        .orderBy('s.id')
        .limit(limit)
        .execute();
    },

    /** The student's sessions of other accepted plans that end after `from`. */
    listOtherBusy(userId: number, planId: number, from: string) {
      return db
        .selectFrom('studySessions as s')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .select(['s.startAt', 's.endAt'])
        .where('s.userId', '=', userId)
        .where('p.userId', '=', userId)
        .where('p.status', '=', 'active')
        .where('s.studyPlanId', '<>', planId)
        .where('s.endAt', '>', from)
        .execute();
    },

    /** The FSRS state of every flashcard of the plan, with its subject (lesson -> topic). */
    listCards(userId: number, planId: number) {
      return db
        .selectFrom('flashcards as f')
        .innerJoin('lessons as l', 'l.id', 'f.lessonId')
        .innerJoin('topics as t', 't.id', 'l.topicId')
        .innerJoin('subjects as sub', 'sub.id', 't.subjectId')
        .select([
          'sub.id as subjectId',
          'f.due',
          'f.stability',
          'f.difficulty',
          'f.elapsedDays',
          'f.scheduledDays',
          'f.learningSteps',
          'f.reps',
          'f.lapses',
          'f.state',
          'f.lastReview',
        ])
        .where('f.userId', '=', userId)
        .where('l.userId', '=', userId)
        .where('sub.userId', '=', userId)
        .where('sub.studyPlanId', '=', planId)
        .execute();
    },

    /**
     * One re-plan's writes, all or none. Returns the new sessions' ids in the given order, or
     * null (and writes nothing) when another re-plan carried one of the sessions over first.
     */
    applyReplan(
      userId: number,
      planId: number,
      w: ReplanWrites,
      now: string,
    ): Promise<number[] | null> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (w.carried.length > 0) {
            const r = await trx
              .updateTable('studySessions')
              .set({ carriedOver: 1, updatedAt: now })
              .where('userId', '=', userId)
              .where('studyPlanId', '=', planId)
              .where('carriedOver', '=', 0)
              .where('id', 'in', w.carried)
              .executeTakeFirst();
            if (Number(r.numUpdatedRows) !== w.carried.length) throw new ConcurrentReplan();
          }
          // A moved session must still be open: checked in or carried meanwhile, nothing moves.
          for (const m of w.moves) {
            const r = await trx
              .updateTable('studySessions')
              .set({ startAt: m.startAt, endAt: m.endAt, updatedAt: now })
              .where('userId', '=', userId)
              .where('studyPlanId', '=', planId)
              .where('carriedOver', '=', 0)
              .where('checkInStatus', 'is', null)
              .where('id', '=', m.id)
              .executeTakeFirst();
            if (Number(r.numUpdatedRows) !== 1) throw new ConcurrentReplan();
          }
          const ids: number[] = [];
          for (const s of w.sessions) {
            const row = await trx
              .insertInto('studySessions')
              .values({
                userId,
                studyPlanId: planId,
                ...s,
                notes: null,
                reminder: 0,
                kind: 'catch-up',
                createdAt: now,
                updatedAt: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            ids.push(row.id);
          }
          if (w.droppedTopics.length > 0)
            await trx
              .updateTable('topics')
              .set({ dropped: 1, updatedAt: now })
              .where('userId', '=', userId)
              .where('id', 'in', w.droppedTopics)
              .execute();
          for (const m of w.examMoves)
            await trx
              .updateTable('subjects')
              .set({ examDate: m.examDate })
              .where('userId', '=', userId)
              .where('studyPlanId', '=', planId)
              .where('id', '=', m.subjectId)
              .execute();
          return ids;
        })
        .catch((e: unknown) => {
          if (e instanceof ConcurrentReplan) return null;
          throw e;
        });
    },
  };
}
export type LivingPlanRepository = ReturnType<typeof createLivingPlanRepository>;
