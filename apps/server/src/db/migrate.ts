import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './connect.js';
import { migrations } from './migrations/index.js';

/**
 * The migrator over this version's migrations. `schema` names the PostgreSQL schema the
 * bookkeeping tables live in: without it Kysely looks for them in every schema, so migrations
 * running side by side in separate schemas saw each other's tables.
 */
export const migratorFor = (db: Kysely<any>, schema?: string) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });

/**
 * Kysely's migrator looks its bookkeeping tables up in the catalog of every schema before it
 * takes its own lock, and that read fails ("could not open relation") when a migration in
 * another schema of the same database drops a table under it: two instances sharing one
 * database in separate schemas (PG_SCHEMA), or test workers. So every migration run here holds
 * one advisory lock of ours, on a connection of its own, around the whole migrator call.
 */
const SCHEMA_CHANGE_LOCK = 7_265_001_338n;

/** Runs `change` (a migrator call) while no other schema change of ours runs on the database. */
export async function withSchemaChangeLock<T>(db: Kysely<any>, change: () => Promise<T>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return change();
  return db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(${sql.lit(SCHEMA_CHANGE_LOCK)})`.execute(held);
    try {
      return await change();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(SCHEMA_CHANGE_LOCK)})`.execute(held);
    }
  });
}

/**
 * The migrations the database has run, with when, read from the bookkeeping table of the
 * schema queries run in (none when it is missing): the migrator's own read scans every
 * schema's catalog, too slow for a readiness probe and racing other schemas' migrations.
 */
async function executedMigrations(db: Pick<Db, 'db' | 'dialect'>): Promise<Map<string, Date>> {
  const exists =
    db.dialect === 'sqlite'
      ? sql`select 1 from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`
      : sql`select 1 from information_schema.tables
          where table_schema = current_schema() and table_name = ${DEFAULT_MIGRATION_TABLE}`;
  if ((await exists.execute(db.db)).rows.length === 0) return new Map();
  const rows = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db.db);
  return new Map(rows.rows.map((r) => [r.name, new Date(r.timestamp)]));
}

/** How many of this version's migrations have not run on the database (readiness). */
export async function pendingMigrations(db: Pick<Db, 'db' | 'dialect'>): Promise<number> {
  const executed = await executedMigrations(db);
  return Object.keys(migrations).filter((name) => !executed.has(name)).length;
}

/** Runs every pending migration; gives the names it ran. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = migratorFor(db, schema);
  const { error, results } = await withSchemaChangeLock(db, () => migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${errorText(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Reverts the last executed migration; gives its name, or undefined when none had run. */
export async function migrateDown(db: Kysely<any>, schema?: string): Promise<string | undefined> {
  const { error, results } = await withSchemaChangeLock(db, () =>
    migratorFor(db, schema).migrateDown(),
  );
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Reverting the migration failed${name}: ${errorText(error)}`, {
      cause: error,
    });
  }
  return results?.find((r) => r.status === 'Success')?.migrationName;
}

export interface MigrationState {
  name: string;
  /** When it ran; undefined while pending. */
  executedAt?: Date;
}

/**
 * Every migration of this version, executed or pending, in order; `unknown` names those the
 * database has run that this version does not know (a newer version migrated it).
 */
export async function migrationStatus(
  db: Pick<Db, 'db' | 'dialect'>,
): Promise<{ migrations: MigrationState[]; unknown: string[] }> {
  const executed = await executedMigrations(db);
  const names = Object.keys(migrations).sort();
  const known = new Set(names);
  return {
    migrations: names.map((name) => {
      const executedAt = executed.get(name);
      return { name, ...(executedAt ? { executedAt } : {}) };
    }),
    unknown: [...executed.keys()].filter((name) => !known.has(name)).sort(),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
