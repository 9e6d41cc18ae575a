import type { Kysely } from 'kysely';

/**
 * A calendar subscribed by link: the link sealed (it is a secret: whoever has it reads the
 * calendar), its host shown instead, and the server's ETag and Last-Modified for the next read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['url_sealed', 'url_host', 'etag', 'last_modified'])
    await db.schema.alterTable('calendars').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['url_sealed', 'url_host', 'etag', 'last_modified'])
    await db.schema.alterTable('calendars').dropColumn(column).execute();
}
