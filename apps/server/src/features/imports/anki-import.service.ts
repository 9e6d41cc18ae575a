import {
  type AnkiImportInput,
  type AnkiImportResult,
  type AnkiPreview,
  deckPlace,
  type ErrorCode,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
} from '@studybuddy/contracts';
import type {
  AnkiCardRead,
  AnkiPackageRead,
  AnkiRefusalCode,
  AnkiReviewRead,
} from '../../adapters/anki/anki-read.js';
import { AnkiRefusal } from '../../adapters/anki/anki-refusal.js';
import { newCardState } from '../../domain/srs/srs.js';
import { AppError } from '../../platform/app-error.js';
import type { ImportedCard, ImportedReview, ImportsRepository } from './imports.repository.js';

/** Each reason a package is refused, as the error the browser translates (errors.<code>). */
const REFUSALS: Record<AnkiRefusalCode, { code: ErrorCode; message: string }> = {
  anki_not_a_package: {
    code: 'anki_not_a_package',
    message: 'This file is not an Anki package. Export your deck from Anki as .apkg and try again.',
  },
  anki_wrong_extension: {
    code: 'anki_wrong_extension',
    message: 'Choose an Anki package: a file ending in .apkg or .colpkg.',
  },
  anki_collection_damaged: {
    code: 'anki_collection_damaged',
    message: 'The collection inside this package is damaged and cannot be read.',
  },
  anki_too_many_cards: {
    code: 'anki_too_many_cards',
    message: `This package holds more than ${IMPORT_LIMITS.maxCards.toLocaleString('en')} cards. Export fewer decks at a time.`,
  },
  anki_unsafe_media_name: {
    code: 'anki_unsafe_media_name',
    message: 'This package names media files outside its own folder, so it was not read.',
  },
  anki_no_cards: { code: 'anki_no_cards', message: 'This package holds no cards to import.' },
  file_zip_bomb: {
    code: 'anki_zip_bomb',
    message: 'This package unpacks to far more than its size, so it was not read.',
  },
  file_archive_too_many_entries: {
    code: 'anki_too_many_files',
    message: 'This package holds too many files to read.',
  },
  file_too_large: {
    code: 'anki_too_large',
    message: 'This package is too large to read. Export fewer decks at a time.',
  },
};

const RATING_NAMES = ['again', 'hard', 'good', 'easy'] as const;

export interface AnkiImportDeps {
  repo: ImportsRepository;
  /** Reads a package in the memory-capped readers (throws AnkiRefusal for a refused one). */
  readAnki(data: Uint8Array, filename: string): Promise<AnkiPackageRead>;
  now?: () => Date;
}

/** Reads a package, turning a refusal into the error that tells the student why. */
async function read(deps: AnkiImportDeps, data: Uint8Array, filename: string) {
  let pkg: AnkiPackageRead;
  try {
    pkg = await deps.readAnki(data, filename);
  } catch (err) {
    if (!(err instanceof AnkiRefusal)) throw err;
    const { code, message } = REFUSALS[err.code];
    throw new AppError(400, code, message);
  }
  return pkg;
}

/** Where imported cards come from: the note and its card number, the same on every import. */
const sourceKey = (card: AnkiCardRead) => `anki:${card.key}`;

/** A card as stored: new cards start new and due now (as made cards do), others as in Anki. */
function toRow(card: AnkiCardRead, deckName: string, now: Date): ImportedCard {
  // The reader's memory holds the flashcards table's own fields (ts-fsrs's Card).
  const memory = card.memory.state === 0 ? newCardState(now) : card.memory;
  return {
    ...memory,
    position: 0,
    front: card.front,
    back: card.back,
    kind: 'imported',
    source: deckName,
    createdAt: now.toISOString(),
    suspended: card.suspended ? 1 : 0,
    sourceKey: sourceKey(card),
    tags: card.tags.length ? JSON.stringify(card.tags) : null,
    images: card.images.length
      ? JSON.stringify(
          card.images.map((i) => ({
            src: `data:${i.mime};base64,${i.base64}`,
            alt: i.name,
            side: card.frontImages.includes(i.name) ? 'front' : 'back',
          })),
        )
      : null,
  };
}

/**
 * A card's review log as stored. Anki's log says when and how each answer went; the state the
 * card was in before and the due date after come from the reader where it knows them, else
 * from the answers themselves (the first one met a new card; one after "again" a relearning
 * card once it had been reviewed) and the next answer's time.
 */
function toReviews(card: AnkiCardRead): ImportedReview[] {
  const key = sourceKey(card);
  let reviewed = false;
  return card.reviews.map((r: AnkiReviewRead, i) => {
    const previous = card.reviews[i - 1];
    const stateBefore = !previous ? 0 : previous.rating === 1 ? (reviewed ? 3 : 1) : 2;
    if (previous && previous.rating > 1) reviewed = true;
    return {
      sourceKey: key,
      rating: RATING_NAMES[r.rating - 1] ?? 'good',
      stateBefore,
      dueAfter: card.reviews[i + 1]?.at ?? card.memory.due,
      reviewedAt: r.at,
    };
  });
}

/** Anki packages in (docs/anki.md): a preview first, then the import the student confirmed. */
export function createAnkiImportService(deps: AnkiImportDeps) {
  const { repo } = deps;
  const clock = deps.now ?? (() => new Date());
  return {
    async preview(userId: number, file: { filename: string; data: Buffer }): Promise<AnkiPreview> {
      const pkg = await read(deps, file.data, file.filename);
      const token = await repo.keepPreview(
        userId,
        'anki',
        file,
        clock(),
        IMPORT_LIMITS.previewMinutes,
      );
      return {
        token,
        format: pkg.format,
        decks: pkg.decks
          .filter((d) => d.cards > 0)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((d) => ({
            id: d.id,
            name: d.name,
            notes: d.notes,
            cards: d.cards,
            reviews: d.reviews,
            ...deckPlace(d.name),
          })),
        warnings: pkg.warnings,
      };
    },

    async import(userId: number, input: AnkiImportInput): Promise<AnkiImportResult> {
      const now = clock();
      const preview = await repo.findPreview(userId, input.token, now.toISOString());
      if (preview?.kind !== 'anki')
        throw new AppError(404, 'import_preview_expired', IMPORT_MESSAGES.previewNotFound);
      if (input.planId !== undefined && !(await repo.ownsPlan(userId, input.planId)))
        throw AppError.notFound(IMPORT_MESSAGES.planNotFound);
      const pkg = await read(deps, Buffer.from(preview.file, 'base64'), preview.filename);
      const chosen = new Set(input.deckIds ?? pkg.decks.map((d) => d.id));
      const decks = pkg.decks.filter((d) => chosen.has(d.id) && d.cards > 0);
      if (pkg.cards.length === 0) {
        // Every card was empty once sound and video went (the preview said so).
        const { code, message } = REFUSALS.anki_no_cards;
        throw new AppError(400, code, message);
      }
      if (decks.length === 0)
        throw AppError.validation(IMPORT_MESSAGES.noDecksChosen, [
          { path: 'deckIds', message: IMPORT_MESSAGES.noDecksChosen },
        ]);
      const byDeck = new Map<string, AnkiCardRead[]>();
      for (const card of pkg.cards) {
        if (!chosen.has(card.deckId)) continue;
        const list = byDeck.get(card.deckId) ?? [];
        list.push(card);
        byDeck.set(card.deckId, list);
      }
      const firstTop = deckPlace(decks[0]?.name ?? 'Anki').subject;
      const plan =
        input.planId !== undefined
          ? { id: input.planId }
          : { name: input.planName ?? firstTop, now: now.toISOString() };
      const stamp = now.toISOString();
      return repo.importInto(userId, preview.id, plan, async (planId, w) => {
        const result: AnkiImportResult = {
          planId,
          subjects: 0,
          topics: 0,
          cards: 0,
          reviews: 0,
          suspended: 0,
          duplicates: 0,
        };
        // A package whose notes share a GUID (a damaged one) imports the first card of each.
        const seen = new Set<string>();
        for (const deck of decks) {
          const cards = (byDeck.get(deck.id) ?? []).filter((c) => {
            const key = sourceKey(c);
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          });
          const place = deckPlace(deck.name);
          const subject = await w.findOrCreateSubject(planId, place.subject, stamp);
          const topic = await w.findOrCreateTopic(subject.id, place.topic, stamp);
          result.subjects += subject.made ? 1 : 0;
          result.topics += topic.made ? 1 : 0;
          const lessonId = await w.findOrCreateLesson(topic.id, deck.name, stamp);
          const had = await w.existingKeys(cards.map(sourceKey));
          const fresh = cards
            .filter((c) => !had.has(sourceKey(c)))
            // Anki's order: new cards in their queue order, the others after, as they were.
            .sort((a, b) => a.newPosition - b.newPosition);
          result.duplicates += cards.length - fresh.length;
          const ids = await w.addCards(
            lessonId,
            fresh.map((c) => toRow(c, deck.name, now)),
          );
          const reviews = fresh.flatMap(toReviews);
          await w.addReviews(ids, reviews);
          result.cards += fresh.length;
          result.reviews += reviews.length;
          result.suspended += fresh.filter((c) => c.suspended).length;
        }
        return result;
      });
    },
  };
}
export type AnkiImportService = ReturnType<typeof createAnkiImportService>;
