import type { Kysely, Selectable } from 'kysely';
import type { Database, FlashcardsTable } from '../../db/types.js';

/** A card as the CSV export lists it, with where it sits. */
export interface ExportCardRow {
  front: string;
  back: string;
  due: string;
  subjectName: string;
  topicName: string;
}

/** A card as the Anki export writes it: its text, where it sits, its schedule and origin. */
export type AnkiExportCardRow = Pick<
  Selectable<FlashcardsTable>,
  | 'id'
  | 'front'
  | 'back'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
  | 'suspended'
  | 'sourceKey'
  | 'tags'
> & { topicName: string };

/** One answer of a card's review log. */
export interface ExportReviewRow {
  flashcardId: number;
  rating: string;
  reviewedAt: string;
}

/** Most cards one export lists: a subject's deck is far smaller; the file stays bounded. */
export const EXPORT_MAX_CARDS = 50_000;

export function createExportsRepository(db: Kysely<Database>) {
  /** The subject's cards, topic by topic in the subject's order, each deck in its order. */
  const subjectCards = (userId: number, subjectId: number) =>
    db
      .selectFrom('flashcards as f')
      .innerJoin('lessons as l', 'l.id', 'f.lessonId')
      .innerJoin('topics as t', 't.id', 'l.topicId')
      .innerJoin('subjects as s', 's.id', 't.subjectId')
      .where('f.userId', '=', userId)
      .where('s.userId', '=', userId)
      .where('s.id', '=', subjectId)
      .orderBy('t.id')
      .orderBy('l.id')
      .orderBy('f.position')
      .orderBy('f.id')
      .limit(EXPORT_MAX_CARDS);
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

    /** The subject's cards as the CSV lists them. */
    listSubjectCards(userId: number, subjectId: number): Promise<ExportCardRow[]> {
      return subjectCards(userId, subjectId)
        .select(['f.front', 'f.back', 'f.due', 's.name as subjectName', 't.name as topicName'])
        .execute();
    },

    /** The subject's cards with their schedules, in the order of the CSV export. */
    listSubjectAnkiCards(userId: number, subjectId: number): Promise<AnkiExportCardRow[]> {
      return subjectCards(userId, subjectId)
        .select([
          'f.id',
          'f.front',
          'f.back',
          't.name as topicName',
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
          'f.suspended',
          'f.sourceKey',
          'f.tags',
        ])
        .execute();
    },

    /** The review logs of these cards of the student's, oldest first. */
    async listReviews(userId: number, cardIds: readonly number[]): Promise<ExportReviewRow[]> {
      const rows: ExportReviewRow[] = [];
      for (let i = 0; i < cardIds.length; i += 500) {
        rows.push(
          ...(await db
            .selectFrom('flashcardReviews')
            .select(['flashcardId', 'rating', 'reviewedAt'])
            .where('userId', '=', userId)
            .where('flashcardId', 'in', cardIds.slice(i, i + 500))
            .orderBy('reviewedAt')
            .orderBy('id')
            .execute()),
        );
      }
      return rows;
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
