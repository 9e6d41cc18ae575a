import Database from 'better-sqlite3';
import { escapeText } from 'entities';
import JSZip from 'jszip';
import { createEmptyCard, fsrs, type Grade, State } from 'ts-fsrs';
import type { AnkiMemoryRead, AnkiReviewRead } from './anki-read.js';
import {
  createLegacyCollection,
  type LegacyCard,
  type LegacyNoteType,
  legacyInserts,
} from './legacy-collection.js';

/** A StudyBuddy card as it goes into the package. */
export interface AnkiCardWrite {
  /** The note's GUID: Anki updates the note of the same GUID when the file is imported again. */
  guid: string;
  /** Plain text (line breaks kept). */
  front: string;
  back: string;
  tags: string[];
  suspended: boolean;
  memory: AnkiMemoryRead;
  reviews: AnkiReviewRead[];
}

export interface AnkiPackageWrite {
  /** Each deck by its full name ("Biology::Cells"); every level becomes a deck of its own. */
  decks: { name: string; cards: AnkiCardWrite[] }[];
  now: Date;
}

const DAY_S = 86_400;
const DEFAULT_DECK = 'Default';
/** Anki's starting ease (250 %): the memory goes in `data` for FSRS; SM-2 starts afresh. */
const STARTING_EASE = 2500;
/** One learning step left, today (Anki's left: today's steps * 1000 + all). */
const ONE_STEP_LEFT = 1001;

const BASIC_ID = 1_000_000_001;
const BASIC: LegacyNoteType = {
  id: BASIC_ID,
  name: 'Basic',
  cloze: false,
  fields: ['Front', 'Back'],
  templates: [
    { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
  ],
};

// ts-fsrs replays each card's answers to tell which were learning and which reviews (the
// revlog's kind) and the interval each gave; deterministic, as the reader's replay.
const replayer = fsrs({ enable_fuzz: false, enable_short_term: true });

/**
 * Cards as an Anki package: the legacy collection (schema 11, `collection.anki2`) and an empty
 * media list in a ZIP, the format Anki 2.1.50+ and AnkiDroid import. One "Basic" note per card,
 * the deck tree, each card's schedule from its memory (review cards due on their day, learning
 * ones at their instant) with the memory itself in `data` for Anki's FSRS, and the reviews as
 * its review log. readAnkiPackage reads it back to the same decks, texts, tags, suspensions,
 * reviews and due days.
 */
export async function writeAnkiPackage(input: AnkiPackageWrite): Promise<Uint8Array> {
  const nowMs = input.now.getTime();
  const cards = input.decks.flatMap((d) => d.cards);
  // Day-based dues count days from crt: a UTC midnight no later than any review card's due.
  const earliest = cards.reduce(
    (min, c) => (c.memory.state === State.Review ? Math.min(min, Date.parse(c.memory.due)) : min),
    nowMs,
  );
  const crt = Math.floor(earliest / 1000 / DAY_S) * DAY_S;

  const deckIds = new Map<string, number>([[DEFAULT_DECK, 1]]);
  for (const name of input.decks.map((d) => d.name).sort()) {
    const path = name.split('::');
    for (let depth = 1; depth <= path.length; depth++) {
      const level = path.slice(0, depth).join('::');
      if (!deckIds.has(level)) deckIds.set(level, nowMs + deckIds.size);
    }
  }

  const db = new Database(':memory:');
  try {
    createLegacyCollection(db, {
      crt,
      mod: nowMs,
      schedVer: 2,
      decks: [...deckIds].map(([name, id]) => ({ id, name })),
      noteTypes: [BASIC],
    });
    const insert = legacyInserts(db, Math.floor(nowMs / 1000));
    const revlogIds = new Set<number>();
    let id = nowMs;
    let newPosition = 0;
    db.transaction(() => {
      for (const deck of input.decks) {
        const did = deckIds.get(deck.name) ?? 1;
        for (const card of deck.cards) {
          id++;
          insert.note({
            id,
            guid: card.guid,
            mid: BASIC_ID,
            // A tag is one word in Anki: spaces inside one would split it.
            tags: card.tags.map((t) => t.trim().replace(/\s+/g, '_')).filter((t) => t !== ''),
            fields: [fieldHtml(card.front), fieldHtml(card.back)],
            sortText: card.front,
          });
          if (card.memory.state === State.New) newPosition++;
          insert.card(scheduled(card, { id, nid: id, did, crt, newPosition }));
          for (const row of revlogRows(card.reviews)) {
            let at = row.at;
            // The log's key is the answer's millisecond: two answers in one are a ms apart.
            while (revlogIds.has(at)) at++;
            revlogIds.add(at);
            insert.review({ ...row, id: at, cid: id });
          }
        }
      }
    })();
    const zip = new JSZip();
    zip.file('collection.anki2', db.serialize());
    zip.file('media', '{}');
    return await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  } finally {
    db.close();
  }
}

/**
 * Text as a field's HTML: escaped, line breaks as `<br>`, and the spaces HTML would collapse
 * (leading, trailing, repeated) and tabs written as references, so the text reads back as it
 * was written.
 */
export function fieldHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      escapeText(
        line
          .replace(/ {2,}/g, (run) => ` ${'\u00a0'.repeat(run.length - 1)}`)
          .replace(/^ | $/g, '\u00a0'),
      ).replaceAll('\t', '&#9;'),
    )
    .join('<br>');
}

interface CardPlace {
  id: number;
  nid: number;
  did: number;
  crt: number;
  newPosition: number;
}

/** The card's Anki schedule from its memory state. */
function scheduled(card: AnkiCardWrite, place: CardPlace): LegacyCard {
  const m = card.memory;
  const dueMs = Date.parse(m.due);
  const base = {
    id: place.id,
    nid: place.nid,
    did: place.did,
    ord: 0,
    reps: m.reps,
    lapses: m.lapses,
    odue: 0,
    odid: 0,
    data: '',
  };
  const queue = (q: number) => (card.suspended ? -1 : q);
  if (m.state === State.New) {
    return {
      ...base,
      type: 0,
      queue: queue(0),
      due: place.newPosition,
      ivl: 0,
      factor: 0,
      left: 0,
    };
  }
  // Anki 23.10+ with FSRS on takes the memory from here; others ignore it.
  const data =
    m.stability > 0 && m.difficulty >= 1 && m.difficulty <= 10
      ? JSON.stringify({ s: round(m.stability, 4), d: round(m.difficulty, 3) })
      : '';
  const interval = Math.max(1, m.scheduledDays || Math.round(m.stability));
  if (m.state === State.Review) {
    return {
      ...base,
      data,
      type: 2,
      queue: queue(2),
      due: Math.floor((dueMs / 1000 - place.crt) / DAY_S),
      ivl: interval,
      factor: STARTING_EASE,
      left: 0,
    };
  }
  // Learning and relearning: due at their instant, in epoch seconds.
  return {
    ...base,
    data,
    type: m.state === State.Learning ? 1 : 3,
    queue: queue(1),
    due: Math.floor(dueMs / 1000),
    ivl: m.state === State.Relearning ? interval : 0,
    factor: STARTING_EASE,
    left: ONE_STEP_LEFT,
  };
}

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** Revlog kinds by the state a card answered in: learning (and new), review, relearning. */
const REVLOG_TYPE: Record<State, number> = {
  [State.New]: 0,
  [State.Learning]: 0,
  [State.Review]: 1,
  [State.Relearning]: 2,
};

/** The card's answers as review-log rows: each answer's kind and the interval it gave. */
function revlogRows(reviews: AnkiReviewRead[]) {
  const answers = reviews
    .map((r) => ({ rating: r.rating as Grade, at: Date.parse(r.at) }))
    .sort((a, b) => a.at - b.at);
  const first = answers[0];
  if (!first) return [];
  // (reschedule turns the times it is given into Dates: it gets copies.)
  const { collections } = replayer.reschedule(
    createEmptyCard(first.at),
    answers.map((a) => ({ rating: a.rating, review: a.at })),
    { first_card: createEmptyCard(first.at) },
  );
  let lastIvl = 0;
  return collections.map(({ card, log }, i) => {
    const at = answers[i]?.at ?? log.review.getTime();
    // Days for a day-based interval, negative seconds for a step within the day.
    const ivl =
      card.scheduled_days > 0
        ? card.scheduled_days
        : -Math.max(1, Math.round((card.due.getTime() - at) / 1000));
    const row = {
      at,
      ease: log.rating,
      ivl,
      lastIvl,
      factor: STARTING_EASE,
      time: 0,
      type: REVLOG_TYPE[log.state],
    };
    lastIvl = ivl;
    return row;
  });
}
