import type { ClassChange } from '@studybuddy/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { type ClassRow, copyClassInto, type JoinTarget } from './class-copy.repository.js';
import { bringCopyUpToDate } from './class-update.repository.js';
import { readOutline } from './copy-rows.repository.js';

export type { ClassRow } from './class-copy.repository.js';

/** Exams and topics as the teacher saves them, ids kept where the class had them. */
export interface ClassContent {
  exams: Array<{ id?: number | undefined; name: string; date: string }>;
  /** `exam`: an index into `exams`; null: the last exam (or none). */
  topics: Array<{
    id?: number | undefined;
    name: string;
    hours: number | null;
    exam: number | null;
  }>;
}

/** A file read for a class: its text, as a study file keeps it. */
export interface NewClassFile {
  name: string;
  kind: string;
  sha256: string;
  size: number;
  text: string;
  textVersion: number;
}

/** An id of a kept exam or topic that is not the class's: the save changes nothing. */
export class UnknownRowError extends Error {}

/** What the teacher's class holds, read together: its files without their text. */
export async function readContent(db: Kysely<Database>, classId: number) {
  const [outline, files] = await Promise.all([
    readOutline(db, classId),
    db
      .selectFrom('classFiles')
      .select(['id', 'originalName as name', 'kind', 'sizeBytes', 'createdAt'])
      .where('classId', '=', classId)
      .orderBy('id')
      .execute(),
  ]);
  return { ...outline, files };
}
export type ClassContentRows = Awaited<ReturnType<typeof readContent>>;

/**
 * Saves the exams and topics of a class: kept ones updated in place (their ids are what the
 * members' copies point to), new ones added, the rest deleted. Runs inside the caller's
 * transaction.
 */
async function writeContent(
  trx: Kysely<Database>,
  cls: Pick<ClassRow, 'id' | 'userId'>,
  content: ClassContent,
): Promise<void> {
  const current = await readContent(trx, cls.id);
  const examIds = new Set(current.exams.map((e) => e.id));
  const topicIds = new Set(current.topics.map((t) => t.id));
  if (content.exams.some((e) => e.id !== undefined && !examIds.has(e.id)))
    throw new UnknownRowError('exam');
  if (content.topics.some((t) => t.id !== undefined && !topicIds.has(t.id)))
    throw new UnknownRowError('topic');
  const keptExams = new Set(content.exams.flatMap((e) => (e.id === undefined ? [] : [e.id])));
  const keptTopics = new Set(content.topics.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  const goneTopics = current.topics.filter((t) => !keptTopics.has(t.id)).map((t) => t.id);
  if (goneTopics.length > 0)
    await trx.deleteFrom('classTopics').where('id', 'in', goneTopics).execute();
  const goneExams = current.exams.filter((e) => !keptExams.has(e.id)).map((e) => e.id);
  if (goneExams.length > 0)
    await trx.deleteFrom('classExams').where('id', 'in', goneExams).execute();

  const savedExamIds: number[] = [];
  for (const [position, e] of content.exams.entries()) {
    const values = { name: e.name, date: e.date, position };
    if (e.id !== undefined) {
      await trx.updateTable('classExams').set(values).where('id', '=', e.id).execute();
      savedExamIds.push(e.id);
    } else {
      const row = await trx
        .insertInto('classExams')
        .values({ ...values, classId: cls.id, userId: cls.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      savedExamIds.push(row.id);
    }
  }
  for (const [position, t] of content.topics.entries()) {
    const examId = t.exam === null ? null : (savedExamIds[t.exam] ?? null);
    const values = { name: t.name, position, hours: t.hours, examId };
    if (t.id !== undefined)
      await trx.updateTable('classTopics').set(values).where('id', '=', t.id).execute();
    else
      await trx
        .insertInto('classTopics')
        .values({ ...values, classId: cls.id, userId: cls.userId })
        .execute();
  }
}

/**
 * The classes' rows. Every read names whose it is: the teacher's (`userId` of the class) or a
 * member's (a `classMembers` row of theirs); nothing here answers a stranger.
 */
export function createClassesRepository(db: Kysely<Database>) {
  return {
    async isTeacher(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('teacher')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.teacher === 1;
    },

    async countTeaching(userId: number): Promise<number> {
      const row = await db
        .selectFrom('classes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async codeTaken(code: string): Promise<boolean> {
      return (
        (await db
          .selectFrom('classes')
          .select('id')
          .where('joinCode', '=', code)
          .executeTakeFirst()) !== undefined
      );
    },

    /** A new class with its exams and topics, in one transaction; answers its id. */
    insertClass(
      userId: number,
      fields: { name: string; subjectName: string; joinCode: string; joinOpen: boolean },
      content: ClassContent,
      now: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('classes')
          .values({
            userId,
            name: fields.name,
            subjectName: fields.subjectName,
            joinCode: fields.joinCode,
            joinOpen: fields.joinOpen ? 1 : 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeContent(trx, { id: row.id, userId }, content);
        return row.id;
      });
    },

    /** The class, when `userId` teaches it. */
    findTaught(userId: number, classId: number): Promise<ClassRow | undefined> {
      return db
        .selectFrom('classes')
        .selectAll()
        .where('id', '=', classId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** The class and the student's membership, when `userId` is in it. */
    async findJoined(userId: number, classId: number) {
      const member = await db
        .selectFrom('classMembers')
        .selectAll()
        .where('classId', '=', classId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!member) return undefined;
      const cls = await db
        .selectFrom('classes')
        .selectAll()
        .where('id', '=', classId)
        .executeTakeFirst();
      return cls && { cls, member };
    },

    findByCode(code: string): Promise<ClassRow | undefined> {
      return db.selectFrom('classes').selectAll().where('joinCode', '=', code).executeTakeFirst();
    },

    listTaught(userId: number): Promise<ClassRow[]> {
      return db
        .selectFrom('classes')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The student's memberships with their classes, newest joined first. */
    async listJoined(userId: number) {
      const members = await db
        .selectFrom('classMembers')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('joinedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      if (members.length === 0) return [];
      const classes = await db
        .selectFrom('classes')
        .selectAll()
        .where(
          'id',
          'in',
          members.map((m) => m.classId),
        )
        .execute();
      const byId = new Map(classes.map((c) => [c.id, c]));
      return members.flatMap((member) => {
        const cls = byId.get(member.classId);
        return cls ? [{ cls, member }] : [];
      });
    },

    readContent: (classId: number) => readContent(db, classId),

    /** The student's copy of the class, made on joining (class-copy.repository.ts). */
    copyInto: (userId: number, cls: ClassRow, target: JoinTarget, now: string) =>
      copyClassInto(db, userId, cls, target, now),

    /** A member's copy brought up to the class (class-update.repository.ts). */
    bringUpToDate: (userId: number, memberId: number, cls: ClassRow, now: string) =>
      bringCopyUpToDate(db, userId, memberId, cls, now),

    async teacherName(userId: number): Promise<string> {
      const u = await db
        .selectFrom('users')
        .select(['firstName', 'lastName'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return u ? `${u.firstName} ${u.lastName}`.trim() : '';
    },

    async countMembers(classId: number): Promise<number> {
      const row = await db
        .selectFrom('classMembers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('classId', '=', classId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The change sets after `version`, oldest first (what a member has not yet taken). */
    async changesSince(classId: number, version: number): Promise<ClassChange[][]> {
      const rows = await db
        .selectFrom('classChanges')
        .select('changes')
        .where('classId', '=', classId)
        .where('version', '>', version)
        .orderBy('version')
        .execute();
      return rows.map((r) => JSON.parse(r.changes) as ClassChange[]);
    },

    /**
     * Saves the teacher's whole class; when `changesOf` finds what members would follow, the
     * version goes up by one and the change set is kept, in the same transaction. Answers the
     * changes (empty: nothing to offer). Throws UnknownRowError for another class's ids.
     */
    saveClass(
      cls: ClassRow,
      fields: { name: string; subjectName: string; joinOpen: boolean },
      content: ClassContent,
      changesOf: (before: ClassContentRows, after: ClassContentRows) => ClassChange[],
      now: string,
    ): Promise<ClassChange[]> {
      return db.transaction().execute(async (trx) => {
        const before = await readContent(trx, cls.id);
        await writeContent(trx, cls, content);
        const changes = changesOf(before, await readContent(trx, cls.id));
        await trx
          .updateTable('classes')
          .set({
            name: fields.name,
            subjectName: fields.subjectName,
            joinOpen: fields.joinOpen ? 1 : 0,
            updatedAt: now,
          })
          .where('id', '=', cls.id)
          .execute();
        if (changes.length > 0) await bumpVersion(trx, cls, changes, now);
        return changes;
      });
    },

    /** Adds files (and their change set) to the teacher's class, in one transaction. */
    addFiles(cls: ClassRow, files: NewClassFile[], now: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        for (const f of files)
          await trx
            .insertInto('classFiles')
            .values({
              classId: cls.id,
              userId: cls.userId,
              originalName: f.name,
              kind: f.kind,
              sizeBytes: f.size,
              sha256: f.sha256,
              textContent: f.text,
              textVersion: f.textVersion,
              createdAt: now,
            })
            .execute();
        await bumpVersion(
          trx,
          cls,
          files.map((f) => ({ kind: 'file-added', file: f.name })),
          now,
        );
      });
    },

    /** Removes one of the class's files; answers its name, undefined when the class has none. */
    removeFile(cls: ClassRow, fileId: number, now: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const file = await trx
          .selectFrom('classFiles')
          .select(['id', 'originalName'])
          .where('id', '=', fileId)
          .where('classId', '=', cls.id)
          .executeTakeFirst();
        if (!file) return undefined;
        await trx.deleteFrom('classFiles').where('id', '=', file.id).execute();
        await bumpVersion(trx, cls, [{ kind: 'file-removed', file: file.originalName }], now);
        return file.originalName;
      });
    },

    async countFiles(classId: number): Promise<number> {
      const row = await db
        .selectFrom('classFiles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('classId', '=', classId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Bytes of the teacher's own study files and class files: one upload quota. */
    async sumUploadBytes(userId: number): Promise<number> {
      const sum = async (table: 'studyFiles' | 'classFiles') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.sum<number>('sizeBytes').as('n'))
              .where('userId', '=', userId)
              .executeTakeFirst()
          )?.n ?? 0,
        );
      return (await sum('studyFiles')) + (await sum('classFiles'));
    },

    async setCode(cls: ClassRow, code: string, now: string): Promise<void> {
      await db
        .updateTable('classes')
        .set({ joinCode: code, updatedAt: now })
        .where('id', '=', cls.id)
        .execute();
    },

    /** Deletes the class; its members' rows and links go with it, their copies stay. */
    async deleteClass(cls: ClassRow): Promise<void> {
      await db
        .deleteFrom('classes')
        .where('id', '=', cls.id)
        .where('userId', '=', cls.userId)
        .execute();
    },

    /**
     * The members with the links of their copies, and the names of those who share their
     * progress (the teacher's view; nobody else's name is read).
     */
    async membersWithCopies(classId: number) {
      const members = await db
        .selectFrom('classMembers as m')
        .innerJoin('users as u', 'u.id', 'm.userId')
        .select(['m.id', 'm.userId', 'm.planId', 'm.share', 'u.firstName', 'u.lastName'])
        .where('m.classId', '=', classId)
        .orderBy('m.id')
        .execute();
      const links =
        members.length === 0
          ? []
          : await db
              .selectFrom('classCopies as c')
              .innerJoin('classMembers as m', 'm.id', 'c.memberId')
              .select(['c.memberId', 'c.kind', 'c.sourceId', 'c.localId'])
              .where('m.classId', '=', classId)
              .execute();
      return members.map(({ firstName, lastName, ...m }) => ({
        ...m,
        name: m.share === 1 ? `${firstName} ${lastName}`.trim() : null,
        links: links.filter((l) => l.memberId === m.id),
      }));
    },

    /**
     * Of these topics (students' own, from the class's links), those studied: a session of it
     * checked in as done or partly done, or the topic marked complete.
     */
    async studiedTopics(topicIds: readonly number[]): Promise<Set<number>> {
      const studied = new Set<number>();
      for (let i = 0; i < topicIds.length; i += 500) {
        const part = topicIds.slice(i, i + 500);
        const [sessions, done] = await Promise.all([
          db
            .selectFrom('studySessions')
            .select('topicId')
            .where('topicId', 'in', part)
            .where('checkInStatus', 'in', ['done', 'partial'])
            .execute(),
          db
            .selectFrom('topics')
            .select('id')
            .where('id', 'in', part)
            .where('completed', '=', 1)
            .execute(),
        ]);
        for (const s of sessions) if (s.topicId !== null) studied.add(s.topicId);
        for (const t of done) studied.add(t.id);
      }
      return studied;
    },

    /** The members' ids (whom a change set is offered to). */
    async memberIds(classId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('classMembers')
        .select('userId')
        .where('classId', '=', classId)
        .execute();
      return rows.map((r) => r.userId);
    },

    /** The member's copy counts as up to date with `version`, with nothing in it changed. */
    async setSeenVersion(memberId: number, version: number): Promise<void> {
      await db
        .updateTable('classMembers')
        .set({ seenVersion: version })
        .where('id', '=', memberId)
        .execute();
    },

    async setShare(memberId: number, share: boolean): Promise<void> {
      await db
        .updateTable('classMembers')
        .set({ share: share ? 1 : 0 })
        .where('id', '=', memberId)
        .execute();
    },

    /** Leaves the class: the membership and its links go; the copy (plans, subjects...) stays. */
    async leave(memberId: number): Promise<void> {
      await db.deleteFrom('classMembers').where('id', '=', memberId).execute();
    },
  };
}
export type ClassesRepository = ReturnType<typeof createClassesRepository>;

/** One more version of the class, with what changed in it. */
async function bumpVersion(
  trx: Kysely<Database>,
  cls: ClassRow,
  changes: ClassChange[],
  now: string,
): Promise<void> {
  // Read in the transaction that writes it, not from `cls`: a file added meanwhile counted one.
  const current = await trx
    .selectFrom('classes')
    .select('version')
    .where('id', '=', cls.id)
    .executeTakeFirstOrThrow();
  const version = current.version + 1;
  await trx
    .updateTable('classes')
    .set({ version, updatedAt: now })
    .where('id', '=', cls.id)
    .execute();
  await trx
    .insertInto('classChanges')
    .values({
      classId: cls.id,
      userId: cls.userId,
      version,
      changes: JSON.stringify(changes),
      createdAt: now,
    })
    .execute();
}
