import Database from 'better-sqlite3';
import { AnkiRefusal } from './anki-refusal.js';

export type CollectionDb = Database.Database;

/**
 * Anki 2.1.28+ declares some text columns `COLLATE unicase`, a collation of its own that no
 * other SQLite has: SQLite then refuses every statement on those tables (better-sqlite3 cannot
 * add a collation). Those words are changed to NOCASE, of the same length, in the reader's own
 * copy of the file: in the schema, only those columns' ordering changes, and nothing here
 * sorts or compares by them (a note holding those very words would have them changed too).
 */
const UNICASE = Buffer.from('COLLATE unicase');
const NOCASE = Buffer.from('COLLATE nocase ');

/**
 * The collection's SQLite file opened from memory, read-only and with the schema untrusted, so
 * nothing in it runs: only SELECTs on tables checked to be tables (see requireTables) are made,
 * and no trigger fires on a read. A file that is not SQLite is refused as damaged. The bytes
 * are the reader's own (inflated from the package): they are changed in place, see below.
 */
export function openCollection(bytes: Uint8Array): CollectionDb {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Anki 2.1.50+ writes the collection in WAL mode (header bytes 18 and 19 are 2), which SQLite
  // cannot open from memory; 1 is the rollback journal, the same file otherwise.
  if (file[18] === 2 && file[19] === 2) {
    file[18] = 1;
    file[19] = 1;
  }
  for (let i = file.indexOf(UNICASE); i >= 0; i = file.indexOf(UNICASE, i + UNICASE.length)) {
    NOCASE.copy(file, i);
  }
  try {
    const db = new Database(file, { readonly: true });
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    // Reads the schema: a file that is not a database fails here.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (err) {
    throw sqliteFailure(err);
  }
}

/**
 * Each name must be a table: a view of the same name would run its own query when read, and
 * a collection without one of them is not a collection.
 */
export function requireTables(db: CollectionDb, names: string[]): void {
  const types = new Map<string, string>();
  try {
    const rows = db
      .prepare('SELECT name, type FROM sqlite_master WHERE type IN (?, ?)')
      .raw(true)
      .all('table', 'view') as [string, string][];
    for (const [name, type] of rows) types.set(name.toLowerCase(), type);
  } catch (err) {
    throw sqliteFailure(err);
  }
  for (const name of names) {
    if (types.get(name) !== 'table') throw new AnkiRefusal('anki_collection_damaged');
  }
}

/**
 * What an SQLite error means for the student: the process ran out of memory (left to the parse
 * pool, which reads it as too large), or the file is damaged.
 */
export function sqliteFailure(err: unknown): Error {
  if (err instanceof AnkiRefusal) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_NOMEM' || err instanceof RangeError) {
    return err instanceof Error ? err : new RangeError('out of memory');
  }
  return new AnkiRefusal('anki_collection_damaged');
}
