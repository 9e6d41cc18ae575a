/**
 * What reading an Anki package gives the importer: its decks, its cards as StudyBuddy can show
 * them (plain text, with their memory state rebuilt from the review log), and what was left
 * out. It crosses from the parser's child process by structured clone, so it holds plain data.
 */

/** Which collection file the package carried (Anki 2.0, 2.1 before 2.1.50, 2.1.50+). */
export type AnkiFormat = 'anki2' | 'anki21' | 'anki21b';

export interface AnkiDeckRead {
  /** Anki's deck id, as a string (a 64-bit integer in Anki). */
  id: string;
  /** The deck's full name, its path joined with "::" as Anki shows it. */
  name: string;
  /** The deck's path from the top deck: "Biology::Cells" is ["Biology", "Cells"]. */
  path: string[];
  /** Notes with at least one card in this deck (not its children). */
  notes: number;
  cards: number;
  /** Review-log rows of this deck's cards that count as reviews (see AnkiReviewRead). */
  reviews: number;
}

/** One answer from the review log (manual reschedules and cram answers are not reviews). */
export interface AnkiReviewRead {
  /** ISO instant. */
  at: string;
  /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
  rating: 1 | 2 | 3 | 4;
}

/** A card's memory, in the fields of ts-fsrs's Card (which the flashcards table stores). */
export interface AnkiMemoryRead {
  /**
   * ISO instant the card is next due: Anki's own due date for review and learning cards. A new
   * card has no date in Anki, only its place in the queue (newPosition): its due is the
   * collection's creation, a placeholder the importer replaces with its own.
   */
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: 0 | 1 | 2 | 3;
  /** ISO instant of the last review, or null for a new card. */
  lastReview: string | null;
}

export interface AnkiImageRead {
  /** The media file's name in the package (never used as a path). */
  name: string;
  /** image/png, image/jpeg, image/gif or image/webp: from the bytes, not the name. */
  mime: string;
  /** The image's bytes, base64. */
  base64: string;
}

export interface AnkiCardRead {
  /** The note's GUID and the card's template (or cloze) number: the same across imports. */
  key: string;
  deckId: string;
  /** Plain text: HTML read into text (line breaks kept, tags and scripts gone), math as $...$. */
  front: string;
  back: string;
  tags: string[];
  /** Images the card's fields show, within the size caps. */
  images: AnkiImageRead[];
  /** The names of those the front shows (the others show on the back, with the answer). */
  frontImages: string[];
  suspended: boolean;
  /** Anki's order of new cards (its due number for a new card), else 0. */
  newPosition: number;
  memory: AnkiMemoryRead;
  reviews: AnkiReviewRead[];
}

/** Something of the package left out or changed, told on the preview (codes in the contracts). */
export interface AnkiWarningRead {
  code:
    | 'anki_other_note_type'
    | 'anki_sound_dropped'
    | 'anki_video_dropped'
    | 'anki_image_too_large'
    | 'anki_image_missing'
    | 'anki_empty_cards_skipped';
  /** How many notes, cards or files it concerns. */
  count: number;
  /** The note type's name, for anki_other_note_type. */
  name?: string;
}

export interface AnkiPackageRead {
  format: AnkiFormat;
  decks: AnkiDeckRead[];
  cards: AnkiCardRead[];
  warnings: AnkiWarningRead[];
}

/** Why a package was refused as a whole: nothing of it is imported. Codes in the contracts. */
export type AnkiRefusalCode =
  | 'anki_not_a_package'
  | 'anki_wrong_extension'
  | 'anki_collection_damaged'
  | 'anki_too_many_cards'
  | 'anki_unsafe_media_name'
  | 'anki_no_cards'
  | 'file_zip_bomb'
  | 'file_archive_too_many_entries'
  | 'file_too_large';
