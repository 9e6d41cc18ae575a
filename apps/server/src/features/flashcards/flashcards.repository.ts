import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FlashcardsTable } from '../../db/types.js';
import type { SrsState } from '../../domain/srs/srs.js';

export type FlashcardRow = Selectable<FlashcardsTable>;
export type NewCard = Omit<Insertable<FlashcardsTable>, 'id' | 'userId' | 'lessonId' | 'createdAt'>;

export function createFlashcardsRepository(db: Kysely<Database>) {
  return {
    /**
     * The lesson's made deck replaced in one transaction, and the whole deck after (old made cards and their reviews go);
     * imported cards stay, with their history: making cards never costs a student their Anki
     * reviews.
     */
    replaceDeck(
      userId: number,
      lessonId: number,
      cards: NewCard[],
      now: string,
    ): Promise<FlashcardRow[]> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('flashcards')
          .where('userId', '=', userId)
          .where('lessonId', '=', lessonId)
          .where('kind', '!=', 'imported')
          .execute();
        if (cards.length > 0)
          await trx
            .insertInto('flashcards')
            .values(cards.map((c) => ({ ...c, userId, lessonId, createdAt: now })))
            .execute();
        return trx
          .selectFrom('flashcards')
          .selectAll()
          .where('userId', '=', userId)
          .where('lessonId', '=', lessonId)
          .orderBy('position')
          .orderBy('id')
          .execute();
      });
    },

    listDeck(userId: number, lessonId: number): Promise<FlashcardRow[]> {
      return db
        .selectFrom('flashcards')
        .selectAll()
        .where('userId', '=', userId)
        .where('lessonId', '=', lessonId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    findCard(userId: number, id: number): Promise<FlashcardRow | undefined> {
      return db
        .selectFrom('flashcards')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The new FSRS state and one review-log row, together. */
    saveReview(
      userId: number,
      card: FlashcardRow,
      rating: string,
      next: SrsState,
      now: string,
    ): Promise<FlashcardRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('flashcards')
          .set({
            due: next.due,
            stability: next.stability,
            difficulty: next.difficulty,
            elapsedDays: next.elapsedDays,
            scheduledDays: next.scheduledDays,
            learningSteps: next.learningSteps,
            reps: next.reps,
            lapses: next.lapses,
            state: next.state,
            lastReview: next.lastReview,
          })
          .where('userId', '=', userId)
          .where('id', '=', card.id)
          .returningAll()
          .executeTakeFirst();
        if (row)
          await trx
            .insertInto('flashcardReviews')
            .values({
              userId,
              flashcardId: card.id,
              rating,
              stateBefore: card.state,
              dueAfter: next.due,
              reviewedAt: now,
            })
            .execute();
        return row;
      });
    },
  };
}
export type FlashcardsRepository = ReturnType<typeof createFlashcardsRepository>;
