import type { Notice } from '@studybuddy/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface DraftTopic {
  name: string;
  deepDiveContent: string;
  lesson: { title: string; latexContent: string };
}

export interface DraftFile {
  sha256: string;
  originalName: string;
  kind: string;
  sizeBytes: number;
  textContent: string;
}

export interface DraftSession {
  subjectIndex: number;
  topicIndex: number | null;
  title: string;
  startAt: string;
  endAt: string;
  kind: string;
  focus: string[];
  materials: string[];
}

export interface Draft {
  plan: {
    name: string;
    deadline: string | null;
    description: string;
    conceptMapOutline: string;
    overallSummary: string;
    sourceInput: string;
    warnings: Notice[];
    timeZone: string;
  };
  subjects: {
    name: string;
    /** YYYY-MM-DD in the plan's time zone, or null. */
    examDate: string | null;
    /** 0 = low, 1 = medium, 2 = high. */
    priority: number;
    /** Hours the plan booked the subject for (with an exam), as given or estimated. */
    hoursNeeded?: number | null;
    /** Hours a week the plan booked (without an exam), as given or estimated. */
    weeklyHours?: number | null;
    topics: DraftTopic[];
    files: DraftFile[];
  }[];
  sessions: DraftSession[];
}

const CHUNK = 200;

export function createSmartSchedulerRepository(db: Kysely<Database>) {
  return {
    /** The whole draft in one transaction: a failed request leaves no partial plan behind. */
    insertDraft(userId: number, draft: Draft, now: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const plan = await trx
          .insertInto('studyPlans')
          .values({
            userId,
            name: draft.plan.name,
            deadline: draft.plan.deadline,
            description: draft.plan.description,
            conceptMapOutline: draft.plan.conceptMapOutline,
            overallSummary: draft.plan.overallSummary,
            status: 'draft',
            sourceInput: draft.plan.sourceInput,
            warnings: JSON.stringify(draft.plan.warnings),
            timeZone: draft.plan.timeZone,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const subjectIds: number[] = [];
        const topicIds: number[][] = [];
        for (const s of draft.subjects) {
          const subject = await trx
            .insertInto('subjects')
            .values({
              userId,
              studyPlanId: plan.id,
              name: s.name,
              examDate: s.examDate,
              priority: s.priority,
              hoursNeeded: s.hoursNeeded ?? null,
              weeklyHours: s.weeklyHours ?? null,
              createdAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          subjectIds.push(subject.id);
          const ids: number[] = [];
          for (const t of s.topics) {
            const topic = await trx
              .insertInto('topics')
              .values({
                userId,
                subjectId: subject.id,
                name: t.name,
                deepDiveContent: t.deepDiveContent,
                completed: 0,
                createdAt: now,
                updatedAt: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('lessons')
              .values({ userId, topicId: topic.id, ...t.lesson, createdAt: now })
              .execute();
            ids.push(topic.id);
          }
          topicIds.push(ids);
          for (const f of s.files) {
            await trx
              .insertInto('studyFiles')
              .values({ userId, subjectId: subject.id, ...f, createdAt: now })
              .execute();
            // SQLite writes on the event loop: a file's text (up to 2 MB, ~10 ms) per turn, so
            // other requests are served between files; their queries wait for the commit.
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
        for (let i = 0; i < draft.sessions.length; i += CHUNK) {
          const rows = draft.sessions.slice(i, i + CHUNK).map((s) => ({
            userId,
            studyPlanId: plan.id,
            subjectId: subjectIds[s.subjectIndex] as number,
            topicId:
              s.topicIndex === null ? null : (topicIds[s.subjectIndex]?.[s.topicIndex] ?? null),
            title: s.title,
            startAt: s.startAt,
            endAt: s.endAt,
            notes: null,
            reminder: 0,
            kind: s.kind,
            focus: JSON.stringify(s.focus),
            materials: JSON.stringify(s.materials),
            createdAt: now,
            updatedAt: now,
          }));
          if (rows.length > 0) await trx.insertInto('studySessions').values(rows).execute();
        }
        return plan.id;
      });
    },

    /** Bytes of the study files the student has stored, for the upload quota. */
    async sumStudyFileBytes(userId: number): Promise<number> {
      const row = await db
        .selectFrom('studyFiles')
        .select((eb) => eb.fn.sum<number | string | null>('sizeBytes').as('bytes'))
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    findPlan(userId: number, planId: number) {
      return db
        .selectFrom('studyPlans')
        .select(['id', 'status', 'timeZone', 'warnings', 'sourceInput'])
        .where('userId', '=', userId)
        .where('id', '=', planId)
        .executeTakeFirst();
    },

    /** The plan's subjects with their exam days, in the order they were made. */
    listPlanSubjects(userId: number, planId: number) {
      return db
        .selectFrom('subjects')
        .select(['id', 'name', 'examDate', 'priority'])
        .where('userId', '=', userId)
        .where('studyPlanId', '=', planId)
        .orderBy('id')
        .execute();
    },

    listPlanSessions(userId: number, planId: number) {
      return db
        .selectFrom('studySessions as s')
        .innerJoin('subjects as sub', 'sub.id', 's.subjectId')
        .leftJoin('topics as t', 't.id', 's.topicId')
        .select([
          's.id',
          's.startAt',
          's.endAt',
          's.focus',
          's.materials',
          'sub.name as subjectName',
          't.name as topicName',
        ])
        .where('s.userId', '=', userId)
        .where('s.studyPlanId', '=', planId)
        .orderBy('s.startAt')
        .orderBy('s.id')
        .execute();
    },

    /** Applies the edited times, drops the removed sessions and activates the plan, at once. */
    acceptPlan(
      userId: number,
      planId: number,
      changes: { id: number; startAt: string; endAt: string }[],
      removedIds: number[],
      now: string,
    ): Promise<void> {
      return db.transaction().execute(async (trx) => {
        for (const c of changes) {
          await trx
            .updateTable('studySessions')
            .set({ startAt: c.startAt, endAt: c.endAt, updatedAt: now })
            .where('userId', '=', userId)
            .where('studyPlanId', '=', planId)
            .where('id', '=', c.id)
            .execute();
        }
        for (let i = 0; i < removedIds.length; i += CHUNK) {
          await trx
            .deleteFrom('studySessions')
            .where('userId', '=', userId)
            .where('studyPlanId', '=', planId)
            .where('id', 'in', removedIds.slice(i, i + CHUNK))
            .execute();
        }
        await trx
          .updateTable('studyPlans')
          .set({ status: 'active', updatedAt: now })
          .where('userId', '=', userId)
          .where('id', '=', planId)
          .execute();
      });
    },
  };
}
export type SmartSchedulerRepository = ReturnType<typeof createSmartSchedulerRepository>;
