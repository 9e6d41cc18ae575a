import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Two-step sign-in (TOTP, RFC 6238): the account's secret, sealed with a key derived from the
 * server's secret (never stored readable), the one being set up until its first code confirms
 * it, when it was turned on, and the last time step a code was used for (a code works once).
 * recovery_codes: ten per account, each stored as a SHA-256, each used once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  for (const column of ['totp_secret', 'totp_pending_secret', 'totp_enabled_at'])
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_idx')
    .on('recovery_codes')
    .columns(['user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending_secret', 'totp_secret'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
