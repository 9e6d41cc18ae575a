import type { Notice, PlanContent, TopicContentStatus } from '@studybuddy/contracts';
import type { Kysely } from 'kysely';
import { insertJobs } from '../../db/job-queue.js';
import type { Database } from '../../db/types.js';
import { storedNotices } from '../../domain/notices.js';
import { STUDY_TEXT_VERSION } from '../../domain/text/study-text.js';
import { PLAN_CONTENT_JOB, type PlanContentPayload, type PlanTopic } from './plan-content.js';
import type { TopicContent } from './topic-content.js';

/** A topic of a draft: its content is written afterwards by the plan's job, with this input. */
export interface DraftTopic {
  name: string;
  content: Omit<PlanTopic, 'topicId'>;
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
        const content: PlanContentPayload = { planId: plan.id, topics: [] };
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
                deepDiveContent: null,
                completed: 0,
                contentStatus: 'writing',
                createdAt: now,
                updatedAt: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            ids.push(topic.id);
            content.topics.push({ ...t.content, topicId: topic.id });
          }
          topicIds.push(ids);
          for (const f of s.files) {
            await trx
              .insertInto('studyFiles')
              .values({
                userId,
                subjectId: subject.id,
                ...f,
                textVersion: STUDY_TEXT_VERSION,
                createdAt: now,
              })
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
        // The plan and the one job that writes its content commit together: no plan without it.
        if (content.topics.length > 0)
          await insertJobs(trx, [{ kind: PLAN_CONTENT_JOB, userId, payload: content }], now);
        return plan.id;
      });
    },

    /** Each topic of the plan with where its content stands, in the order they were made. */
    async planContent(userId: number, planId: number): Promise<PlanContent> {
      const rows = await db
        .selectFrom('topics as t')
        .innerJoin('subjects as s', 's.id', 't.subjectId')
        .select(['t.id', 't.name', 't.contentStatus', 't.contentNote', 's.name as subject'])
        .where('t.userId', '=', userId)
        .where('s.studyPlanId', '=', planId)
        .orderBy('s.id')
        .orderBy('t.id')
        .execute();
      const topics = rows.map((r) => ({
        topicId: r.id,
        subject: r.subject,
        name: r.name,
        status: r.contentStatus as TopicContentStatus,
        note: storedNotices(r.contentNote)[0] ?? null,
      }));
      return {
        topics,
        written: topics.filter((t) => t.status !== 'writing').length,
        total: topics.length,
      };
    },

    async writingTopicIds(userId: number, planId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('topics as t')
        .innerJoin('subjects as s', 's.id', 't.subjectId')
        .select('t.id')
        .where('t.userId', '=', userId)
        .where('s.studyPlanId', '=', planId)
        .where('t.contentStatus', '=', 'writing')
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * The topic's deep dive and its first lesson (made now, or rewritten on a retry), at once;
     * false when the topic is gone (its plan was deleted meanwhile).
     */
    writeTopicContent(userId: number, topicId: number, content: TopicContent): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const updated = await trx
          .updateTable('topics')
          .set({
            deepDiveContent: content.deepDive,
            contentStatus: content.status,
            // A list of one, as plans keep their warnings (domain/notices.ts reads both).
            contentNote: content.note ? JSON.stringify([content.note]) : null,
            updatedAt: now,
          })
          .where('userId', '=', userId)
          .where('id', '=', topicId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        const lesson = await trx
          .selectFrom('lessons')
          .select('id')
          .where('userId', '=', userId)
          .where('topicId', '=', topicId)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (lesson) {
          await trx
            .updateTable('lessons')
            .set({ latexContent: content.lesson.latexContent })
            .where('id', '=', lesson.id)
            .execute();
        } else {
          await trx
            .insertInto('lessons')
            .values({ userId, topicId, ...content.lesson, createdAt: now })
            .execute();
        }
        return true;
      });
    },

    /** What a retry of a topic's content needs: its subject, plan and the subject's files. */
    async findTopicSource(userId: number, topicId: number) {
      const topic = await db
        .selectFrom('topics as t')
        .innerJoin('subjects as s', 's.id', 't.subjectId')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .select([
          't.id',
          't.name',
          't.contentStatus',
          's.id as subjectId',
          's.name as subjectName',
          'p.id as planId',
          'p.sourceInput',
        ])
        .where('t.userId', '=', userId)
        .where('t.id', '=', topicId)
        .executeTakeFirst();
      if (!topic) return undefined;
      const files = await db
        .selectFrom('studyFiles')
        .select(['originalName as name', 'textContent as text'])
        .where('userId', '=', userId)
        .where('subjectId', '=', topic.subjectId)
        .orderBy('id')
        .execute();
      return { ...topic, files: files.map((f) => ({ name: f.name, text: f.text ?? '' })) };
    },

    /** Marks a topic `writing` again and adds the job that writes it (its plan's, of it alone). */
    requeueTopic(userId: number, topicId: number, payload: PlanContentPayload): Promise<void> {
      return db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .updateTable('topics')
          .set({ contentStatus: 'writing', contentNote: null, updatedAt: now })
          .where('userId', '=', userId)
          .where('id', '=', topicId)
          .execute();
        await insertJobs(trx, [{ kind: PLAN_CONTENT_JOB, userId, payload }], now);
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
