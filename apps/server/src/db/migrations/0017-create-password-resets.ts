import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * password_resets: the one-time links that set a forgotten password (by e-mail, or made by an
 * admin). Only the SHA-256 of each token is kept, so the table cannot be read back into links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('password_resets')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('made_by', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_resets_user_idx')
    .on('password_resets')
    .columns(['user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
