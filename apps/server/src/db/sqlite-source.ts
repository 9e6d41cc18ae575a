import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely';
import { migrations } from './migrations/index.js';

/** A table of the app as the SQLite file holds it. */
export interface SourceTable {
  name: string;
  /** Every column, in the file's order. */
  columns: string[];
  /** The primary key's columns in key order; every column when a table has none. */
  orderBy: string[];
}

/** The migrations' own bookkeeping, which the target keeps for itself. */
const BOOKKEEPING = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A SQLite database opened to be read whole, as one snapshot: a read transaction holds the
 * write-ahead log at the moment it began, so the server may keep writing meanwhile and every
 * table is read as of the same instant. Integers come as bigints, so none loses digits.
 */
export function openSqliteSource(file: string) {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  let inSnapshot = false;

  return {
    /** Throws unless the file has run exactly this version's migrations. */
    assertCurrentSchema(): void {
      const hasTable = sqlite
        .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
        .get(DEFAULT_MIGRATION_TABLE);
      const ran = hasTable
        ? (sqlite
            .prepare(`select name from ${quote(DEFAULT_MIGRATION_TABLE)}`)
            .pluck()
            .all() as string[])
        : [];
      const known = Object.keys(migrations);
      const pending = known.filter((name) => !ran.includes(name));
      const unknown = ran.filter((name) => !known.includes(name));
      if (unknown.length > 0)
        throw new Error(
          `The SQLite database was migrated by a newer version (${unknown.join(', ')}): copy it with that version`,
        );
      if (pending.length > 0)
        throw new Error(
          `The SQLite database has ${pending.length} pending migration(s): run \`npm run db -- latest\` (or start the server once), then copy`,
        );
    },

    /**
     * The app's tables, each after the tables it refers to, so rows can be inserted table by
     * table with every foreign key checked; ties in name order.
     */
    tables(): SourceTable[] {
      const names = (
        sqlite
          .prepare(
            `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
          )
          .pluck()
          .all() as string[]
      ).filter((name) => !BOOKKEEPING.has(name));
      const info = new Map<string, SourceTable & { refers: Set<string> }>();
      for (const name of names) {
        const cols = sqlite.pragma(`table_info(${quote(name)})`) as { name: string; pk: number }[];
        const key = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
        const fks = sqlite.pragma(`foreign_key_list(${quote(name)})`) as { table: string }[];
        info.set(name, {
          name,
          columns: cols.map((c) => c.name),
          orderBy: (key.length > 0 ? key : cols).map((c) => c.name),
          refers: new Set(fks.map((f) => f.table).filter((t) => t !== name)),
        });
      }
      const ordered: SourceTable[] = [];
      const placed = new Set<string>();
      while (placed.size < info.size) {
        const ready = [...info.values()].find(
          (t) => !placed.has(t.name) && [...t.refers].every((r) => placed.has(r) || !info.has(r)),
        );
        if (!ready) throw new Error('The SQLite tables refer to each other in a cycle');
        placed.add(ready.name);
        ordered.push({ name: ready.name, columns: ready.columns, orderBy: ready.orderBy });
      }
      return ordered;
    },

    /** Starts the snapshot every later `rows` reads from. */
    beginSnapshot(): void {
      sqlite.exec('begin');
      // A deferred transaction takes its snapshot at its first read.
      sqlite.prepare('select count(*) from sqlite_master').get();
      inSnapshot = true;
    },

    /** The table's rows as arrays of `table.columns`, in primary-key order, one at a time. */
    rows(table: SourceTable): IterableIterator<unknown[]> {
      const cols = table.columns.map(quote).join(', ');
      const order = table.orderBy.map(quote).join(', ');
      return sqlite
        .prepare(`select ${cols} from ${quote(table.name)} order by ${order}`)
        .raw(true)
        .safeIntegers(true)
        .iterate() as IterableIterator<unknown[]>;
    },

    close(): void {
      if (inSnapshot) sqlite.exec('commit');
      inSnapshot = false;
      sqlite.close();
    },
  };
}
export type SqliteSource = ReturnType<typeof openSqliteSource>;
