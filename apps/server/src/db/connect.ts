import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/config.js';
import type { DialectName } from './dialect.js';
import type { Database } from './types.js';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the schema every query runs in, when one was chosen (`pgSchema`). */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: run every query inside this schema (tests isolate themselves this way). */
  pgSchema?: string;
}

export async function connectDatabase(
  target: DatabaseTarget,
  opts: ConnectOptions = {},
): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    });
    // Fail at start-up, not on the first request, when PostgreSQL cannot be reached.
    await sql`select 1`.execute(db);
    return {
      db,
      dialect: 'postgres',
      ...(opts.pgSchema ? { schema: opts.pgSchema } : {}),
      close: () => db.destroy(),
    };
  }
  if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  // better-sqlite3 compiles WAL with synchronous=NORMAL; FULL keeps acknowledged writes
  // through a power cut. Read back and checked, since a silent fallback would lose data.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  assertPragma(sqlite, 'synchronous', 2);
  assertPragma(sqlite, 'foreign_keys', 1);
  if (target.file !== ':memory:') assertPragma(sqlite, 'journal_mode', 'wal');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

function assertPragma(sqlite: SQLite.Database, name: string, expected: string | number): void {
  const actual = sqlite.pragma(name, { simple: true });
  if (actual !== expected) {
    throw new Error(`SQLite PRAGMA ${name} is ${String(actual)}, expected ${String(expected)}`);
  }
}

/** True when a trivial query succeeds (the health check). */
export async function isDatabaseUp(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
