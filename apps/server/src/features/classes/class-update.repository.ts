import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { type ClassRow, hoursOfTopics, subjectsOfClass } from './class-copy.repository.js';
import {
  type CopyLink,
  insertFileCopy,
  insertLinks,
  insertSubjectCopy,
  insertTopicCopy,
  readClassRows,
} from './copy-rows.repository.js';

/** A member's copy as its links say, and what taking the class's current state changed. */
export interface UpdatedCopy {
  /** The copy's subjects in the plan, after the update (those the student deleted are gone). */
  subjectIds: number[];
  /** Subjects whose exam moved or that are new: their sessions are to be placed again. */
  replan: number[];
}

/**
 * Brings a member's copy up to the class as it is now (docs/classes.md, Taking the changes), in
 * one transaction: each exam's date onto its subject; a new exam as a new subject with its
 * topics and the class's files; a new topic into its exam's subject; a new file into every
 * subject of the copy. What
 * the teacher removed stays in the copy (the student's notes, cards and sessions hang from it),
 * and what the student deleted from their copy is not made again (their choice wins). The
 * member's seen version becomes the class's. Undefined when the copy's plan is gone.
 */
export function bringCopyUpToDate(
  db: Kysely<Database>,
  userId: number,
  memberId: number,
  cls: ClassRow,
  now: string,
): Promise<UpdatedCopy | undefined> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('classMembers')
      .select(['planId'])
      .where('id', '=', memberId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    const planId = member?.planId;
    if (planId == null) return undefined;
    const { exams, topics, files } = await readClassRows(trx, cls.id);
    const links = await trx
      .selectFrom('classCopies')
      .select(['kind', 'sourceId', 'localId'])
      .where('memberId', '=', memberId)
      .execute();
    // The student's own rows that the links still reach.
    const subjectRows = await trx
      .selectFrom('subjects')
      .select(['id', 'examDate'])
      .where('userId', '=', userId)
      .where('studyPlanId', '=', planId)
      .execute();
    const present = new Map(subjectRows.map((s) => [s.id, s]));
    const linked = (kind: string) =>
      new Map(links.filter((l) => l.kind === kind).map((l) => [l.sourceId, l.localId]));
    const subjectOf = linked('subject');
    const topicLinks = linked('topic');
    const fileLinks = new Set(links.filter((l) => l.kind === 'file').map((l) => l.sourceId));
    const everLinkedSubjects = new Set(subjectOf.keys());
    const added: CopyLink[] = [];
    const replan = new Set<number>();
    const newSubjects = new Set<number>();

    const insertTopic = async (subjectId: number, t: { id: number; name: string }) => {
      const localId = await insertTopicCopy(trx, userId, subjectId, t.name, now);
      added.push({ kind: 'topic', sourceId: t.id, localId });
    };

    for (const s of subjectsOfClass(cls, exams, topics)) {
      const localId = subjectOf.get(s.sourceId);
      if (localId !== undefined) {
        const mine = present.get(localId);
        if (!mine) continue;
        if (mine.examDate !== s.examDate) {
          await trx
            .updateTable('subjects')
            .set({ examDate: s.examDate })
            .where('id', '=', localId)
            .execute();
          replan.add(localId);
        }
        for (const t of s.topics) {
          if (topicLinks.has(t.id)) continue;
          await insertTopic(localId, t);
          replan.add(localId);
        }
      } else if (!everLinkedSubjects.has(s.sourceId)) {
        const hoursNeeded = hoursOfTopics(s.topics);
        const id = await insertSubjectCopy(
          trx,
          userId,
          planId,
          { name: s.name, examDate: s.examDate, hoursNeeded },
          now,
        );
        added.push({ kind: 'subject', sourceId: s.sourceId, localId: id });
        present.set(id, { id, examDate: s.examDate });
        subjectOf.set(s.sourceId, id);
        replan.add(id);
        newSubjects.add(id);
        for (const t of s.topics) if (!topicLinks.has(t.id)) await insertTopic(id, t);
      }
    }
    const subjectIds = [...new Set(subjectOf.values())].filter((id) => present.has(id));
    // A new file goes to every subject of the copy; a new subject gets every file.
    for (const f of files) {
      for (const subjectId of subjectIds) {
        if (fileLinks.has(f.id) && !newSubjects.has(subjectId)) continue;
        const localId = await insertFileCopy(trx, userId, subjectId, f, now);
        added.push({ kind: 'file', sourceId: f.id, localId });
      }
    }
    await insertLinks(trx, userId, memberId, added);
    await trx
      .updateTable('classMembers')
      .set({ seenVersion: cls.version })
      .where('id', '=', memberId)
      .execute();
    return { subjectIds, replan: [...replan] };
  });
}
