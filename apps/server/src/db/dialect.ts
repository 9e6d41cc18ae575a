import { type Kysely, PostgresAdapter, sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key spelled for each dialect. */
export function idColumnType(dialect: DialectName) {
  return dialect === 'postgres' ? sql`serial` : sql`integer`;
}
