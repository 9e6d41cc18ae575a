import type { Kysely, Selectable } from 'kysely';
import type { ClassesTable, Database } from '../../db/types.js';
import {
  type CopyLink,
  insertFileCopy,
  insertLinks,
  insertSubjectCopy,
  insertTopicCopy,
  readClassRows,
} from './copy-rows.repository.js';

/** A class as its table holds it (the teacher is `userId`). */
export type ClassRow = Selectable<ClassesTable>;

/**
 * The plan a join goes into: one of the student's, or a new one named after the class; a new
 * plan may carry a week to place sessions into (a wizard input, and its zone).
 */
export type JoinTarget =
  | { planId: number }
  | { newPlanName: string; sourceInput: string | null; timeZone: string | null };

/** What a join made: the plan and the subjects the class became in it. */
export interface JoinedCopy {
  planId: number;
  subjectIds: number[];
}

/** The subject a class gives a plan for each of its exams (one without exams: one subject). */
interface SubjectOfClass {
  /** The exam's id, or 0 for the one subject of a class without exams. */
  sourceId: number;
  name: string;
  examDate: string | null;
  topics: Array<{ id: number; name: string; hours: number | null }>;
}

/**
 * A class as subjects: one per exam, named "<subject> · <exam>" when there are several, each with
 * the topics examined in it (a topic with no exam named goes to the last exam), in the teacher's
 * order. Its hours needed are the sum of the teacher's suggestions when every topic has one;
 * otherwise the planner estimates them, as for a subject typed in the wizard.
 */
export function subjectsOfClass(
  cls: Pick<ClassRow, 'subjectName'>,
  exams: Array<{ id: number; name: string; date: string }>,
  topics: Array<{ id: number; name: string; hours: number | null; examId: number | null }>,
): SubjectOfClass[] {
  if (exams.length === 0) return [{ sourceId: 0, name: cls.subjectName, examDate: null, topics }];
  const last = exams[exams.length - 1]?.id;
  const known = new Set(exams.map((e) => e.id));
  const examOf = (t: { examId: number | null }) =>
    t.examId !== null && known.has(t.examId) ? t.examId : last;
  return exams.map((e) => ({
    sourceId: e.id,
    name: exams.length > 1 ? `${cls.subjectName} · ${e.name}` : cls.subjectName,
    examDate: e.date,
    topics: topics.filter((t) => examOf(t) === e.id),
  }));
}

/** The teacher's suggested hours of a subject's topics, when every topic has them; else null. */
export const hoursOfTopics = (topics: SubjectOfClass['topics']) =>
  topics.length > 0 && topics.every((t) => t.hours !== null)
    ? topics.reduce((sum, t) => sum + (t.hours ?? 0), 0)
    : null;

/**
 * The student's copy of a class, made on joining (docs/classes.md): subjects, topics and the
 * class's files as the student's own study files, the membership and the links between the
 * two, in one transaction. Undefined when `target.planId` is not one of the student's plans
 * (nothing is written).
 */
export async function copyClassInto(
  db: Kysely<Database>,
  userId: number,
  cls: ClassRow,
  target: JoinTarget,
  now: string,
): Promise<JoinedCopy | undefined> {
  return db.transaction().execute(async (trx) => {
    let planId: number;
    if ('planId' in target) {
      const plan = await trx
        .selectFrom('studyPlans')
        .select('id')
        .where('id', '=', target.planId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!plan) return undefined;
      planId = plan.id;
    } else {
      const plan = await trx
        .insertInto('studyPlans')
        .values({
          userId,
          name: target.newPlanName,
          deadline: null,
          description: null,
          conceptMapOutline: null,
          overallSummary: null,
          status: 'active',
          sourceInput: target.sourceInput,
          warnings: null,
          timeZone: target.timeZone,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      planId = plan.id;
    }
    const { exams, topics, files } = await readClassRows(trx, cls.id);
    const member = await trx
      .insertInto('classMembers')
      .values({ classId: cls.id, userId, planId, seenVersion: cls.version, joinedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links: CopyLink[] = [];
    const subjectIds: number[] = [];
    for (const s of subjectsOfClass(cls, exams, topics)) {
      const hoursNeeded = s.examDate === null ? null : hoursOfTopics(s.topics);
      const subjectId = await insertSubjectCopy(
        trx,
        userId,
        planId,
        { name: s.name, examDate: s.examDate, hoursNeeded },
        now,
      );
      subjectIds.push(subjectId);
      links.push({ kind: 'subject', sourceId: s.sourceId, localId: subjectId });
      for (const t of s.topics)
        links.push({
          kind: 'topic',
          sourceId: t.id,
          localId: await insertTopicCopy(trx, userId, subjectId, t.name, now),
        });
      // Every subject of the class reads the class's files: they are the course's materials.
      for (const f of files)
        links.push({
          kind: 'file',
          sourceId: f.id,
          localId: await insertFileCopy(trx, userId, subjectId, f, now),
        });
    }
    await insertLinks(trx, userId, member.id, links);
    return { planId, subjectIds };
  });
}
