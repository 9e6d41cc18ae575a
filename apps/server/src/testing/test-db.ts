import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { DatabaseTarget } from '../config/config.js';
import { listAppTables } from '../db/app-tables.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import type { Database } from '../db/types.js';
import { asAdmin } from './scratch-database.js';

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
  const { schema, isNew } = await takeSchema();
  const db = await connectDatabase({ kind: 'postgres', url }, { pgSchema: schema });
  try {
    if (isNew) await migrateToLatest(db.db, schema);
    else await emptyTables(db);
  } catch (error) {
    await db.close();
    inUse.delete(schema);
    throw error;
  }
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

/**
 * A database no migration has run on: SQLite in memory, or a new schema of its own in the
 * PostgreSQL test database (dropped at the run's end), which `db.schema` names.
 */
export async function emptyTestDb(kind: DbKind): Promise<Db> {
  if (kind === 'sqlite') return connectDatabase({ kind, file: ':memory:' });
  const schema = newTestSchemaName();
  await asAdmin((admin) => admin.query(`create schema ${schema}`));
  return connectDatabase(
    { kind, url: process.env.TEST_DATABASE_URL as string },
    { pgSchema: schema },
  );
}

const MIGRATION_COUNT = Object.keys(migrations).length;

/**
 * This worker's first schema that is free and migrated exactly as this version (a test may
 * have reverted a migration there, or restored an older backup: that one is passed over), or
 * a new, empty one. Outside Vitest's workers, always a new one.
 */
async function takeSchema(): Promise<{ schema: string; isNew: boolean }> {
  const worker = process.env.VITEST_POOL_ID;
  return asAdmin(async (admin) => {
    for (let n = 0; ; n++) {
      const schema =
        worker === undefined ? newTestSchemaName() : `${testSchemaPrefix()}w${worker}_${n}`;
      if (inUse.has(schema) || skipped.has(schema)) continue;
      const found = await admin.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (found.rowCount === 0) {
        await admin.query(`create schema ${schema}`);
        inUse.add(schema);
        return { schema, isNew: true };
      }
      const ran = await admin
        .query<{ n: string }>(`select count(*) as n from ${schema}.${DEFAULT_MIGRATION_TABLE}`)
        .catch(() => undefined);
      if (Number(ran?.rows[0]?.n) === MIGRATION_COUNT) {
        inUse.add(schema);
        return { schema, isNew: false };
      }
      skipped.add(schema);
    }
  });
}

/**
 * Empties every table a test may have written to, restarting their ids. Deleting the few rows a
 * test leaves, children before parents, takes about 2 ms; TRUNCATE took 80 (it gives each table
 * new files). The order and the sequences are the same for every schema of this version, so they
 * are read once. A schema whose foreign keys form a cycle is truncated.
 */
async function emptyTables(db: Db): Promise<void> {
  // A failed read is not kept: the next test reads again.
  emptying ??= emptyingStatements(db).catch((error: unknown) => {
    emptying = undefined;
    throw error;
  });
  const statements = await emptying;
  if (statements) await sql.raw(statements).execute(db.db);
  else {
    const tables = await listAppTables(db);
    await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(
      db.db,
    );
  }
}

let emptying: Promise<string | null> | undefined;

/** One batch of DELETEs, each table after those that refer to it, and sequence restarts. */
async function emptyingStatements(db: Db): Promise<string | null> {
  const tables = await listAppTables(db);
  const refs = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`.execute(db.db);
  const sequences = await sql<{ name: string }>`
    select sequencename as name from pg_sequences where schemaname = current_schema()`.execute(
    db.db,
  );
  // Children first: a table goes once every table that refers to it has gone.
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const ready = [...left].filter(
      (t) => !refs.rows.some((r) => r.parent === t && r.child !== t && left.has(r.child)),
    );
    if (ready.length === 0) return null;
    for (const t of ready) {
      order.push(t);
      left.delete(t);
    }
  }
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return [
    ...order.map((t) => `delete from ${quote(t)};`),
    ...sequences.rows.map((q) => `alter sequence ${quote(q.name)} restart;`),
  ].join(' ');
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
