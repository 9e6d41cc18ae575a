import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../config/config.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/types.js';

export type DbKind = 'sqlite' | 'postgres';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. An unreachable PostgreSQL then
 * fails the run instead of being skipped.
 */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDb extends Db {
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: SQLite in memory (in `sqliteFile` when given, for a test about
 * what the files hold), or a private schema in PostgreSQL.
 */
export async function createTestDb(kind: DbKind, sqliteFile?: string): Promise<TestDb> {
  if (kind === 'sqlite') {
    const db = await connectDatabase({ kind: 'sqlite', file: sqliteFile ?? ':memory:' });
    await migrateToLatest(db.db);
    return { ...db, cleanup: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await connectDatabase({ kind: 'postgres', url }, { pgSchema: schema });
  await migrateToLatest(db.db, schema);
  return {
    ...db,
    cleanup: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** Rows in a table, to prove that a refused request changed nothing. */
export async function countRows(db: TestDb, table: keyof Database): Promise<number> {
  const row = await db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A fresh test database with the target a backup or a copy names it by: SQLite in
 * `dir/studybuddy.db`, or a private schema in the PostgreSQL test database.
 */
export async function createTestDbAt(
  kind: DbKind,
  dir: string,
): Promise<{ db: TestDb; target: DatabaseTarget }> {
  if (kind === 'sqlite') {
    const file = join(dir, 'studybuddy.db');
    return { db: await createTestDb(kind, file), target: { kind, file } };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  return { db: await createTestDb(kind), target: { kind, url } };
}
