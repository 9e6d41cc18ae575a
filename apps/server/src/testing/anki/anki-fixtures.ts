import JSZip from 'jszip';
import type {
  LegacyCard,
  LegacyNote,
  LegacyNoteType,
  LegacyReview,
} from '../../adapters/anki/legacy-collection.js';
import { buildAnkiPackage, type TestCollection } from './anki-package-builder.js';

/**
 * Collections and packages the Anki tests read: one study collection with every kind of note
 * type, card and log row the reader handles, and the packages it must refuse.
 */

export const DAY_S = 86_400;
const MIN_S = 60;

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const NOTE_TYPES = {
  basic: {
    id: 1001,
    name: 'Basic',
    cloze: false,
    fields: ['Front', 'Back'],
    templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }],
  },
  reversed: {
    id: 1002,
    name: 'Basic (and reversed card)',
    cloze: false,
    fields: ['Front', 'Back'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
      { name: 'Card 2', qfmt: '{{Back}}', afmt: '{{FrontSide}}<hr id=answer>{{Front}}' },
    ],
  },
  cloze: {
    id: 1003,
    name: 'Cloze',
    cloze: true,
    fields: ['Text', 'Back Extra'],
    templates: [
      { name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>{{Back Extra}}' },
    ],
  },
  vocabulary: {
    id: 1004,
    name: 'Vocabulary',
    cloze: false,
    fields: ['Word', 'Meaning', 'Example'],
    templates: [{ name: 'Word', qfmt: '{{Word}}', afmt: '{{Meaning}}<br>{{Example}}' }],
  },
} satisfies Record<string, LegacyNoteType>;

export const DECKS = {
  default: { id: 1, name: 'Default' },
  biology: { id: 10, name: 'Biology' },
  cells: { id: 11, name: 'Biology::Cells' },
  genetics: { id: 12, name: 'Biology::Genetics' },
  chemistry: { id: 13, name: 'Chemistry' },
  cram: { id: 20, name: 'Biology::Exam cram', filtered: true },
};

/** The collection's creation: a UTC midnight 30 days before `now`, in seconds. */
export function creation(now: Date): number {
  return Math.floor(now.getTime() / 1000 / DAY_S) * DAY_S - 30 * DAY_S;
}

/** Anki's day number of today in a collection created at crt. */
export const today = (now: Date) => Math.floor((now.getTime() / 1000 - creation(now)) / DAY_S);

export function note(id: number, mid: number, guid: string, fields: string[], tags: string[] = []) {
  return { id, guid, mid, tags, fields, sortText: fields[0] ?? '' } satisfies LegacyNote;
}

export function card(id: number, nid: number, did: number, set: Partial<LegacyCard>): LegacyCard {
  return {
    id,
    nid,
    did,
    ord: 0,
    type: 0,
    queue: 0,
    due: 0,
    ivl: 0,
    factor: 0,
    reps: 0,
    lapses: 0,
    left: 0,
    odue: 0,
    odid: 0,
    data: '',
    ...set,
  };
}

/**
 * A review-log row at `atS` (seconds): ease 1-4 (0 none), kind 0 learn, 1 review, 2 relearn,
 * 3 cram, 4 manual. The card's id is in the milliseconds, so two cards' rows never collide.
 */
export function review(cid: number, atS: number, ease: number, type: number, factor = 2500) {
  return {
    id: atS * 1000 + (cid % 1000),
    cid,
    ease,
    ivl: 1,
    lastIvl: 0,
    factor,
    time: 4000,
    type,
  } satisfies LegacyReview;
}

/**
 * The study collection (all three formats are made from it):
 * - Biology::Cells: a Basic card reviewed 3 times and due tomorrow; a new Basic card of HTML
 *   (blocks, entities, a script, a style, MathJax); a Cloze note with two deletions (one new,
 *   one a suspended review card); a card reset to new after 3 answers.
 * - Biology::Genetics (Biology holds no card): a "Basic (and reversed card)" note, one card
 *   reviewed 4 times with a lapse and due in 5 days, the other new; a card borrowed by the
 *   filtered deck "Biology::Exam cram", its own due kept (with a cram answer that is no
 *   review); a buried card 3 days overdue (with a manual reschedule that is no review).
 * - Chemistry: a custom 3-field note type; a learning card due in 10 minutes showing a
 *   picture (kept), a sound and a video (dropped) and a missing picture; a card with nothing
 *   but a missing picture and a sound (skipped as empty).
 */
export function studyCollection(now: Date): TestCollection {
  const crt = creation(now);
  const day = today(now);
  const nowS = Math.floor(now.getTime() / 1000);
  const at = (days: number, minutes = 0) => nowS + days * DAY_S + minutes * MIN_S;
  const { basic, reversed, cloze, vocabulary } = NOTE_TYPES;
  return {
    crt,
    mod: now.getTime(),
    schedVer: 2,
    decks: Object.values(DECKS),
    noteTypes: Object.values(NOTE_TYPES),
    notes: [
      note(
        1,
        basic.id,
        'cells-1',
        ['What is the powerhouse of the cell?', 'The <b>mitochondrion</b>'],
        ['biology', 'cells'],
      ),
      note(2, basic.id, 'cells-2', [
        '<div>Line one</div>\n<div>Line two<br>Line three</div>',
        'a &lt; b &amp;&nbsp;c<script>alert(1)</script><style>p { color: red }</style> \\(x^2\\) and \\[E=mc^2\\]',
      ]),
      note(3, cloze.id, 'cells-3', [
        'The {{c1::nucleus}} holds the {{c2::DNA::genetic material}}.',
        'Only in eukaryotes',
      ]),
      note(4, reversed.id, 'gen-1', ['gene', 'a unit of heredity'], ['genetics']),
      note(5, vocabulary.id, 'chem-1', ['sodium', 'Natrium', 'Na reacts with water']),
      note(6, basic.id, 'chem-2', [
        '<img src="atom.png"> What is this?',
        '[sound:atom.mp3] An atom <img src="missing.jpg"> [sound:clip.mp4]',
      ]),
      note(7, basic.id, 'gen-2', ['allele', 'a variant of a gene']),
      note(8, basic.id, 'gen-3', ['codon', 'three bases']),
      note(9, basic.id, 'chem-3', ['<img src="gone.png">', '[sound:only.mp3]']),
      note(10, basic.id, 'cells-4', ['forgotten', 'reset to new']),
    ],
    cards: [
      card(101, 1, 11, { type: 2, queue: 2, due: day + 1, ivl: 3, factor: 2500, reps: 3 }),
      card(102, 2, 11, { due: 5 }),
      card(103, 3, 11, { ord: 0, due: 6 }),
      card(104, 3, 11, { ord: 1, type: 2, queue: -1, due: day + 10, ivl: 20, reps: 2 }),
      card(105, 4, 12, { ord: 0, type: 2, queue: 2, due: day + 5, ivl: 5, reps: 4, lapses: 1 }),
      card(106, 4, 12, { ord: 1, due: 7 }),
      card(107, 5, 13, { due: 8 }),
      card(108, 6, 13, { type: 1, queue: 1, due: at(0, 10), left: 1001, reps: 1 }),
      card(109, 7, 20, {
        type: 2,
        queue: 2,
        due: -100_000,
        odue: day + 3,
        odid: 12,
        ivl: 4,
        reps: 2,
      }),
      card(110, 8, 12, { type: 2, queue: -2, due: day - 3, ivl: 2, reps: 2 }),
      card(111, 9, 13, { due: 9 }),
      card(112, 10, 11, { due: 10 }),
    ],
    revlog: [
      review(101, at(-10), 3, 0),
      review(101, at(-10, 10), 3, 0),
      review(101, at(-3), 3, 1),
      review(104, at(-25), 3, 0),
      review(104, at(-20), 4, 1),
      review(105, at(-20), 3, 0),
      review(105, at(-20, 10), 3, 0),
      review(105, at(-15), 1, 1),
      review(105, at(-15, 10), 3, 2),
      review(108, at(0, -1), 1, 0),
      review(109, at(-8), 3, 0),
      review(109, at(-4), 3, 1),
      review(109, at(-1), 3, 3),
      review(110, at(-6), 3, 0),
      review(110, at(-5), 3, 1),
      review(110, at(-4), 0, 4),
      review(112, at(-9), 3, 0),
      review(112, at(-9, 10), 3, 0),
      review(112, at(-5), 3, 1),
      review(112, at(-2), 0, 4, 0),
    ],
    media: [
      { name: 'atom.png', bytes: PNG },
      { name: 'atom.mp3', bytes: Buffer.from('ID3 not really a sound') },
      { name: 'clip.mp4', bytes: Buffer.from('not really a video') },
    ],
  };
}

/** A small collection of one Basic card, for the packages that test one thing. */
export function oneCardCollection(now: Date, front = 'front', back = 'back'): TestCollection {
  return {
    crt: creation(now),
    mod: now.getTime(),
    schedVer: 2,
    decks: [DECKS.default],
    noteTypes: [NOTE_TYPES.basic],
    notes: [note(1, NOTE_TYPES.basic.id, 'one', [front, back])],
    cards: [card(1, 1, 1, { due: 1 })],
    revlog: [],
    media: [],
  };
}

export const notAZip = () => Buffer.from('This is a text file, not an Anki package.');

export async function zipWithoutCollection(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('media', '{}');
  zip.file('notes.txt', 'no collection here');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A package whose collection inflates to `inflatedMb` MB of zeros from about a thousandth of
 * that: past the ratio guard's floor, far past its ratio.
 */
export async function zipBomb(inflatedMb = 16): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('collection.anki2', Buffer.alloc(inflatedMb * 1024 * 1024));
  zip.file('media', '{}');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * 200,001 cards (one note's), made by SQLite itself with a recursive CTE in a moment: the
 * reader must refuse them on their count, before reading a row.
 */
export function tooManyCards(now: Date, format: 'anki2' | 'anki21' | 'anki21b' = 'anki2') {
  return buildAnkiPackage(oneCardCollection(now), format, {
    alter: (db) =>
      db.exec(`
        WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 200001)
        INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps,
          lapses, left, odue, odid, flags, data)
        SELECT i, 1, 1, 0, 0, 0, 0, 0, i, 0, 0, 0, 0, 0, 0, 0, 0, '' FROM n`),
  });
}

/**
 * A collection whose `revlog` is a view that never ends (a recursive CTE without a bound) and
 * which has a trigger: reading the view would hang the test, so a refusal in good time shows
 * nothing of it ran.
 */
export function trapCollection(now: Date) {
  return buildAnkiPackage(oneCardCollection(now), 'anki2', {
    alter: (db) =>
      db.exec(`
        DROP TABLE revlog;
        CREATE VIEW revlog AS
          WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)
          SELECT i AS id, 1 AS cid, 0 AS usn, 3 AS ease, 0 AS ivl, 0 AS lastIvl, 0 AS factor,
            0 AS time, 0 AS type FROM r;
        CREATE TRIGGER stamp AFTER UPDATE ON cards BEGIN UPDATE notes SET flds = 'changed'; END;`),
  });
}

/** A sound collection with a trigger and an endless view beside its tables: read as usual. */
export function triggerCollection(now: Date) {
  return buildAnkiPackage(oneCardCollection(now, 'kept', 'as it is'), 'anki2', {
    alter: (db) =>
      db.exec(`
        CREATE VIEW endless AS WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)
          SELECT i FROM r;
        CREATE TRIGGER stamp AFTER INSERT ON notes BEGIN UPDATE notes SET flds = 'changed'; END;
        CREATE TRIGGER stamp2 BEFORE DELETE ON cards BEGIN SELECT raise(ABORT, 'no'); END;`),
  });
}

/** A package whose collection is `bytes` (damaged SQLite, or no SQLite at all). */
export async function packageOfCollection(bytes: Buffer): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('collection.anki2', bytes);
  zip.file('media', '{}');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** SQLite's header and then noise: a file cut or overwritten. */
export function corruptSqlite(): Buffer {
  const bytes = Buffer.alloc(8192);
  Buffer.from('SQLite format 3\0').copy(bytes);
  for (let i = 16; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
  return bytes;
}

/** Media names that point out of a folder (the whole package is refused). */
export const UNSAFE_MEDIA_NAMES = ['../../etc/passwd', '/etc/shadow', 'C:\\Windows\\win.ini'];
