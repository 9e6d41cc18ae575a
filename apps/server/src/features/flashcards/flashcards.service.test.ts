import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LESSON_TEMPLATE } from '../../adapters/ai/builtin-texts/index.js';
import type { CardDraft } from '../../domain/nlp/generate.js';
import { lessonSentences } from '../../domain/nlp/lesson-sentences.js';
import { createFactories, type Factories } from '../../testing/factories.js';
import { fakeAiEngine } from '../../testing/fake-ai-engine.js';
import { countRows, createTestDb, type TestDb } from '../../testing/test-db.js';
import {
  createLessonMaterialRepository,
  createLessonMaterialService,
} from '../lesson-material/index.js';
import { createFlashcardsRepository } from './flashcards.repository.js';
import { createFlashcardsService } from './flashcards.service.js';

type FlashcardsService = ReturnType<typeof createFlashcardsService>;

const DAY = 86_400_000;
const cardNotFound = { status: 404, code: 'not_found', message: 'Flashcard not found.' };
const lessonNotFound = { status: 404, code: 'not_found', message: 'Lesson not found.' };

/** FSRS state of a card well learnt: in review, remembered for about 100 days. */
const learnt = {
  state: 2,
  stability: 100,
  difficulty: 5,
  reps: 6,
  lapses: 0,
  scheduledDays: 100,
  elapsedDays: 100,
  learningSteps: 0,
};

const drafts: CardDraft[] = [
  {
    front: 'What measures the rate of change of a function?',
    back: 'The derivative',
    kind: 'definition',
    source: 'The derivative measures the rate of change of a function.',
    sourceName: 'Derivatives',
  },
  {
    front: 'The derivative of $x^2$ is ____.',
    back: '$2x$',
    kind: 'cloze',
    source: 'The derivative of $x^2$ is $2x$.',
    sourceName: 'Derivatives',
  },
];

describe('flashcards service', () => {
  let db: TestDb;
  let make: Factories;
  let clock: Date;
  let ai: ReturnType<typeof fakeAiEngine>;
  let flashcards: FlashcardsService;
  let ana: number;
  let bo: number;
  let lessonId: number;

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    make = createFactories(db);
    clock = new Date('2026-05-01T12:00:00.000Z');
    ai = fakeAiEngine({
      flashcards: async () => ({ value: drafts, warnings: [], engine: 'builtin' }),
    });
    flashcards = createFlashcardsService({
      cards: createFlashcardsRepository(db.db),
      material: createLessonMaterialService({
        repo: createLessonMaterialRepository(db.db),
        sentences: async (input) => lessonSentences(input, LESSON_TEMPLATE),
      }),
      ai: ai.engine,
      now: () => clock,
    });
    ana = (await make.user()).id;
    bo = (await make.user()).id;
    lessonId = (await make.planTree(ana)).lesson.id;
  });
  afterEach(async () => db.cleanup());

  describe('generating a deck', () => {
    it('replaces the old deck and its reviews with new cards, all due now', async () => {
      const old = await make.flashcard(ana, lessonId, { front: 'Old card' });
      await flashcards.review(ana, old.id, 'good');

      const deck = await flashcards.generate(ana, lessonId, 'en');

      expect(deck.cards.map((c) => c.front)).toEqual(drafts.map((d) => d.front));
      for (const card of deck.cards) {
        expect(card).toMatchObject({ state: 'new', reps: 0, lapses: 0, lastReview: null });
        expect(card.due).toBe(clock.toISOString());
      }
      expect(deck).toMatchObject({ lessonId, dueCount: 2, nextDue: clock.toISOString() });
      expect(await countRows(db, 'flashcards')).toBe(2);
      expect(await countRows(db, 'flashcardReviews')).toBe(0);
    });

    it("refuses another student's lesson before asking the AI, keeping their deck", async () => {
      const theirs = (await make.planTree(bo)).lesson.id;
      await make.flashcard(bo, theirs);
      await expect(flashcards.generate(ana, theirs, 'en')).rejects.toMatchObject(lessonNotFound);
      expect(ai.calls.flashcards).toBeUndefined();
      expect(await countRows(db, 'flashcards')).toBe(1);
    });
  });

  describe('reviewing a card', () => {
    it('moves a new card into learning, counts the rep and logs the review', async () => {
      const card = await make.flashcard(ana, lessonId);
      const reviewed = await flashcards.review(ana, card.id, 'good');
      expect(reviewed).toMatchObject({
        id: card.id,
        state: 'learning',
        reps: 1,
        lapses: 0,
        lastReview: clock.toISOString(),
      });
      expect(reviewed.due > clock.toISOString()).toBe(true);
      const log = await db.db.selectFrom('flashcardReviews').selectAll().execute();
      expect(log).toEqual([
        expect.objectContaining({
          userId: ana,
          flashcardId: card.id,
          rating: 'good',
          stateBefore: 0,
          dueAfter: reviewed.due,
          reviewedAt: clock.toISOString(),
        }),
      ]);
    });

    it('counts a lapse when a learnt card is forgotten', async () => {
      const card = await make.flashcard(ana, lessonId, {
        ...learnt,
        due: clock.toISOString(),
        lastReview: new Date(clock.getTime() - 100 * DAY).toISOString(),
      });
      const reviewed = await flashcards.review(ana, card.id, 'again');
      expect(reviewed).toMatchObject({ state: 'relearning', lapses: 1, reps: 7 });
    });

    it("brings the next review before the subject's exam while the exam is ahead", async () => {
      const tree = await make.planTree(ana, { deadline: null });
      await db.db
        .updateTable('subjects')
        .set({ examDate: '2026-05-10' })
        .where('id', '=', tree.subject.id)
        .execute();
      const lastReview = new Date(clock.getTime() - 100 * DAY).toISOString();
      const card = await make.flashcard(ana, tree.lesson.id, { ...learnt, lastReview });

      // Easy on a card remembered for 100 days would wait months; the exam is in nine days.
      const before = await flashcards.review(ana, card.id, 'easy');
      expect(before.due).toBe('2026-05-09T00:00:00.000Z');

      // After the exam the cap is lifted.
      clock = new Date('2026-05-11T12:00:00.000Z');
      const after = await flashcards.review(ana, card.id, 'easy');
      expect(after.due > '2026-06-01').toBe(true);
    });

    it("answers not found for another student's card, changing nothing", async () => {
      const theirs = (await make.planTree(bo)).lesson.id;
      const card = await make.flashcard(bo, theirs);
      await expect(flashcards.review(ana, card.id, 'good')).rejects.toMatchObject(cardNotFound);
      await expect(flashcards.review(ana, 999, 'good')).rejects.toMatchObject(cardNotFound);
      const row = await db.db
        .selectFrom('flashcards')
        .selectAll()
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(card);
      expect(await countRows(db, 'flashcardReviews')).toBe(0);
    });
  });

  it('lists the due cards most overdue first, and counts them in the whole deck', async () => {
    const at = (days: number) => new Date(clock.getTime() + days * DAY).toISOString();
    const later = await make.flashcard(ana, lessonId, { position: 0, due: at(-1) });
    const oldest = await make.flashcard(ana, lessonId, { position: 1, due: at(-3) });
    await make.flashcard(ana, lessonId, { position: 2, due: at(2) });
    const theirs = (await make.planTree(bo)).lesson.id;
    await make.flashcard(bo, theirs, { due: at(-5) });

    const due = await flashcards.due(ana, lessonId);
    expect(due.cards.map((c) => c.id)).toEqual([oldest.id, later.id]);
    expect(due).toMatchObject({ dueCount: 2, nextDue: at(-3) });
    const all = await flashcards.list(ana, lessonId);
    expect(all.cards).toHaveLength(3);
    expect(all.dueCount).toBe(2);
  });

  it("refuses to show another student's deck", async () => {
    const theirs = (await make.planTree(bo)).lesson.id;
    await make.flashcard(bo, theirs);
    await expect(flashcards.list(ana, theirs)).rejects.toMatchObject(lessonNotFound);
    await expect(flashcards.due(ana, theirs)).rejects.toMatchObject(lessonNotFound);
  });
});
