import { AnkiRefusal } from './anki-refusal.js';
import { type CollectionDb, requireTables, sqliteFailure } from './collection-db.js';
import { protoFields, protoNumber, protoString } from './protobuf-fields.js';

/** A deck as the collection names it. */
export interface DeckInfo {
  id: number;
  /** Its path joined with "::". */
  name: string;
  /** A filtered deck borrows cards for a while; it is never their home. */
  filtered: boolean;
}

/** A note type: what is needed to turn its notes into cards. */
export interface NoteTypeInfo {
  name: string;
  cloze: boolean;
  fieldNames: string[];
  /** Each card template's number and question format (where cloze fields are named). */
  templates: { ord: number; qfmt: string }[];
}

/** The collection-wide facts the cards are read with. */
export interface CollectionModel {
  /** The collection's creation (seconds): day-based due numbers count days from it. */
  crt: number;
  decks: Map<number, DeckInfo>;
  noteTypes: Map<number, NoteTypeInfo>;
}

/** The tables every collection has; a collection of schema 15+ has four more. */
const CORE_TABLES = ['col', 'notes', 'cards', 'revlog'];
const TABLES_15 = ['decks', 'notetypes', 'fields', 'templates'];

interface ColRow {
  ver: number;
  crt: number;
  decks: string;
  models: string;
}

export function readCollectionModel(db: CollectionDb): CollectionModel {
  requireTables(db, CORE_TABLES);
  try {
    const col = db.prepare('SELECT ver, crt, decks, models FROM col LIMIT 1').get() as
      | ColRow
      | undefined;
    if (!col || typeof col.crt !== 'number' || typeof col.ver !== 'number') {
      throw new AnkiRefusal('anki_collection_damaged');
    }
    // Schema 11 (Anki before 2.1.28, and legacy exports) keeps decks and note types as JSON in
    // `col`; 15 and later (18 today) in tables of their own, the JSON columns left empty.
    if (col.ver < 15) {
      return {
        crt: col.crt,
        decks: legacyDecks(jsonObject(col.decks)),
        noteTypes: legacyNoteTypes(jsonObject(col.models)),
      };
    }
    requireTables(db, TABLES_15);
    return {
      crt: col.crt,
      decks: tableDecks(db),
      noteTypes: tableNoteTypes(db),
    };
  } catch (err) {
    throw sqliteFailure(err);
  }
}

function jsonObject(text: unknown): Record<string, unknown> {
  const value: unknown = typeof text === 'string' && text ? JSON.parse(text) : {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AnkiRefusal('anki_collection_damaged');
  }
  return value as Record<string, unknown>;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function legacyDecks(json: Record<string, unknown>): Map<number, DeckInfo> {
  const decks = new Map<number, DeckInfo>();
  for (const [key, value] of Object.entries(json)) {
    const d = record(value);
    const id = Number(d.id ?? key);
    if (!Number.isFinite(id)) continue;
    decks.set(id, { id, name: String(d.name ?? ''), filtered: Number(d.dyn ?? 0) !== 0 });
  }
  return decks;
}

function legacyNoteTypes(json: Record<string, unknown>): Map<number, NoteTypeInfo> {
  const types = new Map<number, NoteTypeInfo>();
  for (const [key, value] of Object.entries(json)) {
    const m = record(value);
    const id = Number(m.id ?? key);
    if (!Number.isFinite(id)) continue;
    const ordered = (list: unknown) =>
      (Array.isArray(list) ? list.map(record) : []).sort(
        (a, b) => Number(a.ord ?? 0) - Number(b.ord ?? 0),
      );
    types.set(id, {
      name: String(m.name ?? ''),
      cloze: Number(m.type ?? 0) === 1,
      fieldNames: ordered(m.flds).map((f) => String(f.name ?? '')),
      templates: ordered(m.tmpls).map((t, i) => ({
        ord: Number(t.ord ?? i),
        qfmt: String(t.qfmt ?? ''),
      })),
    });
  }
  return types;
}

function tableDecks(db: CollectionDb): Map<number, DeckInfo> {
  const decks = new Map<number, DeckInfo>();
  const rows = db.prepare('SELECT id, name, kind FROM decks').raw(true).iterate() as Iterable<
    [number, string, Uint8Array]
  >;
  for (const [id, name, kind] of rows) {
    // DeckKindContainer { oneof kind { Normal normal = 1; Filtered filtered = 2; } }
    const filtered = kind instanceof Uint8Array && protoFields(kind).has(2);
    // Levels are separated by \x1f in the table, by "::" everywhere else.
    decks.set(id, { id, name: String(name).replaceAll('\x1f', '::'), filtered });
  }
  return decks;
}

function tableNoteTypes(db: CollectionDb): Map<number, NoteTypeInfo> {
  const types = new Map<number, NoteTypeInfo>();
  const rows = db.prepare('SELECT id, name, config FROM notetypes').raw(true).iterate() as Iterable<
    [number, string, Uint8Array]
  >;
  for (const [id, name, config] of rows) {
    // Notetype.Config { Kind kind = 1; ... } with KIND_NORMAL 0, KIND_CLOZE 1.
    const kind = config instanceof Uint8Array ? protoNumber(protoFields(config), 1) : 0;
    types.set(id, { name: String(name), cloze: kind === 1, fieldNames: [], templates: [] });
  }
  const fields = db
    .prepare('SELECT ntid, ord, name FROM fields ORDER BY ntid, ord')
    .raw(true)
    .iterate() as Iterable<[number, number, string]>;
  for (const [ntid, , name] of fields) types.get(ntid)?.fieldNames.push(String(name));
  const templates = db
    .prepare('SELECT ntid, ord, config FROM templates ORDER BY ntid, ord')
    .raw(true)
    .iterate() as Iterable<[number, number, Uint8Array]>;
  for (const [ntid, ord, config] of templates) {
    // CardTemplate.Config { string q_format = 1; string a_format = 2; ... }
    const qfmt = config instanceof Uint8Array ? (protoString(protoFields(config), 1) ?? '') : '';
    types.get(ntid)?.templates.push({ ord, qfmt });
  }
  return types;
}
