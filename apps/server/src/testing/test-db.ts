import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/config.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
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
  const schema = await takeSchema(url);
  const db = await connectDatabase({ kind: 'postgres', url }, { pgSchema: schema });
  return {
    ...db,
    cleanup: async () => {
      await db.close();
      inUse.delete(schema);
    },
  };
}

/**
 * Migrating a PostgreSQL schema costs about 0.4 s and emptying one about 20 ms, so the schemas
 * are named by worker and place (`<run prefix>w<pool id>_<n>`), and a later test of the same
 * worker, in this file or the next, empties and takes the one it finds. None is dropped while
 * tests run: Kysely's migrator reads the tables of every schema, and a schema dropped under
 * that read fails it. The server project's global setup drops the run's schemas at its end.
 */
const inUse = new Set<string>();
const skipped = new Set<string>();

/** The prefix of this run's schemas, set by the global setup (one run's, never another's). */
export function testSchemaPrefix(): string {
  return process.env.STUDYBUDDY_TEST_SCHEMAS ?? 't_';
}

/** A new schema name in this run's prefix, for a test that wants one of its own. */
export function newTestSchemaName(): string {
  return `${testSchemaPrefix()}${randomBytes(6).toString('hex')}`;
}

async function takeSchema(url: string): Promise<string> {
  const worker = process.env.VITEST_POOL_ID;
  if (worker === undefined) return newMigratedSchema(url, newTestSchemaName());
  for (let n = 0; ; n++) {
    const schema = `${testSchemaPrefix()}w${worker}_${n}`;
    if (inUse.has(schema) || skipped.has(schema)) continue;
    inUse.add(schema);
    const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (found.rowCount === 0) {
        await admin.end();
        return await newMigratedSchema(url, schema);
      }
      if (await emptied(admin, schema)) return schema;
    } finally {
      await admin.end().catch(() => {});
    }
    // A test reverted a migration there or restored an older backup: not reused.
    inUse.delete(schema);
    skipped.add(schema);
  }
}

async function newMigratedSchema(url: string, schema: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await connectDatabase({ kind: 'postgres', url }, { pgSchema: schema });
  try {
    await migrateToLatest(db.db, schema);
  } finally {
    await db.close();
  }
  return schema;
}

const MIGRATION_COUNT = Object.keys(migrations).length;

/** Truncates every table of the schema when its migrations are exactly this version's. */
async function emptied(admin: pg.Client, schema: string): Promise<boolean> {
  try {
    const ran = await admin.query<{ n: string }>(
      `select count(*) as n from ${schema}.${DEFAULT_MIGRATION_TABLE}`,
    );
    if (Number(ran.rows[0]?.n) !== MIGRATION_COUNT) return false;
    const tables = await admin.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`,
      [schema],
    );
    if (tables.rows.length === 0) return false;
    const list = tables.rows.map((t) => `${schema}."${t.name}"`).join(', ');
    await admin.query(`truncate ${list} restart identity cascade`);
    return true;
  } catch {
    return false;
  }
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
