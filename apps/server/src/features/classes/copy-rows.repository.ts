import type { Kysely, Selectable } from 'kysely';
import type { ClassFilesTable, Database } from '../../db/types.js';

/**
 * The rows a member's copy is made of, shared by the join (class-copy.repository.ts) and the
 * update (class-update.repository.ts): the class's exams, topics and files as they are, and the
 * student's own subject, topic and study file written from them. Each runs in the caller's
 * transaction.
 */

/** A link between a row of the student's copy and the class's row it copies. */
export interface CopyLink {
  kind: 'subject' | 'topic' | 'file';
  sourceId: number;
  localId: number;
}

/** The class's exams (by date) and topics (in the teacher's order). */
export async function readOutline(trx: Kysely<Database>, classId: number) {
  const [exams, topics] = await Promise.all([
    trx
      .selectFrom('classExams')
      .select(['id', 'name', 'date'])
      .where('classId', '=', classId)
      .orderBy('date')
      .orderBy('position')
      .execute(),
    trx
      .selectFrom('classTopics')
      .select(['id', 'name', 'hours', 'examId'])
      .where('classId', '=', classId)
      .orderBy('position')
      .execute(),
  ]);
  return { exams, topics };
}

/** The class's exams, topics and files with their text. */
export async function readClassRows(trx: Kysely<Database>, classId: number) {
  const [outline, files] = await Promise.all([
    readOutline(trx, classId),
    trx.selectFrom('classFiles').selectAll().where('classId', '=', classId).orderBy('id').execute(),
  ]);
  return { ...outline, files };
}

export async function insertSubjectCopy(
  trx: Kysely<Database>,
  userId: number,
  planId: number,
  s: { name: string; examDate: string | null; hoursNeeded: number | null },
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto('subjects')
    .values({
      userId,
      studyPlanId: planId,
      name: s.name,
      examDate: s.examDate,
      hoursNeeded: s.hoursNeeded,
      weeklyHours: null,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTopicCopy(
  trx: Kysely<Database>,
  userId: number,
  subjectId: number,
  name: string,
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto('topics')
    .values({
      userId,
      subjectId,
      name,
      deepDiveContent: null,
      completed: 0,
      contentNote: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A class's file as one of the student's study files (its text), on one subject. */
export async function insertFileCopy(
  trx: Kysely<Database>,
  userId: number,
  subjectId: number,
  f: Selectable<ClassFilesTable>,
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto('studyFiles')
    .values({
      userId,
      subjectId,
      sha256: f.sha256,
      originalName: f.originalName,
      kind: f.kind,
      sizeBytes: f.sizeBytes,
      textContent: f.textContent,
      textVersion: f.textVersion,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the links of a member's copy. */
export async function insertLinks(
  trx: Kysely<Database>,
  userId: number,
  memberId: number,
  links: readonly CopyLink[],
): Promise<void> {
  for (let i = 0; i < links.length; i += 200)
    await trx
      .insertInto('classCopies')
      .values(links.slice(i, i + 200).map((l) => ({ ...l, memberId, userId })))
      .execute();
}
