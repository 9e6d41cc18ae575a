import type { Grade } from 'ts-fsrs';
import type { AnkiCardRead, AnkiReviewRead } from './anki-read.js';
import { AnkiRefusal } from './anki-refusal.js';
import { type AnkiAnswer, type AnkiCardState, cardMemory } from './card-memory.js';
import { type CollectionDb, sqliteFailure } from './collection-db.js';
import type { CollectionModel } from './collection-model.js';
import { NoteSides, type NoteTypeRule, noteTypeRule } from './note-sides.js';

/** A card read, before its pictures are looked up in the package's media. */
export interface CardDraft {
  card: AnkiCardRead;
  noteId: number;
  /** The home deck's id as Anki has it (a filtered deck's cards are at home here). */
  homeDeckId: number;
  /** Media names of the pictures its two sides show. */
  imageNames: string[];
}

export interface CardsRead {
  drafts: CardDraft[];
  /** Note types read by the first-two-fields rule, with the notes of each. */
  otherTypes: Map<string, Set<number>>;
  sounds: Set<string>;
  videos: Set<string>;
}

/** Notes whose fields are kept read while their cards come by (in card order, close together). */
const NOTES_KEPT = 256;

/** Revlog kinds: learning, review, relearning, filtered (cram), manual, rescheduled. */
const REVLOG_FILTERED = 3;
const REVLOG_MANUAL = 4;
const REVLOG_RESCHEDULED = 5;

/** The columns read, in order; a hostile file may hold anything in them, so each is coerced. */
type CardRow = [
  id: unknown,
  nid: unknown,
  did: unknown,
  ord: unknown,
  type: unknown,
  queue: unknown,
  due: unknown,
  odue: unknown,
  odid: unknown,
  ivl: unknown,
  reps: unknown,
  lapses: unknown,
  guid: unknown,
  mid: unknown,
  flds: unknown,
  tags: unknown,
];

type RevlogRow = [cid: unknown, id: unknown, ease: unknown, type: unknown, factor: unknown];

/**
 * Every card of the collection with its note's text and its review log, in card order. The
 * cards are counted first, so a collection of too many is refused before a row is read; rows
 * are iterated (the cards joined to their notes, and the log ordered by card beside them), so
 * memory holds what is returned and little more.
 */
export function readCards(db: CollectionDb, model: CollectionModel, maxCards: number): CardsRead {
  try {
    const count = Number(db.prepare('SELECT count(*) FROM cards').pluck().get());
    if (count > maxCards) throw new AnkiRefusal('anki_too_many_cards');
    return readRows(db, model);
  } catch (err) {
    throw sqliteFailure(err);
  }
}

function readRows(db: CollectionDb, model: CollectionModel): CardsRead {
  const result: CardsRead = {
    drafts: [],
    otherTypes: new Map(),
    sounds: new Set(),
    videos: new Set(),
  };
  const rules = new Map<number, NoteTypeRule>();
  for (const [id, type] of model.noteTypes) rules.set(id, noteTypeRule(type));
  /** The notes of the last cards: a note's cards are made together, so their ids are close. */
  const notes = new Map<number, { sides: NoteSides; tags: string[] }>();

  const cards = db
    .prepare(
      `SELECT c.id, c.nid, c.did, c.ord, c.type, c.queue, c.due, c.odue, c.odid, c.ivl, c.reps,
        c.lapses, n.guid, n.mid, n.flds, n.tags
       FROM cards c JOIN notes n ON n.id = c.nid ORDER BY c.id`,
    )
    .raw(true)
    .iterate() as IterableIterator<CardRow>;
  const log = db
    .prepare('SELECT cid, id, ease, type, factor FROM revlog ORDER BY cid, id')
    .raw(true)
    .iterate() as IterableIterator<RevlogRow>;
  let pending = log.next();

  for (const row of cards) {
    const id = Number(row[0]);
    const nid = Number(row[1]);
    const ord = Number(row[3]);
    const mid = Number(row[13]);
    const state: AnkiCardState = {
      type: Number(row[4]),
      queue: Number(row[5]),
      due: Number(row[6]),
      odue: Number(row[7]),
      odid: Number(row[8]),
      ivl: Number(row[9]),
      reps: Number(row[10]),
      lapses: Number(row[11]),
    };
    // The log is ordered by card as the cards are: the rows of this card are next.
    const answers: AnkiAnswer[] = [];
    let reset = false;
    while (!pending.done && Number(pending.value[0]) < id) pending = log.next();
    while (!pending.done && Number(pending.value[0]) === id) {
      const answer = toAnswer(pending.value, reset);
      if (answer === 'reset') reset = true;
      else if (answer) {
        answers.push(answer);
        reset = false;
      }
      pending = log.next();
    }

    const noteType = model.noteTypes.get(mid);
    const rule = rules.get(mid);
    if (!noteType || !rule) throw new AnkiRefusal('anki_collection_damaged');
    let note = notes.get(nid);
    if (!note) {
      note = {
        sides: new NoteSides(rule, String(row[14] ?? '').split('\x1f')),
        // One string, each tag between spaces.
        tags: String(row[15] ?? '')
          .split(/\s+/)
          .filter((t) => t !== ''),
      };
      if (notes.size >= NOTES_KEPT) notes.delete(notes.keys().next().value as number);
      notes.set(nid, note);
    }
    if (rule.kind === 'other') {
      const seen = result.otherTypes.get(noteType.name) ?? new Set<number>();
      seen.add(nid);
      result.otherTypes.set(noteType.name, seen);
    }
    const { front, back } = note.sides.card(ord);
    for (const side of [front, back]) {
      for (const s of side.sounds) result.sounds.add(s);
      for (const v of side.videos) result.videos.add(v);
    }
    const homeDeckId = state.odid !== 0 ? state.odid : Number(row[2]);
    result.drafts.push({
      card: {
        key: `${String(row[12])}:${ord}`,
        deckId: String(homeDeckId),
        front: front.text,
        back: back.text,
        tags: note.tags,
        images: [],
        frontImages: front.images,
        suspended: state.queue === -1,
        newPosition: newPosition(state),
        memory: cardMemory(state, answers, model.crt),
        reviews: answers.map(
          (a): AnkiReviewRead => ({ at: new Date(a.at).toISOString(), rating: a.rating }),
        ),
      },
      noteId: nid,
      homeDeckId,
      imageNames:
        front.images.length + back.images.length === 0
          ? []
          : [...new Set([...front.images, ...back.images])],
    });
  }
  return result;
}

/**
 * A log row as an answer, 'reset' for Anki's "Forget" (a manual row with no ease and no
 * factor), or null for a row that is no review: other manual and rescheduling rows, cram
 * answers in a filtered deck, and rows without a button. The ease is the rating as logged,
 * for Anki 2.0's three learning buttons too (docs/anki.md, "Reviews").
 */
function toAnswer(row: RevlogRow, afterReset: boolean): AnkiAnswer | 'reset' | null {
  const ease = Number(row[2]);
  const kind = Number(row[3]);
  if (kind === REVLOG_MANUAL || kind === REVLOG_RESCHEDULED) {
    return ease === 0 && Number(row[4]) === 0 ? 'reset' : null;
  }
  if (kind === REVLOG_FILTERED || !(Number.isInteger(ease) && ease >= 1 && ease <= 4)) return null;
  return { at: Number(row[1]), rating: ease as Grade, inReview: kind === 1, afterReset };
}

/** Anki's order of new cards is their due number (kept in odue in a filtered deck). */
function newPosition(card: AnkiCardState): number {
  if (card.type !== 0) return 0;
  return card.odid !== 0 && card.odue !== 0 ? card.odue : card.due;
}
