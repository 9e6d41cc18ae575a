import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A card as the CSV export lists it, with where it sits. */
export interface ExportCardRow {
  front: string;
  back: string;
  due: string;
  subjectName: string;
  topicName: string;
}

/** Most cards one export lists: a subject's deck is far smaller; the file stays bounded. */
export const EXPORT_MAX_CARDS = 50_000;

export function createExportsRepository(db: Kysely<Database>) {
  return {
    /** The student's subject's name, or undefined (absent, or another student's). */
    async findSubjectName(userId: number, subjectId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('subjects')
        .select('name')
        .where('userId', '=', userId)
        .where('id', '=', subjectId)
        .executeTakeFirst();
      return row?.name;
    },

    /** The subject's cards, topic by topic in the subject's order, each deck in its order. */
    listSubjectCards(userId: number, subjectId: number): Promise<ExportCardRow[]> {
      return db
        .selectFrom('flashcards as f')
        .innerJoin('lessons as l', 'l.id', 'f.lessonId')
        .innerJoin('topics as t', 't.id', 'l.topicId')
        .innerJoin('subjects as s', 's.id', 't.subjectId')
        .select(['f.front', 'f.back', 'f.due', 's.name as subjectName', 't.name as topicName'])
        .where('f.userId', '=', userId)
        .where('s.userId', '=', userId)
        .where('s.id', '=', subjectId)
        .orderBy('t.id')
        .orderBy('l.id')
        .orderBy('f.position')
        .orderBy('f.id')
        .limit(EXPORT_MAX_CARDS)
        .execute();
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
