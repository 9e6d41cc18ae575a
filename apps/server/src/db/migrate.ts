import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * Brings the schema up to date; throws with the failing migration's name. `schema` names the
 * PostgreSQL schema the bookkeeping tables live in: without it Kysely looks for them in every
 * schema, so migrations running side by side in separate schemas saw each other's tables.
 */
/** The migrator over this version's migrations (`schema`: see migrateToLatest). */
export const migratorFor = (db: Kysely<any>, schema?: string) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });

/** How many of this version's migrations have not run on the database (readiness). */
export async function pendingMigrations(db: Kysely<any>, schema?: string): Promise<number> {
  const all = await migratorFor(db, schema).getMigrations();
  return all.filter((m) => m.executedAt === undefined).length;
}

/** Runs every pending migration; gives the names it ran. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${errorText(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Reverts the last executed migration; gives its name, or undefined when none had run. */
export async function migrateDown(db: Kysely<any>, schema?: string): Promise<string | undefined> {
  const { error, results } = await migratorFor(db, schema).migrateDown();
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
  db: Kysely<any>,
  schema?: string,
): Promise<{ migrations: MigrationState[]; unknown: string[] }> {
  const all = await migratorFor(db, schema).getMigrations();
  const migrations = all.map((m) => ({
    name: m.name,
    ...(m.executedAt ? { executedAt: m.executedAt } : {}),
  }));
  let unknown: string[] = [];
  if (migrations.some((m) => m.executedAt)) {
    const table = schema ? db.withSchema(schema) : db;
    const rows = await table.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
    const known = new Set(migrations.map((m) => m.name));
    unknown = rows.map((r) => String(r.name)).filter((name) => !known.has(name));
  }
  return { migrations, unknown };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
