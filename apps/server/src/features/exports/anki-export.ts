import type { AnkiMemoryRead, AnkiReviewRead } from '../../adapters/anki/anki-read.js';
import type { AnkiCardWrite, AnkiPackageWrite } from '../../adapters/anki/write-package.js';
import type { AnkiExportCardRow, ExportReviewRow } from './exports.repository.js';

const RATINGS: Record<string, AnkiReviewRead['rating']> = { again: 1, hard: 2, good: 3, easy: 4 };

/**
 * The note GUID a card goes out under. A card imported from Anki keeps its note's GUID (its
 * first card; a reversed card's own, as each goes out as a Basic note), so Anki updates the
 * note it came from instead of adding a copy; a card made here gets one of its own, the same on
 * every export.
 */
export function guidOf(row: Pick<AnkiExportCardRow, 'id' | 'sourceKey'>): string {
  const m = /^anki:(.+):(\d+)$/.exec(row.sourceKey ?? '');
  if (m?.[1]) return m[2] === '0' ? m[1] : `${m[1]}:${m[2]}`;
  return `studybuddy:${row.id}`;
}

function tagsOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function memoryOf(r: AnkiExportCardRow): AnkiMemoryRead {
  return {
    due: r.due,
    stability: r.stability,
    difficulty: r.difficulty,
    elapsedDays: r.elapsedDays,
    scheduledDays: r.scheduledDays,
    learningSteps: r.learningSteps,
    reps: r.reps,
    lapses: r.lapses,
    state: (r.state >= 0 && r.state <= 3 ? r.state : 0) as AnkiMemoryRead['state'],
    lastReview: r.lastReview,
  };
}

/**
 * A subject's cards as the package's input: the subject is the top deck and each topic a deck
 * under it ("Biology::Cells"), as an import maps them back; each card with its schedule and
 * review log.
 */
export function ankiPackageInput(
  subjectName: string,
  cards: readonly AnkiExportCardRow[],
  reviews: readonly ExportReviewRow[],
  now: Date,
): AnkiPackageWrite {
  const logs = new Map<number, AnkiReviewRead[]>();
  for (const r of reviews) {
    const list = logs.get(r.flashcardId) ?? [];
    list.push({ at: r.reviewedAt, rating: RATINGS[r.rating] ?? 3 });
    logs.set(r.flashcardId, list);
  }
  const decks = new Map<string, AnkiCardWrite[]>();
  // "::" is Anki's deck separator: a name holding one would split into a deck of its own.
  const level = (name: string) => name.replaceAll('::', ':').trim() || '_';
  for (const c of cards) {
    const deck = `${level(subjectName)}::${level(c.topicName)}`;
    const list = decks.get(deck) ?? [];
    list.push({
      guid: guidOf(c),
      front: c.front,
      back: c.back,
      tags: tagsOf(c.tags),
      suspended: c.suspended === 1,
      memory: memoryOf(c),
      reviews: logs.get(c.id) ?? [],
    });
    decks.set(deck, list);
  }
  return { decks: [...decks].map(([name, list]) => ({ name, cards: list })), now };
}
