import { migratorFor, withSchemaChangeLock } from '../db/migrate.js';
import { emptyTestDb } from './test-db.js';

/**
 * A database migrated up to `before` only, for testing the next migration on data written
 * under the old schema: SQLite in memory, or a private PostgreSQL schema (dropped at the run's end).
 * `migrate(name)` runs the migrations up (or down) to `name`; `insertUser(name)` adds a student
 * with only the columns every schema version has, and gives its id.
 */
export async function databaseBefore(kind: 'sqlite' | 'postgres', before: string) {
  const db = await emptyTestDb(kind);
  const migrator = migratorFor(db.db, db.schema);
  const migrate = async (to: string) => {
    const { error } = await withSchemaChangeLock(db.db, () => migrator.migrateTo(to));
    if (error) throw error;
  };
  await migrate(before);
  const insertUser = async (name: string, at = '2026-11-01T10:00:00.000Z') => {
    const email = `${name.toLowerCase()}@example.com`;
    const row = await db.db
      .insertInto('users')
      .values({
        username: name.toLowerCase(),
        usernameNormalized: name.toLowerCase(),
        email,
        emailNormalized: email,
        firstName: name,
        lastName: 'Lee',
        passwordHash: 'x',
        role: 'user',
        notifyOnLesson: 0,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  return {
    db: db.db,
    migrate,
    insertUser,
    close: async () => {
      // The schema stays until the run's end, when the global setup drops the run's schemas.
      await db.close();
    },
  };
}
