import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Prepared statements kept per database: the app's queries are a few hundred shapes. */
const STATEMENTS_KEPT = 500;

/** A statement that changes the schema: every kept statement is prepared again after it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * What Kysely's SQLite dialect runs its queries on, made cheaper in two ways:
 *
 * - Kysely prepares every query anew; SQLite compiling the same SQL again and again was a tenth
 *   of a busy server's time. This keeps each SQL text's statement (past the limit, e.g. IN lists of
 *   many lengths, one not used lately goes). Sharing a statement is safe: Kysely runs one query at a time
 *   on the one SQLite connection, and SQLite recompiles a statement by itself when the schema
 *   changes under it. A hit only marks the statement used: moving it to the map's end on every
 *   query (a strict least-recently-used order) cost a microsecond.
 * - better-sqlite3 builds each row object in C++, making every column's name string anew for
 *   every row: about a sixth of a one-row read and a third of a many-row one. A reading
 *   statement here returns arrays instead (better-sqlite3's raw mode), made into objects in
 *   JavaScript with the names read once (rows.ts).
 *
 * The names a statement answers can change only with the schema: a schema change run through
 * here (the migrations) drops every kept statement, and a row of another length than the names
 * (a column added or dropped by another connection under `select *`) reads the names again.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, { statement: SqliteStatement; used: boolean }>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const found = kept.get(text);
      if (found) {
        found.used = true;
        return found.statement;
      }
      if (SCHEMA_CHANGE.test(text)) {
        kept.clear();
        return sqlite.prepare(text);
      }
      const statement = keptStatement(sqlite.prepare(text));
      kept.set(text, { statement, used: false });
      if (kept.size > STATEMENTS_KEPT) evictOne(kept);
      return statement;
    },
  };
}

/**
 * Drops the oldest statement not used since it was last passed over (a "second chance", like
 * a clock): nearly least-recently-used, without reordering the map on every query.
 */
function evictOne(kept: Map<string, { used: boolean }>): void {
  for (const [text, entry] of kept) {
    kept.delete(text);
    if (!entry.used) return;
    entry.used = false;
    kept.set(text, entry);
  }
}

function keptStatement(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let names = columnNames(statement);
  /** The row as an object; the names read again when its length says the schema changed. */
  const toObject = (row: unknown[]): Record<string, unknown> => {
    if (row.length !== names.length) names = columnNames(statement);
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) object[names[i] as string] = row[i];
    return object;
  };
  return {
    reader: true,
    run: (parameters) => statement.run(parameters),
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      const objects = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i++) objects[i] = toObject(rows[i] as unknown[]);
      return objects;
    },
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>)
        yield toObject(row);
    },
  };
}

const columnNames = (statement: SQLite.Statement): string[] =>
  statement.columns().map((column) => column.name);
