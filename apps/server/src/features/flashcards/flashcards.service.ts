import {
  FLASHCARD_MESSAGES,
  type Flashcard,
  type FlashcardDeck,
  type FlashcardRating,
  IMAGE_DATA_URL,
} from '@studybuddy/contracts';
import { z } from 'zod';
import type { AiEngine, Language } from '../../adapters/ai/ai-engine.js';
import { DECK_SIZE } from '../../domain/nlp/sizes.js';
import { newCardState, review, stateName } from '../../domain/srs/srs.js';
import { AppError } from '../../platform/app-error.js';
import type { LessonMaterialService } from '../lesson-material/index.js';
import type { FlashcardRow, FlashcardsRepository } from './flashcards.repository.js';

function toCard(row: FlashcardRow): Flashcard {
  return {
    id: row.id,
    lessonId: row.lessonId,
    front: row.front,
    back: row.back,
    kind: row.kind as Flashcard['kind'],
    source: row.source,
    state: stateName(row.state),
    due: row.due,
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview,
    suspended: row.suspended === 1,
    images: imagesOf(row.images),
  };
}

const IMAGES = z.array(
  z.object({
    src: z.string().regex(IMAGE_DATA_URL),
    alt: z.string(),
    side: z.enum(['front', 'back']).catch('front'),
  }),
);

/** An imported card's images (only data URLs of the four image types; anything else is none). */
function imagesOf(json: string | null): Flashcard['images'] {
  if (!json) return [];
  try {
    return IMAGES.parse(JSON.parse(json));
  } catch {
    return [];
  }
}

/** Cards that can come due: a suspended one waits until the student unsuspends it. */
const isDue = (r: FlashcardRow, now: string) => r.suspended !== 1 && r.due <= now;

function deck(
  lessonId: number,
  rows: FlashcardRow[],
  now: string,
  extra: Partial<FlashcardDeck> = {},
): FlashcardDeck {
  const due = rows.filter((r) => isDue(r, now));
  const nextDue =
    rows
      .filter((r) => r.suspended !== 1)
      .map((r) => r.due)
      .sort()[0] ?? null;
  return {
    lessonId,
    cards: rows.map(toCard),
    dueCount: due.length,
    nextDue,
    warnings: [],
    ...extra,
  };
}

export function createFlashcardsService(deps: {
  cards: FlashcardsRepository;
  material: LessonMaterialService;
  ai: AiEngine;
  now?: () => Date;
}) {
  const { cards, material, ai } = deps;
  const clock = deps.now ?? (() => new Date());
  return {
    /** A fresh deck from the lesson and the subject's files; every card starts new, due now. */
    async generate(userId: number, lessonId: number, language: Language): Promise<FlashcardDeck> {
      const m = await material.load(userId, lessonId);
      const result = await ai.flashcards({
        lessonTitle: m.title,
        subjectName: m.subjectName,
        material: m.focused,
        language,
        max: DECK_SIZE,
        seed: lessonId,
      });
      const now = clock();
      const state = newCardState(now);
      const rows = await cards.replaceDeck(
        userId,
        lessonId,
        result.value.map((c, position) => ({
          position,
          front: c.front,
          back: c.back,
          kind: c.kind,
          source: c.source,
          ...state,
        })),
        now.toISOString(),
      );
      return deck(lessonId, rows, now.toISOString(), {
        warnings: result.warnings,
        modelVersion: result.engine ?? 'builtin',
      });
    },

    async list(userId: number, lessonId: number): Promise<FlashcardDeck> {
      await material.context(userId, lessonId);
      return deck(lessonId, await cards.listDeck(userId, lessonId), clock().toISOString());
    },

    /** Cards due now, most overdue first. */
    async due(userId: number, lessonId: number): Promise<FlashcardDeck> {
      await material.context(userId, lessonId);
      const now = clock().toISOString();
      const rows = await cards.listDeck(userId, lessonId);
      const all = deck(lessonId, rows, now);
      const due = rows
        .filter((r) => isDue(r, now))
        .sort((a, b) => a.due.localeCompare(b.due) || a.position - b.position);
      return { ...all, cards: due.map(toCard) };
    },

    /** One FSRS step; the due date never passes the subject's exam while it is ahead. */
    /**
     * Rates a card. `reviewedAt`: when a review made offline happened (a phone's queue sends it
     * later); its FSRS state is computed from that moment, which may not be in the future
     * (a phone's clock a few minutes fast aside) nor before the card's last review.
     */
    async review(
      userId: number,
      id: number,
      rating: FlashcardRating,
      reviewedAt?: string,
    ): Promise<Flashcard> {
      const card = await cards.findCard(userId, id);
      if (!card) throw AppError.notFound('Flashcard not found.');
      const m = await material.context(userId, card.lessonId);
      const now = reviewedAt ? checkedReviewTime(reviewedAt, clock(), card.lastReview) : clock();
      const next = review(card, rating, now, { deadline: m.examDate, timeZone: m.timeZone });
      const row = await cards.saveReview(userId, card, rating, next, now.toISOString());
      if (!row) throw AppError.notFound('Flashcard not found.');
      return toCard(row);
    },
  };
}
export type FlashcardsService = ReturnType<typeof createFlashcardsService>;

/** How far ahead of the server a phone's clock may run and its review still count as now. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A review time sent with the review: not in the future, not before the card's last review. */
function checkedReviewTime(reviewedAt: string, now: Date, lastReview: string | null): Date {
  const at = new Date(reviewedAt);
  const refuse = (message: string) =>
    AppError.validation(message, [{ path: 'reviewedAt', message }]);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw refuse(FLASHCARD_MESSAGES.reviewedAtFuture);
  if (lastReview && at.getTime() < Date.parse(lastReview))
    throw refuse(FLASHCARD_MESSAGES.reviewedAtBeforeLast);
  // A phone a little fast: the review happened now, not a few minutes from now.
  return at.getTime() > now.getTime() ? now : at;
}
