import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type Database from 'better-sqlite3';
import type { LegacyCollection } from '../../adapters/anki/legacy-collection.js';

/**
 * A legacy collection (schema 11) moved to Anki 2.1.50+'s schema 18, as the collection of an
 * `.anki21b` package holds it: decks, note types, fields and templates in tables of their own
 * with their settings as protobuf, deck names split by \x1f, the JSON columns of `col` empty.
 * Only for tests: the app never writes schema 18.
 *
 * Anki declares some of those columns `COLLATE unicase`, a collation SQLite does not know, so
 * they are created NOCASE (with a space, the same length) and the file's bytes then say
 * unicase, as a real file's do. Its header says WAL, as Anki's do.
 */
const SCHEMA_18 = `
CREATE TABLE deck_config (
  id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE nocase ,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL
);
CREATE TABLE config (
  KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL,
  val blob NOT NULL
) WITHOUT ROWID;
CREATE TABLE fields (
  ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE nocase ,
  config blob NOT NULL, PRIMARY KEY (ntid, ord)
) WITHOUT ROWID;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (
  ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE nocase ,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL,
  PRIMARY KEY (ntid, ord)
) WITHOUT ROWID;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE TABLE notetypes (
  id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE nocase ,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL
);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE TABLE decks (
  id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE nocase ,
  mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL
);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE tags (
  tag text NOT NULL PRIMARY KEY COLLATE nocase , usn integer NOT NULL,
  collapsed boolean NOT NULL, config blob NULL
) WITHOUT ROWID;
`;

const NOCASE = Buffer.from('COLLATE nocase ');
const UNICASE = Buffer.from('COLLATE unicase');

/** DeckKindContainer { Normal normal = 1 { int64 config_id = 1 }; Filtered filtered = 2 }. */
function deckKind(filtered: boolean): Uint8Array {
  const w = new BinaryWriter();
  if (filtered)
    w.tag(2, WireType.LengthDelimited).bytes(
      new BinaryWriter().tag(1, WireType.Varint).bool(true).finish(),
    );
  else
    w.tag(1, WireType.LengthDelimited).bytes(
      new BinaryWriter().tag(1, WireType.Varint).int64(1).finish(),
    );
  return w.finish();
}

/** Notetype.Config { Kind kind = 1 (0 normal, 1 cloze); string css = 3 }. */
function noteTypeConfig(cloze: boolean): Uint8Array {
  const w = new BinaryWriter();
  if (cloze) w.tag(1, WireType.Varint).int32(1);
  return w.tag(3, WireType.LengthDelimited).string('.card { font-family: arial; }').finish();
}

/** CardTemplate.Config { string q_format = 1; string a_format = 2 }. */
function templateConfig(qfmt: string, afmt: string): Uint8Array {
  return new BinaryWriter()
    .tag(1, WireType.LengthDelimited)
    .string(qfmt)
    .tag(2, WireType.LengthDelimited)
    .string(afmt)
    .finish();
}

/** Moves the database (a legacy collection made from `c`) to schema 18; its bytes. */
export function toSchema18(db: Database.Database, c: LegacyCollection): Buffer {
  const mtime = Math.floor(c.mod / 1000);
  db.exec(SCHEMA_18);
  const deck = db.prepare('INSERT INTO decks VALUES (?, ?, ?, 0, ?, ?)');
  for (const d of c.decks) {
    deck.run(d.id, d.name.replaceAll('::', '\x1f'), mtime, Buffer.alloc(0), deckKind(!!d.filtered));
  }
  const noteType = db.prepare('INSERT INTO notetypes VALUES (?, ?, ?, 0, ?)');
  const field = db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?)');
  const template = db.prepare('INSERT INTO templates VALUES (?, ?, ?, ?, 0, ?)');
  for (const m of c.noteTypes) {
    noteType.run(m.id, m.name, mtime, noteTypeConfig(m.cloze));
    for (const [ord, name] of m.fields.entries()) field.run(m.id, ord, name, Buffer.alloc(0));
    for (const [ord, t] of m.templates.entries()) {
      template.run(m.id, ord, t.name, mtime, templateConfig(t.qfmt, t.afmt));
    }
  }
  db.prepare('INSERT INTO config VALUES (?, 0, ?, ?)').run(
    'schedVer',
    mtime,
    Buffer.from(String(c.schedVer)),
  );
  db.exec("UPDATE col SET ver = 18, conf = '', models = '', decks = '', dconf = '', tags = ''");
  const bytes = db.serialize();
  for (let i = bytes.indexOf(NOCASE); i >= 0; i = bytes.indexOf(NOCASE, i + NOCASE.length)) {
    UNICASE.copy(bytes, i);
  }
  bytes[18] = 2;
  bytes[19] = 2;
  return bytes;
}
