import { type Kysely, Migrator } from 'kysely';
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

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
