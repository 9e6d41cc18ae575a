import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Anki's legacy collection, schema 11: what Anki 2.0 and 2.1 wrote, and what every Anki since
 * (2.1.50+, AnkiDroid) still imports from a `collection.anki2` in a package. Decks, note types
 * and their settings are JSON in the one `col` row. The writer (write-package.ts) makes its
 * packages with this, and so do the tests' packages.
 */
export const LEGACY_SCHEMA = `
CREATE TABLE col (
  id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
  conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL,
  tags text NOT NULL
);
CREATE TABLE notes (
  id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL,
  csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL
);
CREATE TABLE cards (
  id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
  due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
  lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
  odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL
);
CREATE TABLE revlog (
  id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
  time integer NOT NULL, type integer NOT NULL
);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

export interface LegacyDeck {
  id: number;
  /** Its path joined with "::". */
  name: string;
  /** A filtered deck (Anki's "dyn"), which borrows cards from their home decks. */
  filtered?: boolean;
}

export interface LegacyNoteType {
  id: number;
  name: string;
  cloze: boolean;
  fields: string[];
  templates: { name: string; qfmt: string; afmt: string }[];
}

export interface LegacyCollection {
  /** Creation, in seconds: day-based due numbers count from it. */
  crt: number;
  /** Last change, in ms. */
  mod: number;
  /** 2 (four buttons while learning) unless a test needs Anki 2.0's 1. */
  schedVer: number;
  decks: LegacyDeck[];
  noteTypes: LegacyNoteType[];
}

export interface LegacyNote {
  id: number;
  guid: string;
  mid: number;
  tags: string[];
  /** The fields' HTML. */
  fields: string[];
  /** The sort field's text (the first field's, as plain text). */
  sortText: string;
}

export interface LegacyCard {
  id: number;
  nid: number;
  did: number;
  ord: number;
  type: number;
  queue: number;
  due: number;
  ivl: number;
  factor: number;
  reps: number;
  lapses: number;
  /** Learning steps left (today's * 1000 + all). */
  left: number;
  odue: number;
  odid: number;
  /** JSON: Anki 23.10+ keeps a card's FSRS memory here ({"s":..,"d":..}). */
  data: string;
}

export interface LegacyReview {
  /** When, in ms (unique in the table). */
  id: number;
  cid: number;
  ease: number;
  /** Days after the answer, or negative seconds while learning. */
  ivl: number;
  lastIvl: number;
  factor: number;
  /** Time taken to answer, in ms. */
  time: number;
  /** 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual. */
  type: number;
}

/** Anki's defaults for a deck's options, as its own exports carry them. */
const DECK_OPTIONS = {
  id: 1,
  name: 'Default',
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
};

/** Creates the schema and the `col` row in an empty database. */
export function createLegacyCollection(db: Database.Database, c: LegacyCollection): void {
  db.exec(LEGACY_SCHEMA);
  const modSeconds = Math.floor(c.mod / 1000);
  const decks = Object.fromEntries(c.decks.map((d) => [String(d.id), deckJson(d, modSeconds)]));
  const models = Object.fromEntries(
    c.noteTypes.map((m) => [String(m.id), noteTypeJson(m, modSeconds, c.decks[0]?.id ?? 1)]),
  );
  const conf = {
    activeDecks: [1],
    curDeck: 1,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    curModel: String(c.noteTypes[0]?.id ?? ''),
    nextPos: 1,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
    schedVer: c.schedVer,
  };
  db.prepare(
    `INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags)
     VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')`,
  ).run(
    c.crt,
    c.mod,
    c.mod,
    JSON.stringify(conf),
    JSON.stringify(models),
    JSON.stringify(decks),
    JSON.stringify({ 1: DECK_OPTIONS }),
  );
}

function deckJson(d: LegacyDeck, mod: number) {
  const common = {
    id: d.id,
    name: d.name,
    mod,
    usn: 0,
    desc: '',
    collapsed: false,
    browserCollapsed: false,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
  return d.filtered
    ? { ...common, dyn: 1, resched: true, terms: [['', 100, 0]], delays: null, separate: true }
    : { ...common, dyn: 0, conf: 1, extendNew: 0, extendRev: 0 };
}

function noteTypeJson(m: LegacyNoteType, mod: number, did: number) {
  return {
    id: m.id,
    name: m.name,
    type: m.cloze ? 1 : 0,
    mod,
    usn: 0,
    sortf: 0,
    did,
    tags: [],
    vers: [],
    flds: m.fields.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
    })),
    tmpls: m.templates.map((t, ord) => ({
      name: t.name,
      ord,
      qfmt: t.qfmt,
      afmt: t.afmt,
      did: null,
      bqfmt: '',
      bafmt: '',
    })),
    // Which fields a template needs to make a card; Anki recomputes it on import.
    req: m.templates.map((_, ord) => [ord, 'any', [Math.min(ord, m.fields.length - 1)]]),
    css: '.card {\n font-family: arial;\n font-size: 20px;\n text-align: center;\n color: black;\n background-color: white;\n}\n',
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
  };
}

/** Anki's checksum of a note's first field: the first 8 hex digits of its text's SHA-1. */
export function fieldChecksum(text: string): number {
  return Number.parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);
}

/** Prepared inserts for the three tables that grow with the content. */
export function legacyInserts(db: Database.Database, modSeconds: number) {
  const note = db.prepare(
    `INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, 0, '')`,
  );
  const card = db.prepare(
    `INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses,
       left, odue, odid, flags, data)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  const review = db.prepare(
    `INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)
     VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    note(n: LegacyNote) {
      // Tags are one string, each between spaces.
      const tags = n.tags.length > 0 ? ` ${n.tags.join(' ')} ` : '';
      note.run(
        n.id,
        n.guid,
        n.mid,
        modSeconds,
        tags,
        n.fields.join('\x1f'),
        n.sortText,
        fieldChecksum(n.sortText),
      );
    },
    card(c: LegacyCard) {
      card.run(
        c.id,
        c.nid,
        c.did,
        c.ord,
        modSeconds,
        c.type,
        c.queue,
        c.due,
        c.ivl,
        c.factor,
        c.reps,
        c.lapses,
        c.left,
        c.odue,
        c.odid,
        c.data,
      );
    },
    review(r: LegacyReview) {
      review.run(r.id, r.cid, r.ease, r.ivl, r.lastIvl, r.factor, r.time, r.type);
    },
  };
}
